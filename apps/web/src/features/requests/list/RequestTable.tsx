import { formatMinutes, type RequestListItem } from '@portal/domain';
import { Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  type BulkActions,
  DataTable,
  type ExportSource,
  type TableController,
  type TableQuery,
} from '../../../components/DataTable';
import { PersonName } from '../../people/PersonName';
import { isoToUsDate, localIsoDate } from '../../timelogs/timeEntry';
import { isDeliveryOverdue, REQUEST_STATUS_COLOURS, requestStatusLabel, temperatureBorderColour } from './requestRows';

export function RequestStatusTag({ status }: { status: string }) {
  return (
    <Tag color={REQUEST_STATUS_COLOURS[status]} data-testid="request-status">
      {requestStatusLabel(status)}
    </Tag>
  );
}

function responsibleNames(row: RequestListItem): string {
  return row.related_users
    .filter((u) => u.pivot === 'responsible')
    .map((u) => u.name)
    .join(', ');
}

/**
 * The requests table (doc 2 §2): hours, status, created date, latest comment, responsible, project and delivery;
 * the row's left border shows the temperature; a click opens the request; Duplicate for those who may.
 */
export function RequestTable({
  table,
  query,
  filters,
  extra,
  exportSource,
  bulk,
  canDuplicate,
  onOpen,
}: {
  table: TableController;
  query: TableQuery<RequestListItem>;
  filters?: ReactNode;
  extra?: ReactNode;
  exportSource?: ExportSource;
  bulk?: BulkActions;
  canDuplicate: boolean;
  onOpen(uuid: string): void;
}) {
  const today = localIsoDate(new Date());
  return (
    <DataTable<RequestListItem>
      table={table}
      query={query}
      testId="requests"
      searchPlaceholder="Search requests"
      filters={filters}
      extra={extra}
      exportSource={exportSource}
      bulk={bulk}
      rowLabel={(row) => row.subject}
      rowClassName="request-row"
      onRow={(row) =>
        ({
          onClick: () => onOpen(row.uuid),
          style: { '--request-border': temperatureBorderColour(row) ?? 'transparent' },
          'data-testid': 'request-row',
          'data-heat': row.ghosted ? 'ghosted' : (row.heat ?? 'unknown'),
        }) as React.HTMLAttributes<HTMLElement>
      }
      columns={[
        {
          key: 'subject',
          title: 'Request',
          dataIndex: 'subject',
          sortKey: 'subject',
          render: (subject: string, row) => (
            <div>
              <Typography.Text strong data-testid="request-row-subject">
                {subject}
              </Typography.Text>
              {row.requester ? (
                <div>
                  <Typography.Text type="secondary">
                    <PersonName uuid={row.requester.uuid} name={row.requester.name} testId="request-row-requester" />
                  </Typography.Text>
                </div>
              ) : null}
            </div>
          ),
        },
        {
          key: 'total_time',
          title: 'Hours',
          dataIndex: 'total_time',
          className: 'nowrap',
          render: (minutes: number) => <span data-testid="request-row-hours">{formatMinutes(minutes)}</span>,
        },
        {
          key: 'status',
          title: 'Status',
          dataIndex: 'status',
          sortKey: 'status',
          render: (status: string) => <RequestStatusTag status={status} />,
        },
        {
          key: 'created_at',
          title: 'Created',
          dataIndex: 'created_at',
          sortKey: 'created_at',
          className: 'nowrap',
          render: (at: string) => isoToUsDate(at.slice(0, 10)),
        },
        {
          key: 'latest_comment',
          title: 'Latest comment',
          dataIndex: 'latest_comment',
          render: (comment: RequestListItem['latest_comment']) =>
            comment ? (
              <Tooltip title={comment.creator?.name}>
                <Typography.Text ellipsis style={{ maxWidth: 220 }} data-testid="request-row-comment">
                  {comment.text}
                </Typography.Text>
              </Tooltip>
            ) : null,
        },
        { key: 'responsible', title: 'Responsible', render: (_: unknown, row) => responsibleNames(row) },
        {
          key: 'project',
          title: 'Project',
          dataIndex: ['project', 'title'],
          render: (title: string | undefined) => title ?? '',
        },
        {
          key: 'target_date',
          title: 'Delivery',
          dataIndex: 'target_date',
          sortKey: 'target_date',
          className: 'nowrap',
          render: (date: string | null, row) => (
            <Typography.Text
              type={isDeliveryOverdue(row, today) ? 'danger' : undefined}
              data-testid="request-row-delivery"
            >
              {date ? isoToUsDate(date.slice(0, 10)) : ''}
            </Typography.Text>
          ),
        },
        ...(canDuplicate
          ? [
              {
                key: 'actions',
                title: '',
                render: (_: unknown, row: RequestListItem) => (
                  <Link
                    to={`/requests/${row.uuid}/duplicate`}
                    onClick={(event) => event.stopPropagation()}
                    data-testid="request-row-duplicate"
                  >
                    Duplicate
                  </Link>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
