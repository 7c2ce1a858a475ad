import type { Question } from './question';

/**
 * Clicks on a checkbox (or multiple-select) option, doc 2 §4/§5: a selected option is deselected; a unique option
 * ('Not sure') replaces every other choice and any other choice drops the unique ones; a choice beyond `max` is
 * refused (the selection stays as it was). Values that are not options of the question are ignored.
 */
export function toggleOption(question: Question, current: readonly string[], value: string): string[] {
  if (current.includes(value)) {
    return current.filter((v) => v !== value);
  }
  const options = question.options ?? [];
  const option = options.find((o) => o.value === value);
  if (!option) {
    return [...current];
  }
  if (option.unique) {
    return [value];
  }
  const uniqueValues = new Set(options.filter((o) => o.unique).map((o) => o.value));
  const next = [...current.filter((v) => !uniqueValues.has(v)), value];
  if (question.max !== undefined && next.length > question.max) {
    return [...current];
  }
  return next;
}

/** Clicking the selected radio option clears it (doc 2 §5); any other click selects that option. */
export function toggleRadio(current: string | null | undefined, value: string): string | null {
  return current === value ? null : value;
}
