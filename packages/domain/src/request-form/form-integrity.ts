import { flattenQuestions, type Question } from './question';

/**
 * Answers are keyed by question name and follow-ups point at names, so across the whole form (nested questions
 * included) names must be unique and every visibility rule must name a question of the form. The schema checks
 * each question alone; this checks that they hold together.
 */
export function isCoherentForm(form: readonly Question[]): boolean {
  const questions = flattenQuestions(form);
  const names = new Set(questions.map((q) => q.name));
  return names.size === questions.length && questions.every((q) => !q.visible || names.has(q.visible.field));
}
