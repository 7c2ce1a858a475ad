import { describe, expect, it } from 'vitest';
import type { Question, RequestForm } from './question';
import { isQuestionVisible, pruneHiddenAnswers, visibleQuestions, wizardSteps } from './visibility';

const followUp = (values: (string | null)[], operator?: 'and' | 'or'): Question => ({
  name: 'follow_up',
  label: 'Follow up',
  type: 'input',
  visible: { field: 'choice', values, ...(operator ? { operator } : {}) },
});

describe('question visibility', () => {
  it('shows a question without a rule', () => {
    expect(isQuestionVisible({ name: 'a', label: 'A', type: 'input' }, {})).toBe(true);
  });

  it('shows a follow-up when the answer equals one of the values', () => {
    const q = followUp(['paid_media', 'hybrid']);
    expect(isQuestionVisible(q, { choice: 'hybrid' })).toBe(true);
    expect(isQuestionVisible(q, { choice: 'organic' })).toBe(false);
    expect(isQuestionVisible(q, {})).toBe(false);
  });

  it('shows a follow-up when a list answer contains one of the values', () => {
    const q = followUp(['video', 'photo']);
    expect(isQuestionVisible(q, { choice: ['copy', 'photo'] })).toBe(true);
    expect(isQuestionVisible(q, { choice: ['copy'] })).toBe(false);
  });

  it("requires every value with operator 'and'", () => {
    const q = followUp(['video', 'photo'], 'and');
    expect(isQuestionVisible(q, { choice: ['video', 'photo', 'copy'] })).toBe(true);
    expect(isQuestionVisible(q, { choice: ['video'] })).toBe(false);
  });

  it('treats null as an empty answer', () => {
    const q = followUp([null]);
    expect(isQuestionVisible(q, {})).toBe(true);
    expect(isQuestionVisible(q, { choice: '' })).toBe(true);
    expect(isQuestionVisible(q, { choice: [] })).toBe(true);
    expect(isQuestionVisible(q, { choice: 'x' })).toBe(false);
  });

  it('compares numbers by their text', () => {
    expect(isQuestionVisible(followUp(['3']), { choice: 3 })).toBe(true);
  });
});

const form: RequestForm = [
  {
    name: 'kind',
    label: 'Kind',
    type: 'radio',
    options: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
    ],
  },
  {
    name: 'group',
    label: 'Group',
    type: 'formGroup',
    visible: { field: 'kind', values: ['a'] },
    layout: { type: 'row' },
    children: [
      { name: 'inner', label: 'Inner', type: 'select', options: [{ label: 'X', value: 'x' }] },
      { name: 'inner_more', label: 'More', type: 'input', visible: { field: 'inner', values: ['x'] } },
    ],
  },
  { name: 'after', label: 'After', type: 'input', visible: { field: 'inner_more', values: [null] } },
];

describe('visible questions', () => {
  it('flattens visible formGroups into their children', () => {
    expect(visibleQuestions(form, { kind: 'a', inner: 'x' }).map((q) => q.name)).toEqual([
      'kind',
      'inner',
      'inner_more',
      'after',
    ]);
  });

  it('hides the children of a hidden group and follow-ups of hidden questions', () => {
    // inner is answered but hidden with its group, so inner_more hides too.
    expect(visibleQuestions(form, { kind: 'b', inner: 'x', inner_more: 'y' }).map((q) => q.name)).toEqual([
      'kind',
      'after',
    ]);
  });

  it('drops the answers of hidden questions', () => {
    expect(pruneHiddenAnswers(form, { kind: 'b', inner: 'x', inner_more: 'y', after: 'z' })).toEqual({
      kind: 'b',
      after: 'z',
    });
  });
});

describe('wizard steps', () => {
  const wizard: RequestForm = [
    { name: 'brief', label: 'Brief', type: 'textEditor', step: { index: 0, title: 'Brief' } },
    { name: 'need_video', label: 'Video?', type: 'radio', options: [{ label: 'Yes', value: 'yes' }] },
    {
      name: 'video_length',
      label: 'Length',
      type: 'input',
      step: { index: 1, title: 'Video' },
      visible: { field: 'need_video', values: ['yes'] },
    },
    { name: 'deadline', label: 'Deadline', type: 'date', step: { index: 2, title: 'Timing' } },
  ];

  it('groups questions by step and skips steps whose questions are all hidden', () => {
    expect(wizardSteps(wizard, {}).map((s) => [s.title, s.questions.map((q) => q.name)])).toEqual([
      ['Brief', ['brief', 'need_video']],
      ['Timing', ['deadline']],
    ]);
    expect(wizardSteps(wizard, { need_video: 'yes' }).map((s) => s.title)).toEqual(['Brief', 'Video', 'Timing']);
  });
});
