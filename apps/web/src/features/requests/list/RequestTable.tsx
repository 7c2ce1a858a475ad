import { formatMinutes, type RequestListItem } from '@portal/domain';
import { Table, type TablePaginationConfig, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { PAGE_SIZE_OPTIONS } from '../../common/listQuery';
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
  rows,
  loading,
  pagination,
  canDuplicate,
  onOpen,
}: {
  rows: RequestListItem[];
  loading: boolean;
  pagination: TablePaginationConfig;
  canDuplicate: boolean;
  onOpen(uuid: string): void;
}) {
  const today = localIsoDate(new Date());
  return (
    <Table<RequestListItem>
      rowKey="uuid"
      size="middle"
      loading={loading}
      dataSource={rows}
      data-testid="requests-table"
      scroll={{ x: 'max-content' }}
      pagination={{ showSizeChanger: true, pageSizeOptions: PAGE_SIZE_OPTIONS, ...pagination }}
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
          title: 'Request',
          dataIndex: 'subject',
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
          title: 'Hours',
          dataIndex: 'total_time',
          className: 'nowrap',
          render: (minutes: number) => <span data-testid="request-row-hours">{formatMinutes(minutes)}</span>,
        },
        { title: 'Status', dataIndex: 'status', render: (status: string) => <RequestStatusTag status={status} /> },
        {
          title: 'Created',
          dataIndex: 'created_at',
          className: 'nowrap',
          render: (at: string) => isoToUsDate(at.slice(0, 10)),
        },
        {
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
        { title: 'Responsible', key: 'responsible', render: (_: unknown, row) => responsibleNames(row) },
        {
          title: 'Project',
          dataIndex: ['project', 'title'],
          render: (title: string | undefined) => title ?? '',
        },
        {
          title: 'Delivery',
          dataIndex: 'target_date',
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
                title: '',
                key: 'actions',
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
