import {
  DEFAULT_REQUEST_STATUS_FILTER,
  PROJECT_TYPES,
  type ProjectType,
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
  direction: 'desc',
};

function pickList<T extends string | number>(raw: string | null, allowed: readonly T[], fallback: T[]): T[] {
  // An absent parameter means the default; a present but empty one means "no filter" (every value).
  if (raw === null) {
    return [...fallback];
  }
  const parts = raw.split(',').filter(Boolean);
  return allowed.filter((value) => parts.includes(String(value)));
}

function positive(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Reads the state from the address; anything missing or unknown falls back to the default. */
export function listStateFromParams(params: URLSearchParams): RequestListState {
  return {
    statuses: pickList(params.get('status'), REQUEST_STATUSES, DEFAULT_REQUEST_LIST.statuses),
    temperatures: pickList(params.get('temperature'), REQUEST_TEMPERATURE_FILTERS, DEFAULT_REQUEST_LIST.temperatures),
    projectTypes: pickList(params.get('project_type'), PROJECT_TYPES, DEFAULT_REQUEST_LIST.projectTypes),
    search: params.get('search') ?? '',
    page: positive(params.get('page'), 1),
    size: positive(params.get('size'), DEFAULT_PAGE_SIZE),
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
  };
}

function sameSet<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

/**
 * Writes the state into the address, leaving out what equals the default so the plain /requests link stays short.
 * Other parameters (task_uuid and the other global modals) are kept.
 */
export function listStateToParams(state: RequestListState, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const lists: [string, readonly (string | number)[], readonly (string | number)[]][] = [
    ['status', state.statuses, DEFAULT_REQUEST_LIST.statuses],
    ['temperature', state.temperatures, DEFAULT_REQUEST_LIST.temperatures],
    ['project_type', state.projectTypes, DEFAULT_REQUEST_LIST.projectTypes],
  ];
  for (const [name, value, fallback] of lists) {
    if (sameSet(value, fallback)) {
      next.delete(name);
    } else {
      next.set(name, value.join(','));
    }
  }
  const scalars: [string, string, string][] = [
    ['search', state.search, ''],
    ['page', String(state.page), '1'],
    ['size', String(state.size), String(DEFAULT_PAGE_SIZE)],
    ['direction', state.direction, 'desc'],
  ];
  for (const [name, value, fallback] of scalars) {
    if (value === fallback) {
      next.delete(name);
    } else {
      next.set(name, value);
    }
  }
  return next;
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
    'sort[by]': 'created_at',
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
