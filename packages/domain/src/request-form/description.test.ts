import { describe, expect, it } from 'vitest';
import { parseDescription, serializeDescription } from './description';
import type { RequestForm } from './question';

const form: RequestForm = [
  { name: 'project_brief', label: 'Project brief', type: 'textEditor', submitRequired: true },
  { name: 'formats', label: 'Formats', type: 'checkbox', options: [{ label: 'PDF', value: 'pdf' }] },
];

describe('request description', () => {
  it('round-trips the form with its answers', () => {
    const answers = { project_brief: { ops: [{ insert: 'Hello\n' }] }, formats: ['pdf'] };
    expect(parseDescription(serializeDescription(form, answers))).toEqual({ form, answers });
  });

  it('shows plain text as a single required description question', () => {
    expect(parseDescription('Please redo the logo')).toEqual({
      form: [{ name: 'description', label: 'Description', type: 'textArea', required: true }],
      answers: { description: 'Please redo the logo' },
    });
  });

  it('shows JSON that is not a stored form the same way', () => {
    expect(parseDescription('{"a":1}').answers).toEqual({ description: '{"a":1}' });
    expect(parseDescription('[1,2]').form[0]?.name).toBe('description');
  });

  it('leaves the fallback empty for an empty description', () => {
    expect(parseDescription(null).answers).toEqual({ description: null });
    expect(parseDescription('').answers).toEqual({ description: null });
  });
});
