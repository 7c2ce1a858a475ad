import { describe, expect, it } from 'vitest';
import { createPayload, newTaskDraft, updatePayload, validateDraft } from './taskForm';

describe('task draft', () => {
  it('defaults to todo, low priority, today to tomorrow', () => {
    const draft = newTaskDraft('2026-12-31');
    expect(draft).toMatchObject({ status: 'todo', priority: 0, start_date: '2026-12-31', end_date: '2027-01-01' });
    expect(newTaskDraft('2026-01-01', { status: 'pending' }).status).toBe('pending');
  });
  it('requires a title of at most 72 characters and a project', () => {
    const draft = newTaskDraft('2026-01-01');
    expect(validateDraft(draft, 'create')).toMatchObject({
      title: 'This field is required',
      project_id: 'This field is required',
    });
    expect(validateDraft({ ...draft, title: 'x'.repeat(73), project_id: 'p' }, 'create').title).toContain('72');
    expect(validateDraft({ ...draft, title: 'ok', project_id: 'p' }, 'create')).toEqual({});
  });
  it('a recurring task needs a limit and a responsible, and is created as the seed', () => {
    const draft = {
      ...newTaskDraft('2026-01-01'),
      title: 'Weekly',
      project_id: 'p',
      recurrence_type: 'weekly' as const,
    };
    expect(validateDraft(draft, 'create')).toMatchObject({
      recurrence_limit: 'This field is required',
      responsibles: 'This field is required',
    });
    expect(createPayload({ ...draft, recurrence_limit: 4 }, {})).toMatchObject({ status: 'seed', recurrence_limit: 4 });
  });
  it('sends the estimate range as minutes and refuses max below min', () => {
    const draft = { ...newTaskDraft('2026-01-01'), title: 't', project_id: 'p', estimate: '1-2' };
    expect(createPayload(draft, { parentId: 'x' })).toMatchObject({
      estimated_time_min: 60,
      estimated_time: 120,
      parent_id: 'x',
    });
    expect(validateDraft({ ...draft, estimate: '2-1' }, 'edit').estimate).toBe(
      'Max time should be bigger than min time',
    );
  });
  it('an autosave sends only the edited fields', () => {
    const draft = { ...newTaskDraft('2026-01-01'), title: ' New ', estimate: '1-1' };
    expect(updatePayload(draft, ['title', 'estimate'])).toEqual({
      title: 'New',
      estimated_time_min: 60,
      estimated_time: 60,
    });
  });
});
