import { TASK_FILTER_STATUSES, type TaskStatus } from '@portal/domain';
import type { QueryValue } from '../../api/client';

export const TASK_VIEWS = ['table', 'list', 'chart', 'kanban'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

/** The filters of the task screens (doc 2 §2, §7). Dates are YYYY-MM-DD. */
export interface TaskFilters {
  statuses: TaskStatus[];
  tags: string[];
  creators: string[];
  responsibles: string[];
  overdueOnly: boolean;
  createdFrom: string | null;
  createdTo: string | null;
  dueFrom: string | null;
  dueTo: string | null;
}

export const EMPTY_TASK_FILTERS: TaskFilters = {
  statuses: [],
  tags: [],
  creators: [],
  responsibles: [],
  overdueOnly: false,
  createdFrom: null,
  createdTo: null,
  dueFrom: null,
  dueTo: null,
};

/** Kanban shows every status but completed and cancelled (doc 2 §2); seed masters are not cards either. */
export const KANBAN_STATUSES: TaskStatus[] = TASK_FILTER_STATUSES.filter((s) => s !== 'completed' && s !== 'cancelled');

/** Page size of the non-table views (doc 2 §9: task views load 1000 on page 1). */
export const BOARD_PAGE_SIZE = 1000;

/**
 * The GET tasks query for a view: table and list page through the server in the table's sort (newest first when
 * none); chart and kanban load page 1 of 1000. Kanban sorts by task_sort and drops completed and cancelled from the
 * status filter.
 */
export function taskListQuery(options: {
  view: TaskView;
  filters: TaskFilters;
  projects: readonly string[];
  search: string;
  page: number;
  size: number;
  sort?: { by: string; direction: 'asc' | 'desc' } | null;
}): Record<string, QueryValue> {
  const { filters, view } = options;
  const board = view === 'chart' || view === 'kanban';
  const sort = board ? null : options.sort;
  const query: Record<string, QueryValue> = {
    'page[size]': board ? BOARD_PAGE_SIZE : options.size,
    'page[number]': board ? 1 : options.page,
    with: 'tags',
    'sort[by]': view === 'kanban' ? 'task_sort' : (sort?.by ?? 'task_created_at'),
    'sort[direction]': view === 'kanban' ? 'asc' : (sort?.direction ?? 'desc'),
  };
  let statuses: readonly TaskStatus[] = filters.statuses;
  if (view === 'kanban') {
    statuses = (statuses.length ? statuses : KANBAN_STATUSES).filter((s) => KANBAN_STATUSES.includes(s));
    if (statuses.length === 0) {
      statuses = KANBAN_STATUSES;
    }
  }
  if (statuses.length) {
    query['filters[task_status][]'] = statuses;
  }
  if (filters.tags.length) {
    query['filters[tags][]'] = filters.tags;
  }
  if (filters.creators.length) {
    query['filters[creator.uuid][]'] = filters.creators;
  }
  if (filters.responsibles.length) {
    query['filters[related_users.uuid][]'] = filters.responsibles;
  }
  if (options.projects.length) {
    query['filters[project][]'] = options.projects;
  }
  if (filters.overdueOnly) {
    query['filters[overdue_only]'] = 1;
  }
  const range = (field: string, from: string | null, to: string | null) => {
    if (from) {
      query[`filters[${field}][greater_than_or_equals]`] = from;
    }
    if (to) {
      query[`filters[${field}][less_than_or_equals]`] = to;
    }
  };
  range('created_at', filters.createdFrom, filters.createdTo);
  range('end_date', filters.dueFrom, filters.dueTo);
  const search = options.search.trim();
  if (search) {
    query['search_term[0][0]'] = search;
  }
  return query;
}

/** Groups board cards by status in the column order, each column by sort_order. */
export function groupByStatus<T extends { status: string; sort_order: number }>(
  cards: readonly T[],
  columns: readonly string[],
): Map<string, T[]> {
  const groups = new Map<string, T[]>(columns.map((c) => [c, []]));
  for (const card of cards) {
    groups.get(card.status)?.push(card);
  }
  for (const list of groups.values()) {
    list.sort((a, b) => a.sort_order - b.sort_order);
  }
  return groups;
}
