import type { MissedDay, TimeLogReportProjectTotal, TimeLogReportTotals, TimeLogReportUserTotal } from '@portal/domain';
import { Table } from 'antd';
import { humanize } from '../common/listQuery';
import { PersonName } from '../people/PersonName';
import { formatHours, formatPercent, percentOf, usDate } from './reportFormat';

const share = (part: number, whole: number) => formatPercent(whole > 0 ? percentOf(part, whole) : null);

/** Totals per person over every matching log (not only the table's page). */
export function UserTotalsTable({ totals, loading }: { totals?: TimeLogReportTotals; loading: boolean }) {
  return (
    <Table<TimeLogReportUserTotal>
      size="small"
      rowKey={(row) => row.user.uuid}
      data-testid="timelog-report-by-user"
      loading={loading}
      dataSource={totals?.by_user ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 50, hideOnSinglePage: true, size: 'small' }}
      columns={[
        { title: 'Person', render: (_, row) => <PersonName uuid={row.user.uuid} name={row.user.name} /> },
        { title: 'Type', render: (_, row) => humanize(row.user.type) },
        { title: 'Time', align: 'right', render: (_, row) => formatHours(row.minutes) },
        { title: 'Billable', align: 'right', render: (_, row) => formatHours(row.billable_minutes) },
        { title: 'Billable share', align: 'right', render: (_, row) => share(row.billable_minutes, row.minutes) },
        { title: 'Share of total', align: 'right', render: (_, row) => share(row.minutes, totals?.total ?? 0) },
        { title: 'Missed days', align: 'right', dataIndex: 'missed_days' },
      ]}
    />
  );
}

/** Totals per plan; logs of tasks outside any plan are one row. */
export function ProjectTotalsTable({ totals, loading }: { totals?: TimeLogReportTotals; loading: boolean }) {
  return (
    <Table<TimeLogReportProjectTotal>
      size="small"
      rowKey={(row) => row.project?.uuid ?? 'none'}
      data-testid="timelog-report-by-project"
      loading={loading}
      dataSource={totals?.by_project ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 50, hideOnSinglePage: true, size: 'small' }}
      columns={[
        { title: 'Plan', render: (_, row) => row.project?.title ?? 'No plan' },
        { title: 'Client', render: (_, row) => row.customer?.business_name ?? '—' },
        { title: 'Type', render: (_, row) => (row.project ? humanize(row.project.project_type) : '—') },
        { title: 'Time', align: 'right', render: (_, row) => formatHours(row.minutes) },
        { title: 'Billable', align: 'right', render: (_, row) => formatHours(row.billable_minutes) },
        { title: 'Share of total', align: 'right', render: (_, row) => share(row.minutes, totals?.total ?? 0) },
      ]}
    />
  );
}

/** People's days below the weekly-hours threshold (doc 1 §9), newest first. */
export function MissedDaysTable({ totals, loading }: { totals?: TimeLogReportTotals; loading: boolean }) {
  const names = new Map((totals?.by_user ?? []).map((t) => [t.user.uuid, t.user.name]));
  return (
    <Table<MissedDay>
      size="small"
      rowKey={(row) => `${row.user_uuid}-${row.date}`}
      data-testid="timelog-report-missed-days"
      loading={loading}
      dataSource={totals?.missed ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Nobody fell behind the weekly hours in this range' }}
      pagination={{ pageSize: 50, hideOnSinglePage: true, size: 'small' }}
      columns={[
        { title: 'Date', render: (_, row) => usDate(row.date) },
        { title: 'Person', render: (_, row) => names.get(row.user_uuid) ?? '—' },
        { title: 'Week so far', align: 'right', render: (_, row) => formatHours(row.week_minutes) },
        { title: 'Expected by then', align: 'right', render: (_, row) => formatHours(row.threshold_minutes) },
        {
          title: 'Short by',
          align: 'right',
          render: (_, row) => formatHours(Math.max(0, row.threshold_minutes - row.week_minutes)),
        },
      ]}
    />
  );
}
