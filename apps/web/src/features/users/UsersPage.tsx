import { CONTACT_STATUSES, type Contact, USER_TYPES, type UserType } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { DataTable, ExportMenu, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { ListPage } from '../common/ListPage';
import { humanize } from '../common/listQuery';
import { statusColumn } from '../common/statusColumn';
import { useModalParam } from '../common/useModalParam';
import { CONTACTS_KEY, listContacts } from './api';
import { TYPE_LABELS } from './ContactFields';
import { usersExportSource } from './usersExport';

const STATUS_OPTIONS = CONTACT_STATUSES.map((s) => ({ value: s, label: humanize(s) }));

/** /users (CONTACTS_READ): staff, freelancers and client contacts with search and type/status filters. */
export function UsersPage() {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const createModal = useModalParam('user');
  const table = useTableState('users', {
    filters: { type: [], status: ['active'] },
    sort: { by: 'name', direction: 'asc' },
  });
  const filters = { type: table.state.filters.type, status: table.state.filters.status };
  const params = { ...table.listParams, filters };
  const exportState = { filters, search: table.state.search, sort: table.state.sort };
  const contacts = useListQuery(CONTACTS_KEY, table, (signal) => listContacts(params, signal), {
    enabled: ability.can('CONTACTS_READ'),
  });
  if (!ability.can('CONTACTS_READ')) {
    return <ForbiddenPage />;
  }

  return (
    <ListPage
      testId="users-page"
      title="Users"
      create={{
        permission: 'CONTACTS_CREATE',
        label: 'New user',
        onClick: () => createModal.set('create'),
        testId: 'users-new',
      }}
    >
      <DataTable<Contact>
        table={table}
        query={contacts}
        testId="users"
        searchPlaceholder="Search by name or e-mail"
        filters={
          <>
            <FilterSelect
              table={table}
              field="type"
              options={USER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              placeholder="All types"
              testId="users-type-filter"
            />
            <FilterSelect
              table={table}
              field="status"
              options={STATUS_OPTIONS}
              placeholder="All statuses"
              testId="users-status-filter"
            />
          </>
        }
        exportSource={usersExportSource(exportState)}
        // PUT contacts/{uuid} with CONTACTS_UPDATE; the server applies its rules (and revokes sessions on a status change).
        rowEdit={ability.can('CONTACTS_UPDATE') ? { url: 'contacts' } : undefined}
        bulk={{
          resource: 'contacts',
          filters,
          statuses: ability.can('CONTACTS_UPDATE') ? STATUS_OPTIONS : undefined,
          canDelete: ability.can('CONTACTS_DESTROY'),
          // Whoever reads the screen may export the ticked people (POST users/bulk-operations/export with ids).
          selectionActions: (selection) => (
            <ExportMenu
              source={usersExportSource(exportState, selection)}
              label="Export selected"
              testId="users-bulk-export"
            />
          ),
          onDone: () => void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY }),
        }}
        columns={[
          {
            key: 'name',
            title: 'Name',
            dataIndex: 'name',
            sortKey: 'name',
            edit: { field: 'name', required: true, maxLength: 255 },
            render: (name: string, row) => (
              <Link to={`/users/${row.uuid}`} data-testid="user-row-link">
                {name}
              </Link>
            ),
          },
          { key: 'email', title: 'E-mail', dataIndex: 'email', sortKey: 'email' },
          { key: 'type', title: 'Type', dataIndex: 'type', sortKey: 'type', render: (t: UserType) => TYPE_LABELS[t] },
          {
            key: 'customers',
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
            key: 'roles',
            title: 'Roles',
            dataIndex: 'roles',
            render: (roles: Contact['roles']) => roles.map((r) => r.name).join(', '),
          },
          statusColumn<Contact>(STATUS_OPTIONS),
        ]}
      />
    </ListPage>
  );
}
