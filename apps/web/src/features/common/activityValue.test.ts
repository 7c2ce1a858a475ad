import type { Question } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { requestStatusLabel } from '../requests/list/requestRows';
import { taskStatusLabel } from '../tasks/taskRules';
import { activityValue } from './activityValue';

const form: Question[] = [
  {
    name: 'budget',
    label: 'Budget',
    type: 'input',
    mask: 'currency',
  } as Question,
  {
    name: 'channels',
    label: 'Channels',
    type: 'checkbox',
    options: [
      { value: 'tv', label: 'Television' },
      { value: 'web', label: 'Website' },
    ],
  } as Question,
];

describe('activityValue', () => {
  it('shows an empty value as a dash', () => {
    expect(activityValue('title', null)).toBe('—');
    expect(activityValue('title', undefined)).toBe('—');
    expect(activityValue('title', '')).toBe('—');
    expect(activityValue('tags', [])).toBe('—');
  });

  it('shows statuses by the label of their item kind', () => {
    expect(activityValue('status', 'in_progress', { statusLabel: taskStatusLabel })).toBe('In progress');
    expect(activityValue('status', 'seed', { statusLabel: taskStatusLabel })).toBe('Master');
    expect(activityValue('status', 'new', { statusLabel: requestStatusLabel })).toBe('In preparation');
  });

  it('shows priorities by their labels', () => {
    expect(activityValue('priority', 0)).toBe('Low');
    expect(activityValue('priority', 2)).toBe('High');
  });

  it('shows people by name and plans, tasks and requests by title', () => {
    const people = [
      { uuid: '7f0c', name: 'Ada Lovelace' },
      { uuid: '8a1d', name: 'Alan Turing' },
    ];
    expect(activityValue('responsibles', people)).toBe('Ada Lovelace, Alan Turing');
    expect(activityValue('project', { uuid: 'p-1', title: 'Spring launch' })).toBe('Spring launch');
    expect(activityValue('tasks', [{ uuid: 't-1', title: 'Draft copy' }])).toBe('Draft copy');
    expect(activityValue('request', { uuid: 'r-1', subject: 'New brochure' })).toBe('New brochure');
  });

  it('formats dates and timestamps', () => {
    expect(activityValue('end_date', '2026-03-09')).toBe('03/09/2026');
    expect(activityValue('completed_at', '2026-03-09T14:05:00.000Z')).toMatch(/^03\/09\/2026/);
  });

  it('shows booleans as Yes/No and numbers as they are', () => {
    expect(activityValue('billable', true)).toBe('Yes');
    expect(activityValue('billable', false)).toBe('No');
    expect(activityValue('estimated_time', 90)).toBe('90');
  });

  it('shows changed answers as question labels with their answers as text', () => {
    const answers = { budget: 1500, channels: ['tv', 'web'] };
    expect(activityValue('answers', answers, { form })).toBe('Budget: $1,500; Channels: Television, Website');
  });

  it('shows answers of a question no longer in the form by their humanized name', () => {
    expect(activityValue('answers', { launch_window: { min: '2026-01-05', max: '2026-01-09' } })).toBe(
      'Launch window: 01/05/2026 – 01/09/2026',
    );
  });

  it('shows rich text as its plain text and clips long text', () => {
    expect(activityValue('notes', { ops: [{ insert: 'Hello ' }, { insert: 'world\n' }] })).toBe('Hello world');
    const long = 'word '.repeat(60);
    const shown = activityValue('description', long);
    expect(shown.length).toBeLessThanOrEqual(120);
    expect(shown.endsWith('…')).toBe(true);
  });

  it('summarises any other object field by field, never as JSON', () => {
    const shown = activityValue('settings', { id: 4, uuid: 'x', color: 'blue', visible: true });
    expect(shown).toBe('Color: blue; Visible: Yes');
    expect(shown).not.toContain('{');
  });
});
