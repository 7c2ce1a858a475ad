import type { UserPerformanceDetail } from '@portal/domain';
import { type DataColumn, DataTable, type TableQuery, useEmbeddedTableState } from '../../components/DataTable';
import { humanize } from '../common/listQuery';
import { PlanLink } from '../plans';
import { categoryLabel } from './reportFilterOptions';
import { formatHours, formatPercent, percentOf } from './reportFormat';

type CategoryRow = UserPerformanceDetail['by_category'][number];
type SourceRow = UserPerformanceDetail['by_source'][number];
type ProjectRow = UserPerformanceDetail['by_project'][number];

/** The person's detail as the drawer reads it; Reload in any of its tables reads it again. */
export interface DetailQuery {
  data?: UserPerformanceDetail;
  isFetching: boolean;
  refetch(): unknown;
}

function rowsOf<T>(detail: DetailQuery, pick: (d: UserPerformanceDetail) => T[]): TableQuery<T> {
  return {
    data: { data: detail.data ? pick(detail.data) : [] },
    isFetching: detail.isFetching,
    refetch: detail.refetch,
  };
}

/** Rows the server answers whole, a handful each: the embedded table sorts them and shows no pager. */
const OPTIONS = { serverPaging: false } as const;

/** Where the person's time went, by category, with each one's share of the time logged. */
export function CategoryTable({ detail }: { detail: DetailQuery }) {
  const table = useEmbeddedTableState('user-performance-by-category', OPTIONS);
  const logged = detail.data?.logged_minutes ?? 0;
  const columns: DataColumn<CategoryRow>[] = [
    { key: 'category', title: 'Category', dataIndex: 'category', sortKey: 'category', render: categoryLabel },
    { key: 'time', title: 'Time', dataIndex: 'minutes', align: 'right', sortKey: 'minutes', render: formatHours },
    {
      key: 'share',
      title: 'Share',
      dataIndex: 'minutes',
      align: 'right',
      render: (m: number) => formatPercent(percentOf(m, logged)),
    },
  ];
  return (
    <DataTable<CategoryRow>
      table={table}
      query={rowsOf(detail, (d) => d.by_category)}
      columns={columns}
      rowKey={(row) => row.category}
      testId="user-performance-by-category"
    />
  );
}

/** Task time against request time. */
export function SourceTable({ detail }: { detail: DetailQuery }) {
  const table = useEmbeddedTableState('user-performance-by-source', OPTIONS);
  const columns: DataColumn<SourceRow>[] = [
    { key: 'source', title: 'Source', dataIndex: 'source', sortKey: 'source', render: (s: string) => humanize(s) },
    { key: 'time', title: 'Time', dataIndex: 'minutes', align: 'right', sortKey: 'minutes', render: formatHours },
  ];
  return (
    <DataTable<SourceRow>
      table={table}
      query={rowsOf(detail, (d) => d.by_source)}
      columns={columns}
      rowKey={(row) => row.source}
      testId="user-performance-by-source"
    />
  );
}

/** The plans with most of the person's time, each opening its plan. */
export function TopPlansTable({ detail }: { detail: DetailQuery }) {
  const table = useEmbeddedTableState('user-performance-by-project', OPTIONS);
  const columns: DataColumn<ProjectRow>[] = [
    {
      key: 'plan',
      title: 'Plan',
      sortKey: 'project.title',
      render: (_, row) => <PlanLink uuid={row.project.uuid}>{row.project.title}</PlanLink>,
    },
    { key: 'time', title: 'Time', dataIndex: 'minutes', align: 'right', sortKey: 'minutes', render: formatHours },
  ];
  return (
    <DataTable<ProjectRow>
      table={table}
      query={rowsOf(detail, (d) => d.by_project)}
      columns={columns}
      rowKey={(row) => row.project.uuid}
      testId="user-performance-by-project"
      locale={{ emptyText: 'No time on plans in this window' }}
    />
  );
}
