import { CONTACT_STATUSES, type Contact, type ContactStatus, USER_TYPES, type UserType } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { ListToolbar, MultiSelectFilter, NewButton } from '../common/ListToolbar';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { listTableProps } from '../common/tablePagination';
import { pageParams, useListState } from '../common/useListState';
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
        { ...pageParams(list), filters: { type: list.filters.type, status: list.filters.status }, sortBy: 'name' },
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
          <NewButton permission="CONTACTS_CREATE" onClick={() => createModal.set('create')} testId="users-new">
            New user
          </NewButton>
        }
      />
      <ListToolbar list={list} placeholder="Search by name or e-mail" testId="users-search">
        <MultiSelectFilter
          list={list}
          field="type"
          values={USER_TYPES}
          label={(t) => TYPE_LABELS[t]}
          placeholder="All types"
          testId="users-type-filter"
        />
        <MultiSelectFilter
          list={list}
          field="status"
          values={CONTACT_STATUSES}
          minWidth={180}
          testId="users-status-filter"
        />
      </ListToolbar>
      <Table<Contact>
        {...listTableProps(list, contacts)}
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
