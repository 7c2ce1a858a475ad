import { z } from 'zod';
import { catalogueImageUrlSchema } from '../rich-text/schema';
import { QUESTION_MODES, QUESTION_TYPES } from '../statuses';

/**
 * The questionnaire of a request type (doc 2 §3 "Question"), and the questions of a form (issue 20). A form is data:
 * admins edit it in the catalogue or the form builder, the web app renders it and the API validates answers against
 * it, so the schema lives here where both sides agree on it.
 */

export type QuestionType = (typeof QUESTION_TYPES)[number];

/**
 * How a question is drawn (QUESTION_MODES): simple (plain control), pill / square (option buttons), multiple
 * (multi-select dropdown), range (two values: a number range for inputs, a date range for dates), time (a
 * time-of-day picker on a date question).
 */
export type QuestionMode = (typeof QUESTION_MODES)[number];

export const QUESTION_INPUT_TYPES = ['text', 'number', 'email', 'url', 'tel'] as const;
export type QuestionInputType = (typeof QUESTION_INPUT_TYPES)[number];

export const QUESTION_LAYOUTS = ['row', 'column', 'grid'] as const;
export type QuestionLayoutType = (typeof QUESTION_LAYOUTS)[number];

/** Question types that hold an answer; header and formGroup only structure the form. */
export const ANSWERABLE_QUESTION_TYPES = [
  'input',
  'select',
  'radio',
  'checkbox',
  'textEditor',
  'date',
  'upload',
  'textArea',
] as const satisfies readonly QuestionType[];

/** Question names are answer keys and visible-rule targets: snake_case, stable across edits of the label. */
export const QUESTION_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;

export const questionOptionSchema = z.object({
  label: z.string().min(1),
  value: z.string().min(1),
  icon: z.string().optional(),
  imageUrl: catalogueImageUrlSchema.optional(),
  /** Choosing a unique option ('Not sure', 'None') clears the others, and choosing another clears it. */
  unique: z.boolean().optional(),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

/**
 * Show the question only when the answer of `field` matches: equals (or, for lists, contains) one of `values`;
 * operator 'and' requires all of them. A null value matches an empty answer.
 */
export const visibleRuleSchema = z.object({
  field: z.string().regex(QUESTION_NAME_PATTERN),
  values: z.array(z.string().nullable()).min(1),
  operator: z.enum(['and', 'or']).optional(),
});
export type VisibleRule = z.infer<typeof visibleRuleSchema>;

export const questionLayoutSchema = z.object({
  type: z.enum(QUESTION_LAYOUTS),
  /** Grid columns on wide screens; every layout collapses to one column on narrow ones. */
  columns: z.number().int().min(1).max(4).optional(),
});
export type QuestionLayout = z.infer<typeof questionLayoutSchema>;

/** The multi-step wizard variant: questions with the same step index form one page, titled by the step title. */
export const questionStepSchema = z.object({
  index: z.number().int().min(0),
  title: z.string().min(1),
});
export type QuestionStep = z.infer<typeof questionStepSchema>;

export type Question = {
  name: string;
  label: string;
  type: QuestionType;
  mode?: QuestionMode;
  options?: QuestionOption[];
  /** Most selections a checkbox (or multiple select) takes. */
  max?: number;
  mask?: 'currency';
  inputType?: QuestionInputType;
  placeholder?: string;
  /** Long option lists scroll inside the question instead of growing the page. */
  scroll?: boolean;
  /** Needed only when the brief is submitted; a draft may leave it empty. */
  submitRequired?: boolean;
  /** Shows "(optional)" after the label and exempts the question from the optional-but-empty alert. */
  optionalLabel?: boolean;
  required?: boolean;
  /** Indents the question horizontally (used for follow-ups under the question they depend on). */
  marginX?: boolean;
  layout?: QuestionLayout;
  visible?: VisibleRule;
  /** The questions of a formGroup. */
  children?: Question[];
  step?: QuestionStep;
};

export const questionSchema: z.ZodType<Question> = z.lazy(() =>
  z.object({
    name: z.string().regex(QUESTION_NAME_PATTERN),
    label: z.string(),
    type: z.enum(QUESTION_TYPES),
    mode: z.enum(QUESTION_MODES).optional(),
    options: z.array(questionOptionSchema).optional(),
    max: z.number().int().min(1).optional(),
    mask: z.literal('currency').optional(),
    inputType: z.enum(QUESTION_INPUT_TYPES).optional(),
    placeholder: z.string().optional(),
    scroll: z.boolean().optional(),
    submitRequired: z.boolean().optional(),
    optionalLabel: z.boolean().optional(),
    required: z.boolean().optional(),
    marginX: z.boolean().optional(),
    layout: questionLayoutSchema.optional(),
    visible: visibleRuleSchema.optional(),
    children: z.array(questionSchema).optional(),
    step: questionStepSchema.optional(),
  }),
);

export const requestFormSchema = z.array(questionSchema);
/**
 * A list of questions: a request type's questionnaire or a form's (issue 20). One model, one engine; RequestForm is
 * the older name the request code uses.
 */
export type QuestionForm = Question[];
export type RequestForm = QuestionForm;

/** Quill's rich-text delta, as the textEditor question stores it. */
export const deltaSchema = z.object({
  ops: z.array(z.object({ insert: z.unknown(), attributes: z.record(z.string(), z.unknown()).optional() })),
});
export type Delta = z.infer<typeof deltaSchema>;

/** A range answer: numbers for a range input, YYYY-MM-DD strings for a date range. */
export const rangeAnswerSchema = z.object({
  min: z.union([z.number(), z.string()]).nullable(),
  max: z.union([z.number(), z.string()]).nullable(),
});
export type RangeAnswer = z.infer<typeof rangeAnswerSchema>;

export const answerValueSchema = z.union([
  z.string(),
  z.number(),
  z.array(z.string()),
  rangeAnswerSchema,
  deltaSchema,
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

/** Answers keyed by question name. */
export const answersSchema = z.record(z.string(), answerValueSchema);
export type Answers = Record<string, AnswerValue>;

export function isAnswerable(question: Question): boolean {
  return (ANSWERABLE_QUESTION_TYPES as readonly QuestionType[]).includes(question.type);
}

/** Every question of the form in order, formGroups followed by their children (depth first). */
export function flattenQuestions(form: readonly Question[]): Question[] {
  return form.flatMap((q) => [q, ...flattenQuestions(q.children ?? [])]);
}
