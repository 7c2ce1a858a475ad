import { isCoherentForm, type Question } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  addQuestion,
  builderProblems,
  duplicateQuestion,
  moveQuestion,
  nameProblem,
  relabelOption,
  removeOption,
  removeQuestion,
  renameQuestion,
  ruleSources,
  setRule,
  slugOf,
  uniqueName,
  updateQuestion,
} from './builderModel';

const choice: Question = {
  name: 'has_site',
  label: 'Do you have a website?',
  type: 'radio',
  options: [
    { label: 'Yes', value: 'yes' },
    { label: 'No', value: 'no' },
  ],
};
const followUp: Question = {
  name: 'site_url',
  label: 'Its address',
  type: 'input',
  visible: { field: 'has_site', values: ['yes'] },
};
const logo: Question = { name: 'logo', label: 'Logo', type: 'upload' };
const form = [choice, followUp, logo];

describe('form builder edits', () => {
  it('names a label in snake_case starting with a letter, or nothing when no letter is left', () => {
    expect(slugOf('Company name (legal)')).toBe('company_name_legal');
    expect(slugOf('  Élan 2025 ')).toBe('elan_2025');
    expect(slugOf('2025')).toBe('');
  });

  it('picks the next free suffix for a taken name', () => {
    expect(uniqueName('question', new Set(['question', 'question_2']))).toBe('question_3');
    expect(uniqueName('', new Set())).toBe('question');
  });

  it('adds questions with unique names and default options for choice types', () => {
    const added = addQuestion(addQuestion([], 'checkbox'), 'checkbox');
    expect(added.map((q) => q.name)).toEqual(['question', 'question_2']);
    expect(added[0]?.options).toHaveLength(2);
    expect(isCoherentForm(added)).toBe(true);
  });

  it('moves a question from one place to another and ignores moves out of range', () => {
    expect(moveQuestion(form, 2, 0).map((q) => q.name)).toEqual(['logo', 'has_site', 'site_url']);
    expect(moveQuestion(form, 0, 5).map((q) => q.name)).toEqual(['has_site', 'site_url', 'logo']);
  });

  it('duplicates a question right after it with a fresh name, keeping its rule on the original target', () => {
    const next = duplicateQuestion(form, 1);
    expect(next.map((q) => q.name)).toEqual(['has_site', 'site_url', 'site_url_2', 'logo']);
    expect(next[2]?.label).toBe('Its address (copy)');
    expect(next[2]?.visible).toEqual({ field: 'has_site', values: ['yes'] });
    expect(isCoherentForm(next)).toBe(true);
  });

  it('duplicates a group with fresh names for its questions and rules inside it following the copies', () => {
    const group: Question = {
      name: 'contact',
      label: 'Contact',
      type: 'formGroup',
      children: [
        { ...choice, name: 'prefers_phone' },
        { name: 'phone', label: 'Phone', type: 'input', visible: { field: 'prefers_phone', values: ['yes'] } },
      ],
    };
    const next = duplicateQuestion([group], 0);
    expect(next[1]?.children?.map((q) => q.name)).toEqual(['prefers_phone_2', 'phone_2']);
    expect(next[1]?.children?.[1]?.visible?.field).toBe('prefers_phone_2');
    expect(isCoherentForm(next)).toBe(true);
  });

  it('removing a question shows its follow-ups always instead of leaving a rule naming nothing', () => {
    const next = removeQuestion(form, 0);
    expect(next.map((q) => q.name)).toEqual(['site_url', 'logo']);
    expect(next[0]?.visible).toBeUndefined();
    expect(isCoherentForm(next)).toBe(true);
  });

  it('renaming a question moves the rules that follow it, and refuses a taken or malformed name', () => {
    const next = renameQuestion(form, 0, 'website_exists');
    expect(next[0]?.name).toBe('website_exists');
    expect(next[1]?.visible?.field).toBe('website_exists');
    expect(nameProblem(form, 0, 'logo')).toMatch(/already/);
    expect(nameProblem(form, 0, 'Bad Name')).toMatch(/lower-case/);
    expect(renameQuestion(form, 0, 'logo')).toEqual(form);
  });

  it('relabelling an option keeps its value, so rules and older answers keep their meaning', () => {
    const next = relabelOption(form, 0, 0, 'Yes, we do');
    expect(next[0]?.options?.[0]).toEqual({ label: 'Yes, we do', value: 'yes' });
    expect(next[1]?.visible?.values).toEqual(['yes']);
  });

  it('removing the option a rule waits for drops the rule; adding one gives a fresh value', () => {
    const next = removeOption(form, 0, 0);
    expect(next[0]?.options?.map((o) => o.value)).toEqual(['no']);
    expect(next[1]?.visible).toBeUndefined();
    expect(addOption(form, 0)[0]?.options?.[2]).toEqual({ label: 'Option 3', value: 'option_3' });
  });

  it('offers as rule sources only earlier questions with options', () => {
    expect(ruleSources(form, 2).map((q) => q.name)).toEqual(['has_site']);
    expect(ruleSources(form, 0)).toEqual([]);
  });

  it('sets and clears a rule; a rule with no values is no rule', () => {
    const set = setRule(form, 2, { field: 'has_site', values: ['no'] });
    expect(set[2]?.visible).toEqual({ field: 'has_site', values: ['no'] });
    expect(setRule(set, 2, null)[2]).not.toHaveProperty('visible');
    expect(setRule(set, 2, { field: 'has_site', values: [] })[2]).not.toHaveProperty('visible');
  });

  it('changing a question to a type without options drops its options', () => {
    const next = updateQuestion(form, 0, { type: 'input' });
    expect(next[0]).not.toHaveProperty('options');
    const back = updateQuestion(next, 0, { type: 'select' });
    expect(back[0]?.options).toHaveLength(2);
  });

  it('reports a follow-up moved above the question it follows, a blank label and a choice without options', () => {
    expect(builderProblems(form)).toEqual({});
    expect(builderProblems(moveQuestion(form, 1, 0))[0]).toMatch(/comes after it/);
    expect(builderProblems(updateQuestion(form, 2, { label: ' ' }))[2]).toMatch(/label/);
    expect(builderProblems([{ ...choice, options: [] }])[0]).toMatch(/option/);
  });
});
