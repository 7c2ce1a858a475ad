import { APP_USER_TYPES, PROJECT_TYPES, TIMELOG_CATEGORIES, TIMELOG_SOURCES } from '@portal/domain';
import type { QueryValue } from '../../api/client';
import type { TableFilters, TableSort, TableState } from '../../components/DataTable/tableState';

/** The performance window's filters (doc 2 §7); an empty list is every value, the window ends today by default. */
export const PERFORMANCE_FILTERS: TableFilters = {
  user_type: [],
  category: [],
  source: [],
  project_type: [],
  until: [],
};
export const PERFORMANCE_SORT: TableSort = { by: 'name', direction: 'asc' };

function listFilter(values: readonly string[] | undefined, all: readonly string[]): string[] | undefined {
  if (!values || values.length === 0 || all.every((value) => values.includes(value))) {
    return undefined;
  }
  return [...values];
}

/** The filters both performance calls take (the list and one person's detail). */
export function performanceFilterQuery(filters: TableFilters): Record<string, QueryValue> {
  const until = filters.until?.[0];
  return {
    'user_type[]': listFilter(filters.user_type, APP_USER_TYPES),
    'category[]': listFilter(filters.category, TIMELOG_CATEGORIES),
    'source[]': listFilter(filters.source, TIMELOG_SOURCES),
    'project_type[]': listFilter(filters.project_type, PROJECT_TYPES),
    date_to: until && /^\d{4}-\d{2}-\d{2}$/.test(until) ? until : undefined,
  };
}

export function performanceListQuery(state: TableState): Record<string, QueryValue> {
  return {
    ...performanceFilterQuery(state.filters),
    search_term: state.search.trim() || undefined,
    'page[size]': state.size,
    'page[number]': state.page,
    'sort[by]': state.sort?.by,
    'sort[direction]': state.sort?.direction,
  };
}
