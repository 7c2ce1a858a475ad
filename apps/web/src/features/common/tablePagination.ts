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
