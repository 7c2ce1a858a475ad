import { PROJECT_TIME_REPORT_DEFAULT_STATUSES, PROJECT_TYPES } from '@portal/domain';
import type { QueryValue } from '../../api/client';
import type { TableFilters, TableSort, TableState } from '../../components/DataTable/tableState';

/** Doc 2 §9: the report starts on paused, waiting to launch, in progress and active plans, by title. */
export const PROJECT_TIME_FILTERS: TableFilters = {
  status: [...PROJECT_TIME_REPORT_DEFAULT_STATUSES],
  project_type: [],
  advertising: [],
};
export const PROJECT_TIME_SORT: TableSort = { by: 'title', direction: 'asc' };

/** GET reports/project-time's query from the table state; "every plan type" sends no type filter. */
export function projectTimeQuery(state: TableState): Record<string, QueryValue> {
  const types = state.filters.project_type ?? [];
  const advertising = state.filters.advertising?.[0];
  return {
    'page[size]': state.size,
    'page[number]': state.page,
    search_term: state.search.trim() || undefined,
    'filters[projects.status][]': state.filters.status?.length ? state.filters.status : undefined,
    'filters[project_type][]': types.length && types.length < PROJECT_TYPES.length ? types : undefined,
    advertising: advertising === '1' || advertising === '0' ? advertising : undefined,
    'sort[by]': state.sort?.by,
    'sort[direction]': state.sort?.direction,
  };
}
