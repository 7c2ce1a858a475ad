/**
 * State of an embedded table: one inside a drawer, a tab or a panel (a task's Timelogs, its subtasks, a request's
 * tasks, a plan's credit history). Several can be on one screen and the address belongs to the page (its list, its
 * modals), so an embedded table never reads or writes the address. It keeps its state in memory and saves what a
 * person chooses about the table itself — page size, sort, hidden columns — per table in localStorage with the
 * same version as every table (doc 2 §9: version 7; saved state of another version is dropped). The search and the
 * page are not saved: they belong to the one task or plan on screen, not to the table everywhere.
 */
import {
  formatSort,
  parseSaved,
  storageKey,
  TABLE_STATE_VERSION,
  type TableDefaults,
  type TableSort,
  type TableState,
} from './tableState';

/** The saved form: the list screens' saved shape (so one reader checks the version) plus the hidden columns. */
export interface SavedEmbeddedState {
  version: number;
  search: '';
  filters: Record<string, never>;
  sort: TableSort | null;
  size: number;
  hidden: string[];
}

export interface EmbeddedState {
  table: TableState;
  /** Keys of the columns the person hid. */
  hidden: string[];
}

/** Where a person's choices about one embedded table are kept; separate from the list screens' keys. */
export function embeddedStorageKey(tableId: string): string {
  return storageKey(`embedded.${tableId}`);
}

export function initialEmbeddedState(defaults: TableDefaults): EmbeddedState {
  return { table: { search: '', filters: {}, sort: defaults.sort, page: 1, size: defaults.size }, hidden: [] };
}

/**
 * Reads saved choices back; anything not written by this version, or broken, gives the defaults. A size the table
 * no longer offers falls back to the default, so an old choice cannot ask the server for an odd page.
 */
export function parseEmbedded(
  raw: string | null,
  defaults: TableDefaults,
  pageSizes: readonly number[],
): EmbeddedState {
  const saved = parseSaved(raw, { ...defaults, filters: {} });
  if (!saved) {
    return initialEmbeddedState(defaults);
  }
  const hidden = (JSON.parse(raw as string) as { hidden?: unknown }).hidden;
  return {
    table: {
      search: '',
      filters: {},
      sort: saved.sort,
      page: 1,
      size: pageSizes.includes(saved.size) ? saved.size : defaults.size,
    },
    hidden: Array.isArray(hidden) ? hidden.filter((key): key is string => typeof key === 'string') : [],
  };
}

export function toSavedEmbedded(state: EmbeddedState): SavedEmbeddedState {
  return {
    version: TABLE_STATE_VERSION,
    search: '',
    filters: {},
    sort: state.table.sort,
    size: state.table.size,
    hidden: [...state.hidden],
  };
}

/** A key for the list's query: changes whenever anything an embedded table's call sends changes. */
export function embeddedQueryKey(id: string, state: TableState): readonly unknown[] {
  return [id, state.search, state.page, state.size, formatSort(state.sort)];
}

/** The part of localStorage the table uses; a failing storage (full, disabled) only loses the saved choice. */
export type ChoiceStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function loadEmbedded(
  storage: ChoiceStorage | null,
  tableId: string,
  defaults: TableDefaults,
  pageSizes: readonly number[],
): EmbeddedState {
  try {
    return parseEmbedded(storage?.getItem(embeddedStorageKey(tableId)) ?? null, defaults, pageSizes);
  } catch {
    return initialEmbeddedState(defaults);
  }
}

export function saveEmbedded(storage: ChoiceStorage | null, tableId: string, state: EmbeddedState): void {
  try {
    storage?.setItem(embeddedStorageKey(tableId), JSON.stringify(toSavedEmbedded(state)));
  } catch {
    // Storage full or disabled: the table keeps the choice until it closes.
  }
}
