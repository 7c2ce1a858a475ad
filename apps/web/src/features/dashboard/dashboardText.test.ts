import type { DashboardActivity } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { activityText, activityVerb, relativeTime } from './dashboardText';

const entry = (over: Partial<DashboardActivity>): DashboardActivity => ({
  id: 1,
  subject_type: 'task',
  subject: { uuid: '00000000-0000-4000-8000-000000000000', title: 'Task' },
  action: 'update',
  fields: [],
  author: { uuid: '00000000-0000-4000-8000-000000000001', name: 'Alex Morgan' },
  created_at: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('dashboard activity text', () => {
  it('names the changed fields as people read them, each once', () => {
    expect(activityText(entry({ fields: ['status', 'end_date', 'estimated_time', 'estimated_time_min'] }))).toBe(
      'Alex Morgan changed status, due date and estimate on',
    );
    expect(activityText(entry({ fields: ['status'] }))).toBe('Alex Morgan changed status on');
  });

  it('says created for a new item and Someone when the author is gone', () => {
    expect(activityText(entry({ action: 'create', author: null }))).toBe('Someone created');
  });

  it('gives the words after the name alone, for the screen that renders the name as a card trigger', () => {
    expect(activityVerb(entry({ fields: ['status'] }))).toBe('changed status on');
    expect(activityVerb(entry({ action: 'create' }))).toBe('created');
    expect(activityVerb(entry({}))).toBe('updated');
  });

  it('tells the time relatively', () => {
    const now = new Date('2026-11-24T13:00:00.000Z').getTime();
    expect(relativeTime('2026-11-24T10:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-23T12:00:00.000Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-24T12:59:30.000Z', now)).toBe('just now');
  });
});
