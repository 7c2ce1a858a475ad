import type { Question } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { answerText } from './answerText';

const goal: Question = {
  name: 'primary_goal',
  label: 'Goal',
  type: 'checkbox',
  options: [
    { label: 'Drive sales', value: 'drive_sales' },
    { label: 'Generate leads', value: 'generate_leads' },
  ],
};

describe('answerText', () => {
  it('shows option labels, whole dollars, US dates, ranges and rich text as text', () => {
    expect(answerText(goal, ['drive_sales', 'generate_leads'])).toBe('Drive sales, Generate leads');
    expect(answerText({ name: 'budget', label: 'Budget', type: 'input', mask: 'currency' }, 12500)).toBe('$12,500');
    expect(answerText({ name: 'launch', label: 'Launch', type: 'date' }, '2026-12-01')).toBe('12/01/2026');
    expect(
      answerText({ name: 'run', label: 'Run', type: 'date', mode: 'range' }, { min: '2026-12-01', max: null }),
    ).toBe('12/01/2026 – —');
    expect(answerText({ name: 'brief', label: 'Brief', type: 'textEditor' }, { ops: [{ insert: 'Hello\n' }] })).toBe(
      'Hello',
    );
  });

  it('marks empty answers and uploads', () => {
    expect(answerText(goal, [])).toBe('—');
    expect(answerText(goal, undefined)).toBe('—');
    expect(answerText({ name: 'files', label: 'Files', type: 'upload' }, [])).toBe(MESSAGES.noFiles);
  });
});
