import type { ListMeta } from '@portal/domain';
import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE_OPTIONS } from './listQuery';
import type { ListState } from './useListState';

/** antd pagination bound to a list state and the server's meta. */
export function tablePagination<F>(state: ListState<F>, meta: ListMeta | undefined): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.size,
    total: meta?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (total) => `${total} in total`,
    onChange: (page, size) => state.setPage(page, size),
  };
}

/** The props every server-paged table shares: rows by uuid, the query's rows and loading state, the pagination. */
export function listTableProps<T, F>(
  state: ListState<F>,
  query: { isFetching: boolean; data?: { data: T[]; meta: ListMeta } },
) {
  return {
    rowKey: 'uuid',
    size: 'middle',
    loading: query.isFetching,
    dataSource: query.data?.data ?? [],
    pagination: tablePagination(state, query.data?.meta),
  } as const;
}
