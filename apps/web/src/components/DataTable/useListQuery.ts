import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableController } from './useTableState';

/**
 * A list screen's query: keyed under the resource's key and the table's state, so a write that invalidates the
 * resource refreshes the list, and the current page stays on screen while the next one loads.
 */
export function useListQuery<R>(
  resourceKey: readonly unknown[],
  table: Pick<TableController, 'queryKey'>,
  fetchList: (signal: AbortSignal) => Promise<R>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: [...resourceKey, 'list', ...table.queryKey],
    queryFn: ({ signal }) => fetchList(signal),
    placeholderData: keepPreviousData,
    ...options,
  });
}
