import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import type { Answers, RequestForm } from './question';
import { optionalButEmpty, validateAnswers } from './validate';

const form: RequestForm = [
  { name: 'project_brief', label: 'Project brief', type: 'textEditor', submitRequired: true },
  { name: 'title', label: 'Title', type: 'input', required: true },
  {
    name: 'channels',
    label: 'Channels',
    type: 'checkbox',
    max: 2,
    options: [
      { label: 'Email', value: 'email' },
      { label: 'SMS', value: 'sms' },
      { label: 'Push', value: 'push' },
      { label: 'Not sure', value: 'not_sure', unique: true },
    ],
  },
  {
    name: 'tone',
    label: 'Tone',
    type: 'radio',
    options: [
      { label: 'Playful', value: 'playful' },
      { label: 'Formal', value: 'formal' },
    ],
  },
  {
    name: 'tone_notes',
    label: 'Tone notes',
    type: 'textArea',
    required: true,
    visible: { field: 'tone', values: ['playful'] },
  },
  { name: 'budget', label: 'Budget', type: 'input', mask: 'currency', optionalLabel: true },
  { name: 'count', label: 'Count', type: 'input', inputType: 'number', optionalLabel: true },
  { name: 'deadline', label: 'Deadline', type: 'date', optionalLabel: true },
  { name: 'window', label: 'Window', type: 'date', mode: 'range', optionalLabel: true },
  { name: 'files', label: 'Files', type: 'upload' },
  { name: 'intro', label: 'Intro', type: 'header' },
];
const today = '2026-11-22';
const brief = { ops: [{ insert: 'A spring newsletter\n' }] };

describe('validating answers', () => {
  it('asks for submitRequired questions only when submitting', () => {
    expect(validateAnswers(form, { title: 'x' }, { submitting: false, today })).toEqual({});
    expect(validateAnswers(form, { title: 'x' }, { submitting: true, today })).toEqual({
      project_brief: MESSAGES.requiredOnSubmit,
    });
    expect(
      validateAnswers(form, { title: 'x', project_brief: { ops: [{ insert: '\n' }] } }, { submitting: true, today }),
    ).toEqual({ project_brief: MESSAGES.requiredOnSubmit });
  });

  it('asks for required questions in drafts and on submit', () => {
    expect(validateAnswers(form, { title: '  ' }, { submitting: false, today })).toEqual({
      title: MESSAGES.required,
    });
  });

  it('never validates hidden questions', () => {
    expect(validateAnswers(form, { title: 'x', tone: 'formal' }, { submitting: false, today })).toEqual({});
    expect(validateAnswers(form, { title: 'x', tone: 'playful' }, { submitting: false, today })).toEqual({
      tone_notes: MESSAGES.required,
    });
  });

  it('refuses options that do not exist, too many choices and unique with others', () => {
    const run = (answers: Answers) => validateAnswers(form, { title: 'x', ...answers }, { submitting: false, today });
    expect(run({ tone: 'angry' })).toEqual({ tone: MESSAGES.invalidOption });
    expect(run({ channels: ['fax'] })).toEqual({ channels: MESSAGES.invalidOption });
    expect(run({ channels: ['email', 'sms', 'push'] })).toEqual({ channels: MESSAGES.tooManyOptions(2) });
    expect(run({ channels: ['email', 'not_sure'] })).toEqual({ channels: MESSAGES.invalidOption });
    expect(run({ channels: ['email', 'sms'] })).toEqual({});
  });

  it('refuses negative numbers and past dates', () => {
    const run = (answers: Answers) => validateAnswers(form, { title: 'x', ...answers }, { submitting: false, today });
    expect(run({ budget: -5 })).toEqual({ budget: MESSAGES.negativeNumber });
    expect(run({ count: '-1' })).toEqual({ count: MESSAGES.negativeNumber });
    expect(run({ budget: 3000, count: 4 })).toEqual({});
    expect(run({ deadline: '2026-11-21' })).toEqual({ deadline: MESSAGES.pastDate });
    expect(run({ deadline: '2026-11-22' })).toEqual({});
    expect(run({ deadline: 'soon' })).toEqual({ deadline: MESSAGES.invalidAnswer });
    expect(run({ window: { min: '2026-12-01', max: '2026-11-30' } })).toEqual({ window: MESSAGES.rangeReversed });
    expect(run({ window: { min: '2026-12-01', max: null } })).toEqual({});
  });

  it('refuses answers to questions the form does not have', () => {
    expect(validateAnswers(form, { title: 'x', salary: '1', intro: 'x' }, { submitting: false, today })).toEqual({
      salary: MESSAGES.unknownQuestion,
      intro: MESSAGES.unknownQuestion,
    });
  });

  it('accepts a complete submission', () => {
    expect(
      validateAnswers(
        form,
        { project_brief: brief, title: 'x', channels: ['not_sure'], tone: 'formal', files: [] },
        { submitting: true, today },
      ),
    ).toEqual({});
  });
});

describe('optional but empty', () => {
  it('lists empty visible questions with more than one option that are not marked optional or uploads', () => {
    expect(optionalButEmpty(form, { title: 'x' })).toEqual(['channels', 'tone']);
    expect(optionalButEmpty(form, { title: 'x', tone: 'formal', channels: ['sms'] })).toEqual([]);
  });
});
