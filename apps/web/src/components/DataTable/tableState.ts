/**
 * A data table's state (search, filters, sort, page, page size) and how it travels: in the address, so a link or a
 * reload shows the same rows, and in localStorage per table, so a table opened from the menu comes back as the user
 * left it (doc 2 §9: persisted table state version 7). Pure functions; `useTableState` binds them to React Router.
 */

/** Doc 2 §9. Saved state of any other version is dropped, so a change in its shape never misreads old data. */
export const TABLE_STATE_VERSION = 7;

/** Doc 2 §9: table default 50 rows; 1000 where the server does not page. */
export const DEFAULT_TABLE_SIZE = 50;
export const UNPAGED_TABLE_SIZE = 1000;
export const SERVER_PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const CLIENT_PAGE_SIZES = [50, 100, 500, 1000] as const;

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  by: string;
  direction: SortDirection;
}

/** Every filter is a list of values; a single-valued filter holds one, an unset one none. */
export type TableFilters = Record<string, string[]>;

export interface TableState {
  search: string;
  filters: TableFilters;
  sort: TableSort | null;
  page: number;
  size: number;
}

/** What a screen declares: its filters (their keys are the only ones read back), default sort and page size. */
export interface TableDefaults {
  filters: TableFilters;
  sort: TableSort | null;
  size: number;
}

/** The saved form: no page (a table reopened from the menu starts at page 1). */
export interface SavedTableState {
  version: number;
  search: string;
  filters: TableFilters;
  sort: TableSort | null;
  size: number;
}

const SEARCH_KEY = 'search';
const PAGE_KEY = 'page';
const SIZE_KEY = 'size';
const SORT_KEY = 'sort';

export function initialTableState(defaults: TableDefaults): TableState {
  return { search: '', filters: cloneFilters(defaults.filters), sort: defaults.sort, page: 1, size: defaults.size };
}

function cloneFilters(filters: TableFilters): TableFilters {
  return Object.fromEntries(Object.entries(filters).map(([key, values]) => [key, [...values]]));
}

/** The address keys a table owns: the fixed ones plus one per declared filter. */
export function tableParamKeys(defaults: TableDefaults): string[] {
  return [SEARCH_KEY, PAGE_KEY, SIZE_KEY, SORT_KEY, ...Object.keys(defaults.filters)];
}

export function hasTableParams(params: URLSearchParams, defaults: TableDefaults): boolean {
  return tableParamKeys(defaults).some((key) => params.has(key));
}

function positiveInt(raw: string | null, fallback: number, max = 100_000): number {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 && value <= max ? value : fallback;
}

/** 'created_at' is ascending, '-created_at' descending. */
export function parseSort(raw: string | null): TableSort | null {
  if (!raw) {
    return null;
  }
  const descending = raw.startsWith('-');
  const by = descending ? raw.slice(1) : raw;
  return /^[\w.]+$/.test(by) ? { by, direction: descending ? 'desc' : 'asc' } : null;
}

export function formatSort(sort: TableSort | null): string {
  return sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.by}` : '';
}

/**
 * The state a link describes. A table key missing from the address means its default; a filter present but empty
 * ('status=') means "no filter", so clearing a default filter survives a reload.
 */
export function readUrlState(params: URLSearchParams, defaults: TableDefaults): TableState {
  const filters: TableFilters = {};
  for (const [key, fallback] of Object.entries(defaults.filters)) {
    const raw = params.get(key);
    filters[key] = raw === null ? [...fallback] : raw.split(',').filter(Boolean);
  }
  return {
    search: params.get(SEARCH_KEY) ?? '',
    filters,
    sort: params.has(SORT_KEY) ? parseSort(params.get(SORT_KEY)) : defaults.sort,
    page: positiveInt(params.get(PAGE_KEY), 1),
    size: positiveInt(params.get(SIZE_KEY), defaults.size),
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

function sameSort(a: TableSort | null, b: TableSort | null): boolean {
  return formatSort(a) === formatSort(b);
}

/**
 * Writes the state into the address, leaving out what equals the default so a plain menu link stays short. Other
 * parameters (task_uuid, client_uuid and the other global modals, a screen's own tab) are kept as they are.
 */
export function writeUrlState(current: URLSearchParams, state: TableState, defaults: TableDefaults): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string, isDefault: boolean) => {
    if (isDefault) {
      next.delete(key);
    } else {
      next.set(key, value);
    }
  };
  put(SEARCH_KEY, state.search, state.search === '');
  put(PAGE_KEY, String(state.page), state.page === 1);
  put(SIZE_KEY, String(state.size), state.size === defaults.size);
  put(SORT_KEY, formatSort(state.sort), sameSort(state.sort, defaults.sort));
  for (const [key, fallback] of Object.entries(defaults.filters)) {
    const values = state.filters[key] ?? [];
    put(key, values.join(','), sameList(values, fallback));
  }
  return next;
}

export function isDefaultState(state: TableState, defaults: TableDefaults): boolean {
  return (
    state.search === '' &&
    state.page === 1 &&
    state.size === defaults.size &&
    sameSort(state.sort, defaults.sort) &&
    Object.entries(defaults.filters).every(([key, fallback]) => sameList(state.filters[key] ?? [], fallback))
  );
}

export function storageKey(tableId: string): string {
  return `portal.table.${tableId}`;
}

export function toSaved(state: TableState): SavedTableState {
  return {
    version: TABLE_STATE_VERSION,
    search: state.search,
    filters: state.filters,
    sort: state.sort,
    size: state.size,
  };
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Reads saved state back. Anything not written by this version (another version, a broken or hand-edited value)
 * is null; only the filters the screen declares today are taken, the others fall back to their defaults.
 */
export function parseSaved(raw: string | null, defaults: TableDefaults): TableState | null {
  if (!raw) {
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const saved = value as Partial<SavedTableState>;
  if (saved.version !== TABLE_STATE_VERSION) {
    return null;
  }
  const filters: TableFilters = {};
  const savedFilters = (typeof saved.filters === 'object' && saved.filters) || {};
  for (const [key, fallback] of Object.entries(defaults.filters)) {
    const values = (savedFilters as Record<string, unknown>)[key];
    filters[key] = isStringList(values) ? [...values] : [...fallback];
  }
  const sort =
    saved.sort && typeof saved.sort.by === 'string' ? parseSort(formatSort(saved.sort as TableSort)) : defaults.sort;
  return {
    search: typeof saved.search === 'string' ? saved.search : '',
    filters,
    sort: saved.sort === null ? null : sort,
    page: 1,
    size: positiveInt(String(saved.size), defaults.size),
  };
}

/** Where a table starts: the address wins whenever it names any of the table's keys; else saved state; else defaults. */
export function resolveTableState(
  params: URLSearchParams,
  savedRaw: string | null,
  defaults: TableDefaults,
): { state: TableState; from: 'url' | 'saved' | 'defaults' } {
  if (hasTableParams(params, defaults)) {
    return { state: readUrlState(params, defaults), from: 'url' };
  }
  const saved = parseSaved(savedRaw, defaults);
  return saved ? { state: saved, from: 'saved' } : { state: initialTableState(defaults), from: 'defaults' };
}
