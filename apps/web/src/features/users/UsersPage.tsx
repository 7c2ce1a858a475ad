import { PlusOutlined } from '@ant-design/icons';
import { CONTACT_STATUSES, type Contact, type ContactStatus, USER_TYPES, type UserType } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { tablePagination } from '../common/tablePagination';
import { useListState } from '../common/useListState';
import { useModalParam } from '../common/useModalParam';
import { CONTACTS_KEY, listContacts } from './api';
import { TYPE_LABELS } from './ContactFields';

/** /users (CONTACTS_READ): staff, freelancers and client contacts with search and type/status filters. */
export function UsersPage() {
  const ability = useAbility();
  const createModal = useModalParam('user');
  const list = useListState<{ type: UserType[]; status: ContactStatus[] }>({ type: [], status: ['active'] });
  const contacts = useQuery({
    queryKey: [...CONTACTS_KEY, 'list', 'users', list.page, list.size, list.debouncedSearch, list.filters],
    queryFn: ({ signal }) =>
      listContacts(
        {
          page: list.page,
          size: list.size,
          search: list.debouncedSearch,
          filters: { type: list.filters.type, status: list.filters.status },
          sortBy: 'name',
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: ability.can('CONTACTS_READ'),
  });
  if (!ability.can('CONTACTS_READ')) {
    return <ForbiddenPage />;
  }

  return (
    <div className="list-page" data-testid="users-page">
      <PageHeader
        title="Users"
        actions={
          ability.can('CONTACTS_CREATE') ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => createModal.set('create')}
              data-testid="users-new"
            >
              New user
            </Button>
          ) : null
        }
      />
      <Space wrap className="list-toolbar">
        <Input.Search
          allowClear
          placeholder="Search by name or e-mail"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          style={{ width: 260 }}
          data-testid="users-search"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="All types"
          value={list.filters.type}
          onChange={(type: UserType[]) => list.setFilters({ ...list.filters, type })}
          options={USER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          style={{ minWidth: 200 }}
          data-testid="users-type-filter"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="All statuses"
          value={list.filters.status}
          onChange={(status: ContactStatus[]) => list.setFilters({ ...list.filters, status })}
          options={CONTACT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          style={{ minWidth: 180 }}
          data-testid="users-status-filter"
        />
      </Space>
      <Table<Contact>
        rowKey="uuid"
        size="middle"
        loading={contacts.isFetching}
        dataSource={contacts.data?.data ?? []}
        pagination={tablePagination(list, contacts.data?.meta)}
        data-testid="users-table"
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            render: (name: string, row) => (
              <Link to={`/users/${row.uuid}`} data-testid="user-row-link">
                {name}
              </Link>
            ),
          },
          { title: 'E-mail', dataIndex: 'email' },
          { title: 'Type', dataIndex: 'type', render: (t: UserType) => TYPE_LABELS[t] },
          {
            title: 'Clients',
            dataIndex: 'customers',
            render: (customers: Contact['customers']) =>
              customers.map((c) => (
                <Tag key={c.uuid} className="tag-ellipsis">
                  {c.business_name}
                </Tag>
              )),
          },
          {
            title: 'Roles',
            dataIndex: 'roles',
            render: (roles: Contact['roles']) => roles.map((r) => r.name).join(', '),
          },
          { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        ]}
      />
    </div>
  );
}
