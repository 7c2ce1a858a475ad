import type { Answers, AnswerValue, Question, QuestionForm } from './question';
import { isAnswerable } from './question';

/** True when an answer holds nothing: no value, blank text, no selection, an empty range or an empty rich text. */
export function isAnswerEmpty(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) {
    return true;
  }
  if (typeof value === 'string') {
    return value.trim() === '';
  }
  if (typeof value === 'number') {
    return Number.isNaN(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0;
  }
  if ('ops' in value) {
    return value.ops.every((op) => typeof op.insert === 'string' && op.insert.trim() === '');
  }
  return isAnswerEmpty(value.min ?? null) && isAnswerEmpty(value.max ?? null);
}

function matchesValue(answer: AnswerValue | undefined, value: string | null): boolean {
  if (value === null) {
    return isAnswerEmpty(answer);
  }
  if (Array.isArray(answer)) {
    return answer.includes(value);
  }
  if (typeof answer === 'string' || typeof answer === 'number') {
    return String(answer) === value;
  }
  return false;
}

/**
 * The question's own rule (doc 2 §4 "Form question visibility"): the answer equals or contains one of the values;
 * operator 'and' requires all of them; null stands for an empty answer. A question without a rule is visible.
 * Answers of hidden questions must already be gone (see `pruneHiddenAnswers`) for chains of follow-ups to hide too.
 */
export function isQuestionVisible(question: Question, answers: Answers): boolean {
  const rule = question.visible;
  if (!rule) {
    return true;
  }
  const answer = answers[rule.field];
  const test = (value: string | null) => matchesValue(answer, value);
  return rule.operator === 'and' ? rule.values.every(test) : rule.values.some(test);
}

/**
 * Walks the form in order and keeps what is visible, treating the answer of a hidden question as empty so a
 * follow-up of a hidden follow-up hides as well. A hidden formGroup hides its children. Rules point at earlier
 * questions (the catalogue test enforces it), so one pass is enough.
 */
function walkVisible(form: readonly Question[], answers: Answers): { questions: Question[]; effective: Answers } {
  const effective: Answers = { ...answers };
  const questions: Question[] = [];
  const hide = (q: Question) => {
    delete effective[q.name];
    for (const child of q.children ?? []) {
      hide(child);
    }
  };
  const visit = (list: readonly Question[]) => {
    for (const q of list) {
      if (!isQuestionVisible(q, effective)) {
        hide(q);
        continue;
      }
      if (q.type === 'formGroup') {
        visit(q.children ?? []);
      } else {
        questions.push(q);
      }
    }
  };
  visit(form);
  return { questions, effective };
}

/** The visible questions, formGroups flattened into their children (headers included, groups themselves not). */
export function visibleQuestions(form: QuestionForm, answers: Answers): Question[] {
  return walkVisible(form, answers).questions;
}

/** The answers without those of hidden questions: what is stored and what later rules are evaluated against. */
export function pruneHiddenAnswers(form: QuestionForm, answers: Answers): Answers {
  const visible = new Set(
    visibleQuestions(form, answers)
      .filter(isAnswerable)
      .map((q) => q.name),
  );
  return Object.fromEntries(Object.entries(answers).filter(([name]) => visible.has(name)));
}

export type WizardStep = { index: number; title: string; questions: Question[] };

/**
 * The pages of the multi-step wizard variant, in step order, each with its visible questions. A step whose
 * questions are all hidden is left out, so Back and Next skip it. Questions without a step join the step before.
 */
export function wizardSteps(form: QuestionForm, answers: Answers): WizardStep[] {
  const visible = new Set(visibleQuestions(form, answers));
  const steps: WizardStep[] = [];
  let current: WizardStep | undefined;
  const collect = (q: Question): Question[] =>
    q.type === 'formGroup' ? (q.children ?? []).flatMap(collect) : visible.has(q) ? [q] : [];
  for (const q of form) {
    if (q.step && q.step.index !== current?.index) {
      current = steps.find((s) => s.index === q.step?.index);
      if (!current) {
        current = { index: q.step.index, title: q.step.title, questions: [] };
        steps.push(current);
      }
    }
    if (!current) {
      current = { index: 0, title: '', questions: [] };
      steps.push(current);
    }
    current.questions.push(...collect(q));
  }
  return steps.filter((s) => s.questions.some(isAnswerable)).sort((a, b) => a.index - b.index);
}
