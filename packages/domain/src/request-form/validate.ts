import { MESSAGES } from '../messages';
import { findRichTextProblem } from '../rich-text/delta';
import { contractOwnOrigin } from '../rich-text/schema';
import { EMAIL_PATTERN } from '../rules/email';
import type { Answers, AnswerValue, Question, QuestionForm } from './question';
import { flattenQuestions, isAnswerable, rangeAnswerSchema } from './question';
import { isAnswerEmpty, visibleQuestions } from './visibility';

export type ValidateAnswersOptions = {
  /**
   * The final answer rather than a saved draft: submitRequired questions become mandatory. A request is final when
   * its brief is submitted (status new); a form answer is always final (its partial drafts are not validated).
   */
  submitting: boolean;
  /** Today as YYYY-MM-DD in the user's calendar; dates before it are refused. */
  today: string;
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

function isValidDate(text: string): boolean {
  return ISO_DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

function toNumber(value: AnswerValue): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    return Number(value);
  }
  return null;
}

function checkNumber(value: AnswerValue): string | undefined {
  const n = toNumber(value);
  if (n === null) {
    return MESSAGES.invalidAnswer;
  }
  return n < 0 ? MESSAGES.negativeNumber : undefined;
}

function checkDate(value: AnswerValue, today: string): string | undefined {
  if (typeof value !== 'string' || !isValidDate(value)) {
    return MESSAGES.invalidAnswer;
  }
  // ISO dates compare correctly as strings.
  return value < today ? MESSAGES.pastDate : undefined;
}

function checkRange(value: AnswerValue, side: (v: AnswerValue) => string | undefined): string | undefined {
  const range = rangeAnswerSchema.safeParse(value);
  if (!range.success) {
    return MESSAGES.invalidAnswer;
  }
  const { min, max } = range.data;
  const error = (min === null ? undefined : side(min)) ?? (max === null ? undefined : side(max));
  if (error) {
    return error;
  }
  if (min !== null && max !== null) {
    const reversed = typeof min === 'number' || typeof max === 'number' ? Number(max) < Number(min) : max < min;
    return reversed ? MESSAGES.rangeReversed : undefined;
  }
  return undefined;
}

function checkChoices(question: Question, value: AnswerValue, many: boolean): string | undefined {
  const values = new Set((question.options ?? []).map((o) => o.value));
  if (!many) {
    return typeof value === 'string' && values.has(value) ? undefined : MESSAGES.invalidOption;
  }
  if (!Array.isArray(value) || new Set(value).size !== value.length || value.some((v) => !values.has(v))) {
    return MESSAGES.invalidOption;
  }
  const unique = new Set((question.options ?? []).filter((o) => o.unique).map((o) => o.value));
  if (value.length > 1 && value.some((v) => unique.has(v))) {
    return MESSAGES.invalidOption;
  }
  if (question.max !== undefined && value.length > question.max) {
    return MESSAGES.tooManyOptions(question.max);
  }
  return undefined;
}

function checkInput(question: Question, value: AnswerValue): string | undefined {
  if (question.mode === 'range') {
    return checkRange(value, checkNumber);
  }
  if (question.inputType === 'number' || question.mask === 'currency') {
    return checkNumber(value);
  }
  if (typeof value !== 'string') {
    return MESSAGES.invalidAnswer;
  }
  if (question.inputType === 'email' && !EMAIL_PATTERN.test(value.trim())) {
    return MESSAGES.invalidEmail;
  }
  return undefined;
}

/** The message for a non-empty answer of a visible question, or undefined when it is acceptable. */
function checkAnswer(question: Question, value: AnswerValue, today: string): string | undefined {
  switch (question.type) {
    case 'input':
      return checkInput(question, value);
    case 'textArea':
      return typeof value === 'string' ? undefined : MESSAGES.invalidAnswer;
    case 'textEditor':
      // A rich-text answer is stored and rendered like any other delta: the same rules (rich-text/).
      return typeof value === 'string'
        ? undefined
        : (findRichTextProblem(value, { isOwnOrigin: contractOwnOrigin }) ?? undefined);
    case 'radio':
      return checkChoices(question, value, false);
    case 'select':
      return checkChoices(question, value, question.mode === 'multiple');
    case 'checkbox':
      return checkChoices(question, value, true);
    case 'date':
      if (question.mode === 'range') {
        return checkRange(value, (v) => checkDate(v, today));
      }
      if (question.mode === 'time') {
        return typeof value === 'string' && TIME_OF_DAY.test(value) ? undefined : MESSAGES.invalidAnswer;
      }
      return checkDate(value, today);
    case 'upload':
      // An upload answer lists upload uuids, once each; whether they name files the writer may attach is the
      // attaching code's check (it runs in the write's transaction).
      return Array.isArray(value) && value.every((v) => UUID.test(v)) && new Set(value).size === value.length
        ? undefined
        : MESSAGES.invalidAnswer;
    default:
      return MESSAGES.invalidAnswer;
  }
}

/**
 * Validates answers against a form (doc 2 §5), the same way in the browser and on the server. Returns a message per
 * question name; an empty object means the answers are acceptable. Hidden questions are never validated (store
 * `pruneHiddenAnswers` so their answers are dropped); names that are not answerable questions of the form are
 * refused, so a client cannot store data the form does not ask for.
 */
export function validateAnswers(
  form: QuestionForm,
  answers: Answers,
  options: ValidateAnswersOptions,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(
    flattenQuestions(form)
      .filter(isAnswerable)
      .map((q) => q.name),
  );
  for (const name of Object.keys(answers)) {
    if (!known.has(name)) {
      errors[name] = MESSAGES.unknownQuestion;
    }
  }
  for (const question of visibleQuestions(form, answers)) {
    if (!isAnswerable(question)) {
      continue;
    }
    const value = answers[question.name];
    if (value === undefined || isAnswerEmpty(value)) {
      if (question.required) {
        errors[question.name] = MESSAGES.required;
      } else if (question.submitRequired && options.submitting) {
        errors[question.name] = MESSAGES.requiredOnSubmit;
      }
      continue;
    }
    const message = checkAnswer(question, value, options.today);
    if (message) {
      errors[question.name] = message;
    }
  }
  return errors;
}

/**
 * The questions the alert-submit warns about (doc 2 §5): visible, not uploads, not marked optional, offering more
 * than one option, and left empty. Each shows MESSAGES.optionalButCheck before the brief is submitted anyway.
 */
export function optionalButEmpty(form: QuestionForm, answers: Answers): string[] {
  return visibleQuestions(form, answers)
    .filter(
      (q) =>
        isAnswerable(q) &&
        q.type !== 'upload' &&
        !q.optionalLabel &&
        (q.options?.length ?? 0) > 1 &&
        isAnswerEmpty(answers[q.name]),
    )
    .map((q) => q.name);
}

/**
 * A form answer (issue 20) through the same engine: always final, so submitRequired questions count as required.
 * Kept beside validateAnswers so the two cannot drift apart (validate.shared.test.ts runs one table through both).
 */
export function validateFormAnswer(form: QuestionForm, answers: Answers, today: string): Record<string, string> {
  return validateAnswers(form, answers, { submitting: true, today });
}

/**
 * How much of an answer is filled in, as a whole percentage: answered visible answerable questions over all visible
 * answerable ones (follow-ups count only when shown). A form without answerable questions is complete.
 */
export function answerCompletion(form: QuestionForm, answers: Answers): number {
  const asked = visibleQuestions(form, answers).filter(isAnswerable);
  if (asked.length === 0) {
    return 100;
  }
  const answered = asked.filter((q) => !isAnswerEmpty(answers[q.name])).length;
  return Math.floor((answered * 100) / asked.length);
}
