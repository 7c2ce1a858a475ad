import {
  flattenQuestions,
  QUESTION_NAME_PATTERN,
  type Question,
  type QuestionOption,
  type QuestionType,
  type VisibleRule,
} from '@portal/domain';

/**
 * The form builder's edits, as pure functions over the question list (the builder edits the top level; a formGroup
 * from a blueprint moves, duplicates and is removed as one piece). Every edit keeps the form coherent the way the
 * domain's isCoherentForm wants it: names unique across the whole form and visibility rules naming real questions.
 */

/** The question types the builder offers, with the names people know them by (Typeform/Tally words). */
export const BUILDER_TYPES: readonly { type: QuestionType; label: string }[] = [
  { type: 'input', label: 'Short answer' },
  { type: 'textArea', label: 'Long answer' },
  { type: 'textEditor', label: 'Formatted text' },
  { type: 'radio', label: 'One choice' },
  { type: 'checkbox', label: 'Several choices' },
  { type: 'select', label: 'Dropdown' },
  { type: 'date', label: 'Date' },
  { type: 'upload', label: 'File upload' },
  { type: 'header', label: 'Heading' },
];

export function typeLabel(type: QuestionType): string {
  return BUILDER_TYPES.find((t) => t.type === type)?.label ?? (type === 'formGroup' ? 'Group' : type);
}

const CHOICE_TYPES: readonly QuestionType[] = ['radio', 'checkbox', 'select'];

export function hasOptions(type: QuestionType): boolean {
  return CHOICE_TYPES.includes(type);
}

/** snake_case of a label, starting with a letter (QUESTION_NAME_PATTERN), or '' when nothing usable is left. */
export function slugOf(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  return QUESTION_NAME_PATTERN.test(slug) ? slug : '';
}

/** `base`, or `base_2`, `base_3`… whichever is not taken yet. */
export function uniqueName(base: string, taken: ReadonlySet<string>): string {
  const root = base || 'question';
  if (!taken.has(root)) {
    return root;
  }
  let n = 2;
  while (taken.has(`${root}_${n}`)) {
    n += 1;
  }
  return `${root}_${n}`;
}

export function namesOf(questions: readonly Question[]): Set<string> {
  return new Set(flattenQuestions(questions).map((q) => q.name));
}

export function defaultOptions(): QuestionOption[] {
  return [
    { label: 'Option 1', value: 'option_1' },
    { label: 'Option 2', value: 'option_2' },
  ];
}

/** A fresh question of `type` with a name no other question has. */
export function newQuestion(type: QuestionType, questions: readonly Question[]): Question {
  const label = type === 'header' ? 'Section' : 'Untitled question';
  const question: Question = {
    name: uniqueName(type === 'header' ? 'section' : 'question', namesOf(questions)),
    label,
    type,
  };
  if (hasOptions(type)) {
    question.options = defaultOptions();
  }
  if (type === 'input') {
    question.inputType = 'text';
  }
  return question;
}

export function addQuestion(questions: readonly Question[], type: QuestionType): Question[] {
  return [...questions, newQuestion(type, questions)];
}

/** Moves one question from `from` to `to` (drag and drop, or the keyboard sensor's arrow keys). */
export function moveQuestion(questions: readonly Question[], from: number, to: number): Question[] {
  if (from === to || from < 0 || to < 0 || from >= questions.length || to >= questions.length) {
    return [...questions];
  }
  const next = [...questions];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as Question);
  return next;
}

/** Renames a question and its nested questions so none collides with `taken`; rules inside the copy follow. */
function renamedCopy(question: Question, taken: Set<string>): Question {
  const renames = new Map<string, string>();
  const rename = (q: Question): Question => {
    const name = uniqueName(q.name, taken);
    taken.add(name);
    renames.set(q.name, name);
    return { ...q, name, ...(q.children ? { children: q.children.map(rename) } : {}) };
  };
  const copy = rename(question);
  const fixRules = (q: Question): Question => ({
    ...q,
    ...(q.visible && renames.has(q.visible.field)
      ? { visible: { ...q.visible, field: renames.get(q.visible.field) as string } }
      : {}),
    ...(q.children ? { children: q.children.map(fixRules) } : {}),
  });
  // Rules naming a question outside the copy keep their target; only rules within the copy follow its new names.
  return fixRules(copy);
}

/** A copy right after the original, labelled as a copy, with fresh names. */
export function duplicateQuestion(questions: readonly Question[], index: number): Question[] {
  const original = questions[index];
  if (!original) {
    return [...questions];
  }
  const copy = renamedCopy(structuredClone(original), namesOf(questions));
  const next = [...questions];
  next.splice(index + 1, 0, { ...copy, label: original.label ? `${original.label} (copy)` : original.label });
  return next;
}

/** Drops rules naming any of `names` (the question they followed is gone), at every depth. */
function dropRulesOn(questions: readonly Question[], names: ReadonlySet<string>): Question[] {
  return questions.map((q) => {
    const { visible, ...rest } = q;
    const kept: Question = visible && names.has(visible.field) ? rest : q;
    return kept.children ? { ...kept, children: dropRulesOn(kept.children, names) } : kept;
  });
}

/** Removes a question; questions shown only after its answer are shown always (their rule would name nothing). */
export function removeQuestion(questions: readonly Question[], index: number): Question[] {
  const removed = questions[index];
  if (!removed) {
    return [...questions];
  }
  const gone = namesOf([removed]);
  return dropRulesOn(
    questions.filter((_, i) => i !== index),
    gone,
  );
}

/** Changes fields of one question (not its name: see renameQuestion). */
export function updateQuestion(questions: readonly Question[], index: number, patch: Partial<Question>): Question[] {
  return questions.map((q, i) => {
    if (i !== index) {
      return q;
    }
    const next: Question = { ...q, ...patch };
    for (const key of Object.keys(patch) as (keyof Question)[]) {
      if (patch[key] === undefined) {
        delete next[key];
      }
    }
    if (patch.type && hasOptions(patch.type) && !next.options?.length) {
      next.options = defaultOptions();
    }
    if (patch.type && !hasOptions(patch.type)) {
      delete next.options;
      delete next.max;
    }
    return next;
  });
}

/** Why a new name cannot be used, or null. */
export function nameProblem(questions: readonly Question[], index: number, name: string): string | null {
  if (!QUESTION_NAME_PATTERN.test(name)) {
    return 'Use lower-case letters, digits and underscores, starting with a letter';
  }
  const others = namesOf(questions.filter((_, i) => i !== index));
  const own = namesOf((questions[index]?.children ?? []) as Question[]);
  return others.has(name) || own.has(name) ? 'Another question already uses this name' : null;
}

/** Renames a question (its answer key); rules that followed the old name follow the new one. */
export function renameQuestion(questions: readonly Question[], index: number, name: string): Question[] {
  const old = questions[index]?.name;
  if (old === undefined || nameProblem(questions, index, name)) {
    return [...questions];
  }
  const follow = (list: readonly Question[]): Question[] =>
    list.map((q, i) => {
      const renamed = list === questions && i === index ? { ...q, name } : q;
      const withRule =
        renamed.visible?.field === old ? { ...renamed, visible: { ...renamed.visible, field: name } } : renamed;
      return withRule.children ? { ...withRule, children: follow(withRule.children) } : withRule;
    });
  return follow(questions);
}

function optionValue(label: string, taken: ReadonlySet<string>, position: number): string {
  return uniqueName(slugOf(label) || `option_${position + 1}`, taken);
}

/** Rules on `field` keep only values still offered by its options. */
function pruneRuleValues(questions: readonly Question[], field: string, offered: ReadonlySet<string>): Question[] {
  return questions.map((q) => {
    let next = q;
    if (q.visible?.field === field) {
      const values = q.visible.values.filter((v) => v === null || offered.has(v));
      if (values.length === 0) {
        const { visible: _dropped, ...rest } = q;
        next = rest;
      } else {
        next = { ...q, visible: { ...q.visible, values } };
      }
    }
    return next.children ? { ...next, children: pruneRuleValues(next.children, field, offered) } : next;
  });
}

/** Replaces the options of a question; rules that waited for a removed option forget it. */
export function setOptions(questions: readonly Question[], index: number, options: QuestionOption[]): Question[] {
  const question = questions[index];
  if (!question) {
    return [...questions];
  }
  const updated = updateQuestion(questions, index, { options });
  return pruneRuleValues(updated, question.name, new Set(options.map((o) => o.value)));
}

export function addOption(questions: readonly Question[], index: number): Question[] {
  const options = questions[index]?.options ?? [];
  const label = `Option ${options.length + 1}`;
  const value = optionValue(label, new Set(options.map((o) => o.value)), options.length);
  return setOptions(questions, index, [...options, { label, value }]);
}

/**
 * Relabels an option. Its value (what answers and rules store) stays: a rule or an older answer that holds it keeps
 * its meaning when a typo is fixed.
 */
export function relabelOption(
  questions: readonly Question[],
  index: number,
  position: number,
  label: string,
): Question[] {
  const options = questions[index]?.options ?? [];
  return setOptions(
    questions,
    index,
    options.map((o, i) => (i === position ? { ...o, label } : o)),
  );
}

export function removeOption(questions: readonly Question[], index: number, position: number): Question[] {
  const options = questions[index]?.options ?? [];
  return setOptions(
    questions,
    index,
    options.filter((_, i) => i !== position),
  );
}

export function moveOption(questions: readonly Question[], index: number, from: number, to: number): Question[] {
  const options = [...(questions[index]?.options ?? [])];
  if (to < 0 || to >= options.length) {
    return [...questions];
  }
  const [moved] = options.splice(from, 1);
  options.splice(to, 0, moved as QuestionOption);
  return setOptions(questions, index, options);
}

/**
 * Questions a rule on question `index` may follow: questions with options that come before it, so the person has
 * answered what decides whether this one shows.
 */
export function ruleSources(questions: readonly Question[], index: number): Question[] {
  return flattenQuestions(questions.slice(0, index)).filter((q) => hasOptions(q.type) && (q.options?.length ?? 0) > 0);
}

/** Sets (or, with null, clears) the rule "show only when <field> is one of <values>". */
export function setRule(questions: readonly Question[], index: number, rule: VisibleRule | null): Question[] {
  if (rule && rule.values.length === 0) {
    return updateQuestion(questions, index, { visible: undefined });
  }
  return updateQuestion(questions, index, { visible: rule ?? undefined });
}

/**
 * What keeps the form from being saved, by question index: a choice question without options, a blank option, or
 * a rule following a question that now comes after it (the person would not have answered it yet).
 */
export function builderProblems(questions: readonly Question[]): Record<number, string> {
  const problems: Record<number, string> = {};
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    if (q.type !== 'header' && q.type !== 'formGroup' && q.label.trim() === '') {
      problems[i] = 'Give the question a label';
    } else if (hasOptions(q.type) && (q.options?.length ?? 0) === 0) {
      problems[i] = 'Add at least one option';
    } else if (q.options?.some((o) => o.label.trim() === '')) {
      problems[i] = 'Every option needs a label';
    } else if (q.visible && !seen.has(q.visible.field)) {
      problems[i] = 'This question follows an answer that now comes after it; move it down or change its rule';
    }
    for (const name of namesOf([q])) {
      seen.add(name);
    }
  });
  return problems;
}
