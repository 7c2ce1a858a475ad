import type { BulkSelectionState, ExportSource, TableSort } from '../../components/DataTable';

/**
 * The Users screen's export (doc 2 §7): POST users/bulk-operations/export with what the screen lists — every row
 * its type/status filters and search match (`_all`), in its order — or, from the bulk bar, the ticked people. An
 * empty filter is every value, so it is left out, as the list call leaves it out.
 */
export function usersExportSource(
  state: {
    filters: { type?: readonly string[]; status?: readonly string[] };
    search: string;
    sort: TableSort | null;
  },
  selection?: BulkSelectionState,
): Extract<ExportSource, { method: 'POST' }> {
  const sort = state.sort ? { sort: { by: state.sort.by, direction: state.sort.direction } } : {};
  if (selection && !selection.all) {
    return { method: 'POST', path: 'users/bulk-operations/export', body: { filters: { ids: selection.ids }, ...sort } };
  }
  const filters: Record<string, unknown> = { _all: true };
  for (const key of ['type', 'status'] as const) {
    const values = state.filters[key];
    if (values?.length) {
      filters[key] = [...values];
    }
  }
  const search = state.search.trim();
  return {
    method: 'POST',
    path: 'users/bulk-operations/export',
    body: {
      filters,
      ...(search ? { search_term: search } : {}),
      ...sort,
    },
  };
}
