import { TASK_FILTER_STATUSES, type TaskStatus } from '@portal/domain';
import { EMPTY_TASK_FILTERS, type TaskFilters } from './taskFilters';

/** The task screens' filters as the data table keeps them in the address (one list of values each). */
export const TASK_TABLE_FILTERS = {
  status: [],
  tags: [],
  creator: [],
  responsible: [],
  overdue: [],
  created_from: [],
  created_to: [],
  due_from: [],
  due_to: [],
} satisfies Record<string, string[]>;
export type TaskTableFilterKey = keyof typeof TASK_TABLE_FILTERS;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (values: readonly string[] | undefined) => (values?.[0] && DATE.test(values[0]) ? values[0] : null);

export function taskFiltersFromTable(filters: Record<TaskTableFilterKey, string[]>): TaskFilters {
  return {
    ...EMPTY_TASK_FILTERS,
    // A link may carry anything: unknown statuses are dropped rather than sent.
    statuses: filters.status.filter((s): s is TaskStatus => (TASK_FILTER_STATUSES as readonly string[]).includes(s)),
    tags: filters.tags,
    creators: filters.creator,
    responsibles: filters.responsible,
    overdueOnly: filters.overdue[0] === '1',
    createdFrom: date(filters.created_from),
    createdTo: date(filters.created_to),
    dueFrom: date(filters.due_from),
    dueTo: date(filters.due_to),
  };
}

export function taskFiltersToTable(filters: TaskFilters): Record<TaskTableFilterKey, string[]> {
  const one = (value: string | null) => (value ? [value] : []);
  return {
    status: filters.statuses,
    tags: filters.tags,
    creator: filters.creators,
    responsible: filters.responsibles,
    overdue: filters.overdueOnly ? ['1'] : [],
    created_from: one(filters.createdFrom),
    created_to: one(filters.createdTo),
    due_from: one(filters.dueFrom),
    due_to: one(filters.dueTo),
  };
}
