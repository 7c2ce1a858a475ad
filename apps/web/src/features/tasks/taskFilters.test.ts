import { describe, expect, it } from 'vitest';
import { EMPTY_TASK_FILTERS, groupByStatus, KANBAN_STATUSES, taskListQuery } from './taskFilters';

const base = { filters: EMPTY_TASK_FILTERS, projects: [], search: '', page: 2, size: 25 };

describe('task list query', () => {
  it('pages the table through the server, newest first', () => {
    expect(taskListQuery({ ...base, view: 'table' })).toMatchObject({
      'page[size]': 25,
      'page[number]': 2,
      'sort[by]': 'task_created_at',
      'sort[direction]': 'desc',
    });
  });
  it("sends the table's sort to the server for the table and list, never for the board views", () => {
    const sort = { by: 'end_date', direction: 'asc' as const };
    for (const view of ['table', 'list'] as const) {
      expect(taskListQuery({ ...base, view, sort })).toMatchObject({
        'sort[by]': 'end_date',
        'sort[direction]': 'asc',
      });
    }
    expect(taskListQuery({ ...base, view: 'chart', sort })).toMatchObject({
      'sort[by]': 'task_created_at',
      'sort[direction]': 'desc',
    });
    expect(taskListQuery({ ...base, view: 'kanban', sort })['sort[by]']).toBe('task_sort');
  });
  it('loads 1000 on page 1 for the board views', () => {
    expect(taskListQuery({ ...base, view: 'chart' })).toMatchObject({ 'page[size]': 1000, 'page[number]': 1 });
  });
  it('kanban sorts by task_sort and drops completed and cancelled from the status filter', () => {
    const query = taskListQuery({
      ...base,
      view: 'kanban',
      filters: { ...EMPTY_TASK_FILTERS, statuses: ['todo', 'completed', 'cancelled'] },
    });
    expect(query['filters[task_status][]']).toEqual(['todo']);
    expect(query['sort[by]']).toBe('task_sort');
    expect(taskListQuery({ ...base, view: 'kanban' })['filters[task_status][]']).toEqual(KANBAN_STATUSES);
    expect(KANBAN_STATUSES).not.toContain('completed');
  });
  it('writes every filter in the bracket form of doc 2 §7', () => {
    const query = taskListQuery({
      ...base,
      view: 'list',
      projects: ['p1'],
      search: ' logo ',
      filters: {
        ...EMPTY_TASK_FILTERS,
        tags: ['urgent'],
        creators: ['me'],
        responsibles: ['u1'],
        overdueOnly: true,
        createdFrom: '2026-01-01',
        dueTo: '2026-02-01',
      },
    });
    expect(query).toMatchObject({
      'filters[tags][]': ['urgent'],
      'filters[creator.uuid][]': ['me'],
      'filters[related_users.uuid][]': ['u1'],
      'filters[project][]': ['p1'],
      'filters[overdue_only]': 1,
      'filters[created_at][greater_than_or_equals]': '2026-01-01',
      'filters[end_date][less_than_or_equals]': '2026-02-01',
      'search_term[0][0]': 'logo',
    });
    expect(query).not.toHaveProperty('filters[task_status][]');
  });
});

describe('kanban columns', () => {
  it('groups by status in column order, each sorted by sort_order', () => {
    const groups = groupByStatus(
      [
        { uuid: 'a', status: 'todo', sort_order: 3 },
        { uuid: 'b', status: 'todo', sort_order: 1 },
        { uuid: 'c', status: 'pending', sort_order: 0 },
        { uuid: 'd', status: 'completed', sort_order: 0 },
      ],
      ['todo', 'pending'],
    );
    expect(groups.get('todo')?.map((c) => c.uuid)).toEqual(['b', 'a']);
    expect(groups.get('pending')?.map((c) => c.uuid)).toEqual(['c']);
    expect(groups.has('completed')).toBe(false);
  });
});
