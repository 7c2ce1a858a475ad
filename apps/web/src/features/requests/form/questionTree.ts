import type { Question, RequestForm, WizardStep } from '@portal/domain';
import { type Answers, visibleQuestions } from '@portal/domain';

/** One drawn question; a formGroup keeps its visible children so its row/column/grid layout can be applied. */
export interface QuestionNode {
  question: Question;
  children: QuestionNode[];
}

/**
 * The form as drawn: what the domain's `visibleQuestions` keeps, in form order, with formGroups as containers. A
 * group whose children are all hidden disappears with them.
 */
export function visibleTree(form: RequestForm, answers: Answers): QuestionNode[] {
  const visible = new Set(visibleQuestions(form, answers));
  const build = (list: readonly Question[]): QuestionNode[] =>
    list.flatMap((question) => {
      if (question.type === 'formGroup') {
        const children = build(question.children ?? []);
        return children.length > 0 ? [{ question, children }] : [];
      }
      return visible.has(question) ? [{ question, children: [] }] : [];
    });
  return build(form);
}

/** Whether the form is drawn as the multi-step wizard: some question opens a step. */
export function isWizardForm(form: RequestForm): boolean {
  return form.some((question) => question.step !== undefined);
}

/**
 * The step shown for `current` (a step index). Steps come from the domain's `wizardSteps`, which already leaves out
 * steps whose questions are all hidden; when the current one has just been hidden, the next remaining one shows.
 */
export function shownStep(steps: readonly WizardStep[], current: number): WizardStep | undefined {
  return steps.find((s) => s.index === current) ?? steps.find((s) => s.index > current) ?? steps.at(-1);
}

/** Next (1) or Back (-1) from the step at `current`: the nearest remaining step that way, or null at either end. */
export function neighbourStep(steps: readonly WizardStep[], current: number, direction: 1 | -1): number | null {
  const found = direction === 1 ? steps.find((s) => s.index > current) : steps.findLast((s) => s.index < current);
  return found ? found.index : null;
}

/** The first step holding a question with an error, so a refused submit shows where to look. */
export function firstStepWithError(
  steps: readonly WizardStep[],
  errors: Readonly<Record<string, string>>,
): number | null {
  const step = steps.find((s) => s.questions.some((q) => errors[q.name] !== undefined));
  return step ? step.index : null;
}

/** The errors of one step's questions only (Next checks the page it leaves). */
export function stepErrors(step: WizardStep, errors: Readonly<Record<string, string>>): Record<string, string> {
  const names = new Set(step.questions.map((q) => q.name));
  return Object.fromEntries(Object.entries(errors).filter(([name]) => names.has(name)));
}
