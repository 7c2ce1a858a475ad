import { type ActivityLogEntry, AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditObjectType } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { DataTable, DateRangeFilter, FilterSelect, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { useDebouncedValue } from '../../search/useDebouncedValue';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { listContacts } from '../users/api';
import { ACTIVITY_LOGS_KEY, listActivityLog } from './api';
import './logs.css';

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
  onboarding: 'Onboarding',
  post: 'Post',
  post_category: 'Post category',
};
const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  export: 'Exported',
  publish: 'Published',
  schedule: 'Scheduled',
  unpublish: 'Unpublished',
  restore: 'Restored a revision',
};
const actionLabel = (action: string) => ACTION_LABELS[action] ?? humanize(action);

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
  const table = useTableState('activity-log', {
    filters: { person: [], object_type: [], action: [], from: [], to: [] },
  });
  const { person, object_type, action, from, to } = table.state.filters;
  const entries = useQuery({
    queryKey: [...ACTIVITY_LOGS_KEY, ...table.queryKey],
    queryFn: ({ signal }) =>
      listActivityLog(
        {
          page: table.state.page,
          size: table.state.size,
          filters: { person: person[0], object_type, action, from: from[0], to: to[0] },
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }

  return (
    <div className="list-page" data-testid="activity-log-page">
      <PageHeader title="Activity log" />
      <DataTable<ActivityLogEntry>
        table={table}
        query={entries}
        rowKey="id"
        testId="activity-log"
        filters={
          <>
            <PersonFilter value={person[0]} onChange={(uuid) => table.setFilter('person', uuid ? [uuid] : [])} />
            <FilterSelect
              table={table}
              field="object_type"
              options={AUDIT_OBJECT_TYPES.map((type) => ({ value: type, label: OBJECT_LABELS[type] }))}
              placeholder="All objects"
              testId="activity-type-filter"
            />
            <FilterSelect
              table={table}
              field="action"
              options={AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
              placeholder="All actions"
              testId="activity-action-filter"
            />
            <DateRangeFilter table={table} from="from" to="to" label="Dates" testId="activity-dates" />
          </>
        }
        columns={[
          {
            key: 'created_at',
            title: 'When',
            dataIndex: 'created_at',
            render: (value: string) => new Date(value).toLocaleString(),
          },
          {
            key: 'actor',
            title: 'Who',
            dataIndex: 'actor',
            render: (actor: ActivityLogEntry['actor'], row) =>
              actor?.name ?? row.actor_email ?? <Typography.Text type="secondary">System</Typography.Text>,
          },
          { key: 'action', title: 'Action', dataIndex: 'action', render: actionLabel },
          {
            key: 'object',
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
            key: 'details',
            title: 'Details',
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
