import { formatUsd, type TimeLogReportResponse, type TimeLogReportRow } from '@portal/domain';
import { Button, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type DataColumn, DataTable, type TableController } from '../../components/DataTable';
import { humanize } from '../common/listQuery';
import { PersonName } from '../people/PersonName';
import { useOpenTask } from '../tasks/useOpenTask';
import { categoryLabel } from './reportFilterOptions';
import { formatHours, usDate } from './reportFormat';
import { timelogExportSource } from './timelogReportQuery';

/**
 * The report's time logs, paged and sorted by the server (date, time, person, plan), with Reload and the export of
 * every matching log (GET reports/time-logs/export-all with every report filter; see timelogExportSource).
 */
export function TimelogReportTable({
  table,
  report,
  extra,
}: {
  table: TableController;
  report: { data?: TimeLogReportResponse; isFetching: boolean; refetch(): unknown };
  extra?: ReactNode;
}) {
  const openTask = useOpenTask();
  const columns: DataColumn<TimeLogReportRow>[] = [
    {
      key: 'date',
      priority: 1,
      title: 'Date',
      dataIndex: 'date',
      sortKey: 'date',
      render: (date: string) => usDate(date),
    },
    {
      key: 'user',
      priority: 2,
      title: 'Person',
      sortKey: 'user',
      render: (_, row) => <PersonName uuid={row.user.uuid} name={row.user.name} />,
    },
    {
      key: 'project',
      priority: 2,
      title: 'Plan',
      sortKey: 'project',
      render: (_, row) =>
        row.project ? (
          <div className="report-cell-stack">
            <span>{row.project.title}</span>
            {row.customer ? <span className="report-cell-sub">{row.customer.business_name}</span> : null}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'source',
      priority: 2,
      title: 'Task / request',
      render: (_, row) =>
        row.task ? (
          <Button
            type="link"
            size="small"
            className="report-link"
            onClick={() => openTask(row.task?.uuid ?? '')}
            data-testid="timelog-report-task"
          >
            {row.task.title}
          </Button>
        ) : row.request ? (
          <Link to={`/requests/${row.request.uuid}`}>{row.request.subject}</Link>
        ) : (
          humanize(row.source)
        ),
    },
    {
      key: 'category',
      priority: 3,
      title: 'Category',
      dataIndex: 'category',
      render: (category: string) => (
        <Tag color={category === 'billable' ? 'blue' : 'default'}>{categoryLabel(category)}</Tag>
      ),
    },
    {
      key: 'description',
      priority: 3,
      title: 'Description',
      dataIndex: 'description',
      ellipsis: { showTitle: false },
      width: 240,
      render: (text: string | null) =>
        text ? (
          <Tooltip title={text} placement="topLeft">
            {text}
          </Tooltip>
        ) : (
          ''
        ),
    },
    {
      key: 'minutes',
      priority: 1,
      title: 'Time',
      dataIndex: 'minutes',
      align: 'right',
      sortKey: 'minutes',
      render: (minutes: number, row) => (
        <span>
          {formatHours(minutes)}
          {row.status !== 'completed' ? <Tag className="report-status-tag">{humanize(row.status)}</Tag> : null}
        </span>
      ),
    },
    // Amounts come only to those who may read the rates (CHARGES_READ); for others the column is left out.
    ...(report.data?.totals.amount_cents !== null && report.data?.totals.amount_cents !== undefined
      ? [
          {
            key: 'amount',
            // A key column beside Time: other columns give way first at 1366 px.
            priority: 1,
            title: 'Amount (USD)',
            align: 'right' as const,
            render: (_: unknown, row: TimeLogReportRow) => (
              <span data-testid="timelog-report-amount">
                {row.amount_cents === null ? '—' : formatUsd(row.amount_cents)}
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable<TimeLogReportRow>
      table={table}
      query={report}
      columns={columns}
      testId="timelog-report"
      extra={extra}
      exportSource={timelogExportSource(table.state.filters, table.state.sort)}
      rowClassName={(row) => (row.missed ? 'report-row-missed' : '')}
    />
  );
}
