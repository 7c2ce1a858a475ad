import {
  CONTENT_PLATFORMS,
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  type ContentItem,
  type ContentStatus,
  PLATFORM_RULES,
} from '@portal/domain';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { buildListQuery } from '../common/listQuery';
import { CONTENT_KEY, listContentItems } from './api';

/**
 * The plan's items in the table toolkit: filters by status and platform, export, and on the ticked rows a status
 * change (each row judged by the server; refusals listed) and "Send for approval".
 */
export function ContentTable({
  planUuid,
  onOpen,
  onBulkStatus,
  onSend,
  canUpdate,
  canSend,
}: {
  planUuid: string;
  onOpen(item: ContentItem): void;
  onBulkStatus(uuids: string[], status: ContentStatus): Promise<void>;
  onSend(uuids: string[]): void;
  canUpdate: boolean;
  canSend: boolean;
}) {
  const table = useTableState('content-items', { filters: { status: [], platform: [] } });
  const { status, platform } = table.state.filters;
  const params = { ...table.listParams, filters: { project_uuid: [planUuid], status, platform } };
  const items = useListQuery([...CONTENT_KEY, planUuid], table, (signal) => listContentItems(params, signal));
  const loaded = items.data?.data ?? [];
  const actions = (ids: string[], all: boolean): ReactNode => {
    const uuids = all ? loaded.map((i) => i.uuid) : ids;
    return (
      <>
        {canUpdate ? (
          <Dropdown
            menu={{
              items: CONTENT_STATUSES.map((s) => ({ key: s, label: CONTENT_STATUS_LABELS[s] })),
              onClick: ({ key }) => void onBulkStatus(uuids, key as ContentStatus),
            }}
          >
            <Button data-testid="content-bulk-status">Set status</Button>
          </Dropdown>
        ) : null}
        {canSend ? (
          <Button type="primary" onClick={() => onSend(uuids)} data-testid="content-send-approval">
            Send for approval
          </Button>
        ) : null}
      </>
    );
  };
  return (
    <DataTable<ContentItem>
      table={table}
      query={items}
      testId="content"
      searchPlaceholder="Search captions"
      exportSource={{ path: 'content-items/export-all', query: buildListQuery(params) }}
      rowLabel={(row) => `${PLATFORM_RULES[row.platform].label}: ${row.caption.slice(0, 40)}`}
      bulk={{
        resource: 'content-items',
        filters: { project_uuid: [planUuid], status, platform },
        selectionActions: (selection) => actions(selection.ids, selection.all),
      }}
      filters={
        <>
          <FilterSelect
            table={table}
            field="status"
            options={CONTENT_STATUSES.map((value) => ({ value, label: CONTENT_STATUS_LABELS[value] }))}
            placeholder="Any status"
            testId="content-status-filter"
          />
          <FilterSelect
            table={table}
            field="platform"
            options={CONTENT_PLATFORMS.map((value) => ({ value, label: PLATFORM_RULES[value].label }))}
            placeholder="Any platform"
            testId="content-platform-filter"
          />
        </>
      }
      columns={[
        {
          key: 'scheduled_at',
          title: 'Scheduled',
          dataIndex: 'scheduled_at',
          sortKey: 'scheduled_at',
          priority: 1,
          render: (value: string | null, row) => (
            <Button type="link" onClick={() => onOpen(row)} data-testid="content-open">
              {value ? new Date(value).toLocaleString() : 'Not scheduled'}
            </Button>
          ),
        },
        {
          key: 'platform',
          title: 'Platform',
          dataIndex: 'platform',
          sortKey: 'platform',
          priority: 1,
          render: (value: ContentItem['platform']) => PLATFORM_RULES[value].label,
        },
        {
          key: 'caption',
          title: 'Caption',
          dataIndex: 'caption',
          priority: 2,
          render: (value: string) => (value.length > 80 ? `${value.slice(0, 80)}…` : value),
        },
        {
          key: 'status',
          title: 'Status',
          dataIndex: 'status',
          sortKey: 'status',
          priority: 1,
          render: (value: ContentStatus) => (
            <span data-testid="content-status-cell">{CONTENT_STATUS_LABELS[value]}</span>
          ),
        },
        {
          key: 'assignee',
          title: 'Assignee',
          dataIndex: 'assignee',
          priority: 3,
          render: (_: unknown, row) => row.assignee?.name ?? '—',
        },
      ]}
    />
  );
}
