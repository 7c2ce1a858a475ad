import { type ActivityLogEntry, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditObjectType } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { useDebouncedValue } from '../../search/useDebouncedValue';
import { MultiSelectFilter } from '../common/ListToolbar';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { tablePagination } from '../common/tablePagination';
import { useListState } from '../common/useListState';
import { listContacts } from '../users/api';
import { ACTIVITY_LOGS_KEY, listActivityLog } from './api';
import './logs.css';

type Filters = { person?: string; object_type: AuditObjectType[]; action: string[]; from?: string; to?: string };

const OBJECT_LABELS: Record<AuditObjectType, string> = {
  task: 'Task',
  request: 'Request',
  plan: 'Plan',
  client: 'Client',
  contact: 'Contact',
  user: 'User',
  role: 'Role',
  session: 'Sign-in',
  export: 'Export',
};
const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  export: 'Exported',
};
const actionLabel = (action: string) => ACTION_LABELS[action] ?? humanize(action);
const day = (value: Dayjs | null | undefined) => value?.format('YYYY-MM-DD');

/** Picks a person by name (the contacts list, searched as one types); answers a contact uuid. */
function PersonFilter({ value, onChange }: { value?: string; onChange(uuid?: string): void }) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, 300);
  const people = useQuery({
    queryKey: ['contacts', 'activity-person', term],
    queryFn: ({ signal }) => listContacts({ size: 20, search: term, sortBy: 'name' }, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      placeholder="Anyone"
      aria-label="Person"
      style={{ minWidth: 200 }}
      value={value}
      onSearch={setSearch}
      onChange={(uuid?: string) => onChange(uuid)}
      options={(people.data?.data ?? []).map((person) => ({ value: person.uuid, label: person.name }))}
      data-testid="activity-person-filter"
    />
  );
}

/** /activity-log (LOGS_READ): who did what to which object and when (doc 1 §2), newest first, with filters. */
export function ActivityLogPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('LOGS_READ');
  const list = useListState<Filters>({ object_type: [], action: [] }, 50);
  const entries = useQuery({
    queryKey: [...ACTIVITY_LOGS_KEY, list.page, list.size, list.filters],
    queryFn: ({ signal }) => listActivityLog({ page: list.page, size: list.size, filters: list.filters }, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const set = (patch: Partial<Filters>) => list.setFilters({ ...list.filters, ...patch });

  return (
    <div className="list-page" data-testid="activity-log-page">
      <PageHeader title="Activity log" />
      <Space wrap className="list-toolbar">
        <PersonFilter value={list.filters.person} onChange={(person) => set({ person })} />
        <MultiSelectFilter
          list={list}
          field="object_type"
          values={AUDIT_OBJECT_TYPES}
          label={(type) => OBJECT_LABELS[type]}
          placeholder="All objects"
          testId="activity-type-filter"
        />
        <MultiSelectFilter
          list={list}
          field="action"
          values={AUDIT_ACTIONS as unknown as string[]}
          label={actionLabel}
          placeholder="All actions"
          testId="activity-action-filter"
        />
        <DatePicker.RangePicker
          aria-label="Dates"
          onChange={(range) => set({ from: day(range?.[0]), to: day(range?.[1]) })}
          data-testid="activity-dates"
        />
      </Space>
      <Table<ActivityLogEntry>
        rowKey="id"
        size="middle"
        loading={entries.isFetching}
        dataSource={entries.data?.data ?? []}
        pagination={tablePagination(list, entries.data?.meta)}
        scroll={{ x: 'max-content' }}
        data-testid="activity-log-table"
        columns={[
          { title: 'When', dataIndex: 'created_at', render: (value: string) => new Date(value).toLocaleString() },
          {
            title: 'Who',
            dataIndex: 'actor',
            render: (actor: ActivityLogEntry['actor'], row) =>
              actor?.name ?? row.actor_email ?? <Typography.Text type="secondary">System</Typography.Text>,
          },
          { title: 'Action', dataIndex: 'action', render: actionLabel },
          {
            title: 'Object',
            dataIndex: 'object',
            render: (object: ActivityLogEntry['object'], row) => {
              const type = OBJECT_LABELS[row.object_type as AuditObjectType] ?? humanize(row.object_type);
              const label = object.label ?? '';
              return (
                <span>
                  <Typography.Text type="secondary">{type}</Typography.Text>{' '}
                  {object.link ? (
                    <Link to={object.link} data-testid="activity-object-link">
                      {label || 'Open'}
                    </Link>
                  ) : (
                    label
                  )}
                </span>
              );
            },
          },
          {
            title: 'Details',
            key: 'details',
            render: (_: unknown, row) =>
              [row.fields.length ? `Fields: ${row.fields.join(', ')}` : '', row.ip ? `IP ${row.ip}` : '']
                .filter(Boolean)
                .join(' · '),
          },
        ]}
      />
    </div>
  );
}
