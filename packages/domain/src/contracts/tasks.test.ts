import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { taskCreateSchema, taskListQuerySchema, taskUpdateSchema } from './tasks';

const uuid = '00000000-0000-4000-8000-000000000001';

describe('task contracts', () => {
  it('requires a title of at most 72 characters', () => {
    expect(taskCreateSchema.safeParse({ project_id: uuid }).error?.issues[0]?.message).toBe(MESSAGES.required);
    expect(taskCreateSchema.safeParse({ title: ' ', project_id: uuid }).error?.issues[0]?.message).toBe(
      MESSAGES.required,
    );
    expect(taskCreateSchema.safeParse({ title: 'x'.repeat(73), project_id: uuid }).success).toBe(false);
    expect(taskCreateSchema.safeParse({ title: 'x'.repeat(72), project_id: uuid }).success).toBe(true);
  });

  it('asks a recurring task for due range, limit and a responsible', () => {
    const result = taskCreateSchema.safeParse({ title: 'T', project_id: uuid, recurrence_type: 'weekly' });
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'end_date',
      'recurrence_limit',
      'responsibles',
      'start_date',
    ]);
  });

  it('refuses a due date before the start date and an estimate max below min', () => {
    const result = taskUpdateSchema.safeParse({
      start_date: '2026-01-02',
      end_date: '2026-01-01',
      estimated_time_min: 60,
      estimated_time: 30,
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.dueBeforeStart, MESSAGES.maxBelowMin]);
  });

  it('reads the table search form, date ranges and one-or-many filters', () => {
    const query = taskListQuerySchema.parse({
      search_term: { '0': { '0': ' logo ' } },
      filters: {
        task_status: 'todo',
        'creator.uuid': [uuid],
        end_date: { less_than_or_equals: '2026-01-31' },
        overdue_only: '1',
      },
      sort: { by: 'task_sort' },
    });
    expect(query.search_term).toBe('logo');
    expect(query.filters?.task_status).toEqual(['todo']);
    expect(query.filters?.overdue_only).toBe(true);
    expect(query.page).toEqual({ size: 50, number: 1 });
  });
});
