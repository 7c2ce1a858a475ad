import { useState } from 'react';
import { useDebouncedValue } from '../../search/useDebouncedValue';

export interface ListState<F> {
  page: number;
  size: number;
  search: string;
  /** The search after a 300 ms pause in typing: what the query uses. */
  debouncedSearch: string;
  filters: F;
  setPage(page: number, size?: number): void;
  setSearch(search: string): void;
  setFilters(filters: F): void;
}

/** Page, page size, search and filters of one table; any change other than the page itself goes back to page 1. */
export function useListState<F>(initialFilters: F, initialSize = 25): ListState<F> {
  const [page, setPageState] = useState(1);
  const [size, setSize] = useState(initialSize);
  const [search, setSearchState] = useState('');
  const [filters, setFiltersState] = useState(initialFilters);
  const debouncedSearch = useDebouncedValue(search, 300);
  return {
    page,
    size,
    search,
    debouncedSearch,
    filters,
    setPage(next, nextSize) {
      if (nextSize !== undefined && nextSize !== size) {
        setSize(nextSize);
        setPageState(1);
      } else {
        setPageState(next);
      }
    },
    setSearch(next) {
      setSearchState(next);
      setPageState(1);
    },
    setFilters(next) {
      setFiltersState(next);
      setPageState(1);
    },
  };
}

/** What a list call sends for the state's page, page size and (debounced) search. */
export function pageParams<F>(list: ListState<F>): { page: number; size: number; search: string } {
  return { page: list.page, size: list.size, search: list.debouncedSearch };
}
