import { describe, expect, it } from 'vitest';
import { EMPTY_TASK_FILTERS, type TaskFilters } from './taskFilters';
import { TASK_TABLE_FILTERS, taskFiltersFromTable, taskFiltersToTable } from './taskTableFilters';

describe('task filters in the table state', () => {
  it('round-trips every filter', () => {
    const filters: TaskFilters = {
      statuses: ['todo', 'completed'],
      tags: ['seo'],
      creators: ['c1'],
      responsibles: ['r1', 'r2'],
      overdueOnly: true,
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
      dueFrom: null,
      dueTo: '2026-03-01',
    };
    expect(taskFiltersFromTable(taskFiltersToTable(filters))).toEqual(filters);
  });

  it('drops unknown statuses and malformed dates a link may carry', () => {
    const read = taskFiltersFromTable({ ...TASK_TABLE_FILTERS, status: ['todo', 'bogus'], due_from: ['tomorrow'] });
    expect(read).toEqual({ ...EMPTY_TASK_FILTERS, statuses: ['todo'] });
  });
});
