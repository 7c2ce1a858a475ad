import type {
  MissedDay,
  TimeLogReportProjectTotal,
  TimeLogReportResponse,
  TimeLogReportTotals,
  TimeLogReportUserTotal,
} from '@portal/domain';
import { type DataColumn, DataTable, type TableQuery, useEmbeddedTableState } from '../../components/DataTable';
import { humanize } from '../common/listQuery';
import { PersonName } from '../people/PersonName';
import { formatHours, formatPercent, percentOf, usDate } from './reportFormat';

const share = (part: number, whole: number) => formatPercent(whole > 0 ? percentOf(part, whole) : null);

/** The report's query as the page runs it; its totals feed these tables and Reload reads the report again. */
export interface ReportQuery {
  data?: TimeLogReportResponse;
  isFetching: boolean;
  refetch(): unknown;
}

/** One breakdown of the report's totals as a table's rows (the server answers them whole: the table sorts them). */
function rowsOf<T>(report: ReportQuery, pick: (totals: TimeLogReportTotals) => T[]): TableQuery<T> {
  const totals = report.data?.totals;
  return { data: { data: totals ? pick(totals) : [] }, isFetching: report.isFetching, refetch: report.refetch };
}

/**
 * The breakdowns sit in tabs under the report's own table, which owns the address: they are embedded tables,
 * 50 rows a page as before, with their sort, page size and hidden columns remembered per breakdown.
 */
const BREAKDOWN_OPTIONS = { serverPaging: false, size: 50 } as const;

/** Totals per person over every matching log (not only the table's page). */
export function UserTotalsTable({ report }: { report: ReportQuery }) {
  const table = useEmbeddedTableState('timelog-report-by-user', BREAKDOWN_OPTIONS);
  const total = report.data?.totals.total ?? 0;
  const columns: DataColumn<TimeLogReportUserTotal>[] = [
    {
      key: 'person',
      title: 'Person',
      sortKey: 'user.name',
      render: (_, row) => <PersonName uuid={row.user.uuid} name={row.user.name} />,
    },
    { key: 'type', title: 'Type', sortKey: 'user.type', render: (_, row) => humanize(row.user.type) },
    { key: 'time', title: 'Time', align: 'right', sortKey: 'minutes', render: (_, row) => formatHours(row.minutes) },
    {
      key: 'billable',
      title: 'Billable',
      align: 'right',
      sortKey: 'billable_minutes',
      render: (_, row) => formatHours(row.billable_minutes),
    },
    {
      key: 'billable_share',
      title: 'Billable share',
      align: 'right',
      render: (_, row) => share(row.billable_minutes, row.minutes),
    },
    { key: 'share', title: 'Share of total', align: 'right', render: (_, row) => share(row.minutes, total) },
    { key: 'missed_days', title: 'Missed days', align: 'right', dataIndex: 'missed_days', sortKey: 'missed_days' },
  ];
  return (
    <div data-testid="timelog-report-by-user">
      <DataTable<TimeLogReportUserTotal>
        table={table}
        query={rowsOf(report, (t) => t.by_user)}
        columns={columns}
        rowKey={(row) => row.user.uuid}
        testId="timelog-report-by-user"
      />
    </div>
  );
}

/** Totals per plan; logs of tasks outside any plan are one row. */
export function ProjectTotalsTable({ report }: { report: ReportQuery }) {
  const table = useEmbeddedTableState('timelog-report-by-project', BREAKDOWN_OPTIONS);
  const total = report.data?.totals.total ?? 0;
  const columns: DataColumn<TimeLogReportProjectTotal>[] = [
    { key: 'plan', title: 'Plan', sortKey: 'project.title', render: (_, row) => row.project?.title ?? 'No plan' },
    {
      key: 'client',
      title: 'Client',
      sortKey: 'customer.business_name',
      render: (_, row) => row.customer?.business_name ?? '—',
    },
    {
      key: 'type',
      title: 'Type',
      sortKey: 'project.project_type',
      render: (_, row) => (row.project ? humanize(row.project.project_type) : '—'),
    },
    { key: 'time', title: 'Time', align: 'right', sortKey: 'minutes', render: (_, row) => formatHours(row.minutes) },
    {
      key: 'billable',
      title: 'Billable',
      align: 'right',
      sortKey: 'billable_minutes',
      render: (_, row) => formatHours(row.billable_minutes),
    },
    { key: 'share', title: 'Share of total', align: 'right', render: (_, row) => share(row.minutes, total) },
  ];
  return (
    <div data-testid="timelog-report-by-project">
      <DataTable<TimeLogReportProjectTotal>
        table={table}
        query={rowsOf(report, (t) => t.by_project)}
        columns={columns}
        rowKey={(row) => row.project?.uuid ?? 'none'}
        testId="timelog-report-by-project"
      />
    </div>
  );
}

/** People's days below the weekly-hours threshold (doc 1 §9), newest first. */
export function MissedDaysTable({ report }: { report: ReportQuery }) {
  const table = useEmbeddedTableState('timelog-report-missed-days', BREAKDOWN_OPTIONS);
  const names = new Map((report.data?.totals.by_user ?? []).map((t) => [t.user.uuid, t.user.name]));
  const columns: DataColumn<MissedDay>[] = [
    { key: 'date', title: 'Date', sortKey: 'date', render: (_, row) => usDate(row.date) },
    { key: 'person', title: 'Person', render: (_, row) => names.get(row.user_uuid) ?? '—' },
    {
      key: 'week',
      title: 'Week so far',
      align: 'right',
      sortKey: 'week_minutes',
      render: (_, row) => formatHours(row.week_minutes),
    },
    {
      key: 'expected',
      title: 'Expected by then',
      align: 'right',
      sortKey: 'threshold_minutes',
      render: (_, row) => formatHours(row.threshold_minutes),
    },
    {
      key: 'short',
      title: 'Short by',
      align: 'right',
      render: (_, row) => formatHours(Math.max(0, row.threshold_minutes - row.week_minutes)),
    },
  ];
  return (
    <div data-testid="timelog-report-missed-days">
      <DataTable<MissedDay>
        table={table}
        query={rowsOf(report, (t) => t.missed)}
        columns={columns}
        rowKey={(row) => `${row.user_uuid}-${row.date}`}
        testId="timelog-report-missed-days"
        locale={{ emptyText: 'Nobody fell behind the weekly hours in this range' }}
      />
    </div>
  );
}
