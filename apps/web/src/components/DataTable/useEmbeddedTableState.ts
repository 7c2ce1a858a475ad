import { useState } from 'react';
import { type ChoiceStorage, type EmbeddedState, embeddedQueryKey, loadEmbedded, saveEmbedded } from './embeddedState';
import {
  CLIENT_PAGE_SIZES,
  type TableDefaults,
  type TableFilters,
  type TableSort,
  UNPAGED_TABLE_SIZE,
} from './tableState';
import type { TableController } from './useTableState';

export interface EmbeddedTableOptions {
  sort?: TableSort | null;
  size?: number;
  /** False when the rows are all at hand (a task's subtasks): the table sorts and pages them itself. */
  serverPaging?: boolean;
  pageSizes?: readonly number[];
}

/** Doc 2 §9 gives 50 for a list screen; inside a drawer or a tab a short page fits better, so 10 unless told. */
const EMBEDDED_SERVER_SIZE = 10;
const EMBEDDED_SERVER_SIZES = [10, 25, 50, 100] as const;

export function embeddedDefaults(options: EmbeddedTableOptions): { defaults: TableDefaults; pageSizes: number[] } {
  const serverPaging = options.serverPaging ?? true;
  const size = options.size ?? (serverPaging ? EMBEDDED_SERVER_SIZE : UNPAGED_TABLE_SIZE);
  const offered = options.pageSizes ?? (serverPaging ? EMBEDDED_SERVER_SIZES : CLIENT_PAGE_SIZES);
  // The default size is always offered, or the selector could not show it.
  const pageSizes = [...new Set([...offered, size])].sort((a, b) => a - b);
  return { defaults: { filters: {}, sort: options.sort ?? null, size }, pageSizes };
}

/**
 * The controller of an embedded table over its state; `commit` stores the next state. Nothing here touches the
 * address: setting the sort or the page size saves the choice for this table and re-renders, nothing else.
 */
export function createEmbeddedController(
  id: string,
  options: EmbeddedTableOptions,
  current: EmbeddedState,
  commit: (next: EmbeddedState) => void,
): TableController {
  const { defaults, pageSizes } = embeddedDefaults(options);
  const { table: state } = current;
  const update = (patch: Partial<EmbeddedState['table']>) =>
    commit({ ...current, table: { ...state, ...patch, page: patch.page ?? 1 } });
  return {
    id,
    defaults,
    state,
    serverPaging: options.serverPaging ?? true,
    pageSizes,
    embedded: true,
    listParams: {
      page: state.page,
      size: state.size,
      search: state.search,
      sortBy: state.sort?.by,
      sortDirection: state.sort?.direction,
    },
    queryKey: embeddedQueryKey(id, state),
    setSearch: (search) => update({ search }),
    setFilter: (key, values) => update({ filters: { ...state.filters, [key]: values } }),
    setFilters: (patch) => update({ filters: { ...state.filters, ...(patch as TableFilters) } }),
    setSort: (sort) => update({ sort }),
    setPage: (page, size) => (size !== undefined && size !== state.size ? update({ size }) : update({ page })),
    reset: () => update({ search: '', filters: {}, sort: defaults.sort, size: defaults.size }),
    columnChoice: {
      hidden: current.hidden,
      setHidden: (keys) => commit({ ...current, hidden: [...keys] }),
    },
  };
}

function browserStorage(): ChoiceStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * State for a table inside a drawer, tab or panel: sort, page size and hidden columns saved per table (version 7),
 * the page and search in memory, the address untouched — the page's own list and modals own it. `id` names the
 * table kind ('task-timelogs'), not the record: a choice made on one task's Timelogs holds for every task.
 */
export function useEmbeddedTableState(id: string, options: EmbeddedTableOptions = {}): TableController {
  const [current, setCurrent] = useState<EmbeddedState>(() => {
    const { defaults, pageSizes } = embeddedDefaults(options);
    return loadEmbedded(browserStorage(), id, defaults, pageSizes);
  });
  return createEmbeddedController(id, options, current, (next) => {
    saveEmbedded(browserStorage(), id, next);
    setCurrent(next);
  });
}
