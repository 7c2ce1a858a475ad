import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  CLIENT_PAGE_SIZES,
  DEFAULT_TABLE_SIZE,
  formatSort,
  isDefaultState,
  resolveTableState,
  SERVER_PAGE_SIZES,
  storageKey,
  type TableDefaults,
  type TableFilters,
  type TableSort,
  type TableState,
  toSaved,
  UNPAGED_TABLE_SIZE,
  writeUrlState,
} from './tableState';

export interface TableOptions<K extends string = string> {
  /** The screen's filters and their defaults; only these keys are read from the address and saved state. */
  filters?: Record<K, string[]>;
  sort?: TableSort | null;
  size?: number;
  /** False when the server answers every row at once: the table pages itself, 1000 rows a page by default. */
  serverPaging?: boolean;
  /** The page sizes offered, when a list differs from the standard ones (the timelog report pages by 500, doc 2 §9). */
  pageSizes?: readonly number[];
}

/** What a list call needs from the table: the bracket query's page, size, search and sort (see buildListQuery). */
export interface TableListParams {
  page: number;
  size: number;
  search: string;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
}

export interface TableController<K extends string = string> {
  id: string;
  defaults: TableDefaults;
  state: TableState & { filters: Record<K, string[]> };
  serverPaging: boolean;
  pageSizes: readonly number[];
  /** For a server-paged list call; the screen adds its filters (named as its API names them). */
  listParams: TableListParams;
  /** A stable key part for the list's query: changes whenever anything the list call sends changes. */
  queryKey: readonly unknown[];
  setSearch(search: string): void;
  setFilter(key: K, values: string[]): void;
  /** Several filters at once (one address change). */
  setFilters(patch: Partial<Record<K, string[]>>): void;
  setSort(sort: TableSort | null): void;
  setPage(page: number, size?: number): void;
  reset(): void;
  /** A table inside a drawer, tab or panel (useEmbeddedTableState): no address state, compact paging. */
  embedded?: boolean;
  /** The columns the person hid, saved with the table (embedded tables offer the Columns menu). */
  columnChoice?: { hidden: readonly string[]; setHidden(keys: string[]): void };
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, state: TableState): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(toSaved(state)));
  } catch {
    // Storage full or disabled: the address still carries the state.
  }
}

/**
 * One table's state, kept in the address (shareable, survives reload) and saved per table in localStorage (version
 * 7) for the next visit. The address wins: a link that names any of the table's keys shows exactly what it names.
 * Opening the table without them restores the saved state and writes it into the address, so it can be shared.
 */
export function useTableState<K extends string = never>(id: string, options: TableOptions<K> = {}): TableController<K> {
  const [params, setParams] = useSearchParams();
  const serverPaging = options.serverPaging ?? true;
  const defaultsKey = JSON.stringify([options.filters ?? {}, options.sort ?? null, options.size, serverPaging]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are compared by value (screens pass literals).
  const defaults = useMemo<TableDefaults>(
    () => ({
      filters: (options.filters ?? {}) as TableFilters,
      sort: options.sort ?? null,
      size: options.size ?? (serverPaging ? DEFAULT_TABLE_SIZE : UNPAGED_TABLE_SIZE),
    }),
    [defaultsKey],
  );
  const key = storageKey(id);
  const resolved = useMemo(() => resolveTableState(params, readStorage(key), defaults), [params, key, defaults]);
  const { state } = resolved;
  const stateKey = JSON.stringify(state);

  // biome-ignore lint/correctness/useExhaustiveDependencies: stateKey stands for the state's value.
  useEffect(() => {
    // Saving on every change also replaces state saved by an older version with this one's.
    writeStorage(key, state);
    if (resolved.from === 'saved' && !isDefaultState(state, defaults)) {
      setParams((current) => writeUrlState(current, state, defaults), { replace: true });
    }
  }, [key, stateKey, resolved.from, defaults, setParams]);

  // React Router's functional setSearchParams does not queue like setState: two updates before the next render
  // (a sort click while the debounced search lands) both start from the rendered address, and the later one drops
  // the earlier. Each update therefore starts from the address the previous one wrote until the router catches up.
  const written = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new rendered address is the trigger, not an input.
  useEffect(() => {
    written.current = null;
  }, [params]);

  const update = useCallback(
    (patch: Partial<TableState>) => {
      setParams(
        (current) => {
          const latest = written.current ?? current;
          const base = resolveTableState(latest, readStorage(key), defaults).state;
          const next: TableState = { ...base, ...patch, page: patch.page ?? 1 };
          writeStorage(key, next);
          const address = writeUrlState(latest, next, defaults);
          written.current = address;
          return address;
        },
        { replace: true },
      );
    },
    [key, defaults, setParams],
  );

  return {
    id,
    defaults,
    state: state as TableController<K>['state'],
    serverPaging,
    pageSizes: options.pageSizes ?? (serverPaging ? SERVER_PAGE_SIZES : CLIENT_PAGE_SIZES),
    listParams: {
      page: state.page,
      size: state.size,
      search: state.search,
      sortBy: state.sort?.by,
      sortDirection: state.sort?.direction,
    },
    queryKey: [id, state.search, state.page, state.size, formatSort(state.sort), state.filters],
    setSearch: (search) => update({ search }),
    setFilter: (filterKey, values) => update({ filters: { ...state.filters, [filterKey]: values } }),
    setFilters: (patch) => update({ filters: { ...state.filters, ...(patch as TableFilters) } }),
    setSort: (sort) => update({ sort }),
    setPage: (page, size) => (size !== undefined && size !== state.size ? update({ size }) : update({ page })),
    reset: () => update({ search: '', filters: defaults.filters, sort: defaults.sort, size: defaults.size }),
  };
}
