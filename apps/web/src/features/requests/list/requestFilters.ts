import {
  DEFAULT_REQUEST_STATUS_FILTER,
  PROJECT_TYPES,
  type ProjectType,
  REQUEST_SORT_FIELDS,
  REQUEST_STATUSES,
  REQUEST_TEMPERATURE_FILTERS,
  type RequestStatus,
} from '@portal/domain';
import type { QueryValue } from '../../../api/client';

export type TemperatureFilter = (typeof REQUEST_TEMPERATURE_FILTERS)[number];

/** The requests table's state as the address carries it (doc 2 §2: table URLs hold filters and search). */
export interface RequestListState {
  statuses: RequestStatus[];
  temperatures: TemperatureFilter[];
  projectTypes: ProjectType[];
  search: string;
  page: number;
  size: number;
  /** The clicked column (GET requests' sort[by]): created_at, target_date, subject or status. */
  sortBy: (typeof REQUEST_SORT_FIELDS)[number];
  direction: 'asc' | 'desc';
}

export const DEFAULT_PAGE_SIZE = 50;

/** Doc 2 §4: open statuses, every temperature, retainer and hosting plans, newest first. */
export const DEFAULT_REQUEST_LIST: RequestListState = {
  statuses: [...DEFAULT_REQUEST_STATUS_FILTER],
  temperatures: [...REQUEST_TEMPERATURE_FILTERS],
  projectTypes: ['retainer', 'hosting'],
  search: '',
  page: 1,
  size: DEFAULT_PAGE_SIZE,
  sortBy: 'created_at',
  direction: 'desc',
};

/** The requests table's filters as the data table keeps them in the address (status=a,b&temperature=3,2…). */
export const REQUEST_TABLE_FILTERS = {
  status: [...DEFAULT_REQUEST_LIST.statuses],
  temperature: DEFAULT_REQUEST_LIST.temperatures.map(String),
  project_type: [...DEFAULT_REQUEST_LIST.projectTypes],
};
export const REQUEST_TABLE_SORT = { by: 'created_at', direction: 'desc' } as const;

function pick<T extends string | number>(values: readonly string[], allowed: readonly T[]): T[] {
  // A link may carry anything: only known values are kept, once each, in the order given.
  const known = values.flatMap((value) => allowed.filter((candidate) => String(candidate) === value));
  return [...new Set(known)];
}

/** The list state of the data table's state; unknown values from a link are dropped. */
export function requestStateFromTable(table: {
  filters: Record<keyof typeof REQUEST_TABLE_FILTERS, string[]>;
  search: string;
  page: number;
  size: number;
  sort: { by?: string; direction: 'asc' | 'desc' } | null;
}): RequestListState {
  const [sortBy] = pick(table.sort?.by ? [table.sort.by] : [], REQUEST_SORT_FIELDS);
  return {
    statuses: pick(table.filters.status, REQUEST_STATUSES),
    temperatures: pick(table.filters.temperature, REQUEST_TEMPERATURE_FILTERS),
    projectTypes: pick(table.filters.project_type, PROJECT_TYPES),
    search: table.search,
    page: table.page,
    size: table.size,
    sortBy: sortBy ?? 'created_at',
    direction: table.sort?.direction ?? 'desc',
  };
}

/**
 * GET /requests for the state (doc 2 §7), with the total time and the counts per temperature. Choosing all three
 * temperatures drops the temperature filter (doc 2 §4); `projectUuid` narrows to one plan (/projects/:id/requests)
 * of any type.
 */
export function requestListQuery(
  state: RequestListState,
  options: { search: string; projectUuid?: string },
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {
    'page[size]': state.size,
    'page[number]': state.page,
    'sort[by]': state.sortBy,
    'sort[direction]': state.direction,
    with_total_time: 1,
    with_count_per_temp: 1,
    with: 'latest_comment',
  };
  if (state.statuses.length) {
    query['filters[projects_requests.status][]'] = state.statuses;
  }
  if (state.temperatures.length && state.temperatures.length < REQUEST_TEMPERATURE_FILTERS.length) {
    query['filters[projects_requests.temperature][]'] = state.temperatures;
  }
  if (options.projectUuid) {
    // One plan's requests: its type is known, and the server's default (retainer and hosting) must not hide them.
    query['filters[project.uuid]'] = options.projectUuid;
    query['project_type[]'] = PROJECT_TYPES;
  } else if (state.projectTypes.length) {
    query['project_type[]'] = state.projectTypes;
  }
  const search = options.search.trim();
  if (search) {
    query.search_term = search;
  }
  return query;
}
