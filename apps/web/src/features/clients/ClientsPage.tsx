import type { CustomerListItem } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, FilterSelect, useTableState } from '../../components/DataTable';
import { buildListQuery } from '../common/listQuery';
import { NewButton } from '../common/NewButton';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { useModalParam } from '../common/useModalParam';
import { CUSTOMERS_KEY, listCustomers } from './api';
import { CLIENT_STATUS_OPTIONS, useCustomerTableActions } from './useCustomerTableActions';

/** /clients: the clients table; a row opens the client modal (client_uuid=…). */
export function ClientsPage() {
  const modal = useModalParam('client_uuid');
  const table = useTableState('clients', {
    filters: { status: ['active'] },
    sort: { by: 'business_name', direction: 'asc' },
  });
  const actions = useCustomerTableActions(table.state.filters.status);
  const params = { ...table.listParams, filters: { status: table.state.filters.status } };
  const clients = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', ...table.queryKey],
    queryFn: ({ signal }) => listCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="list-page" data-testid="clients-page">
      <PageHeader
        title="Clients"
        actions={
          <NewButton permission="CUSTOMERS_CREATE" onClick={() => modal.set('create')} testId="clients-new">
            New client
          </NewButton>
        }
      />
      <DataTable<CustomerListItem>
        table={table}
        query={clients}
        testId="clients"
        searchPlaceholder="Search clients"
        filters={
          <FilterSelect
            table={table}
            field="status"
            options={CLIENT_STATUS_OPTIONS}
            placeholder="All statuses"
            testId="clients-status-filter"
          />
        }
        exportSource={{ path: 'customers/export-all', query: buildListQuery(params) }}
        bulk={actions.bulk}
        rowEdit={actions.rowEdit}
        columns={[
          {
            key: 'business_name',
            title: 'Company Name',
            dataIndex: 'business_name',
            sortKey: 'business_name',
            edit: { field: 'business_name', required: true, maxLength: 255 },
            render: (name: string, row) => (
              <Link to={`?client_uuid=${row.uuid}`} data-testid="client-row-link" data-uuid={row.uuid}>
                {name}
              </Link>
            ),
          },
          {
            key: 'abbreviation',
            sortKey: 'abbreviation',
            title: 'Abbreviation',
            dataIndex: 'abbreviation',
            edit: { field: 'abbreviation', maxLength: 20 },
          },
          {
            key: 'status',
            title: 'Status',
            dataIndex: 'status',
            sortKey: 'status',
            edit: { field: 'status', input: 'select', options: CLIENT_STATUS_OPTIONS },
            render: (s: string) => <StatusTag status={s} />,
          },
          { key: 'plans_count', title: 'Plans', dataIndex: 'plans_count', align: 'right', sortKey: 'plans_count' },
          {
            key: 'contacts_count',
            title: 'Contacts',
            dataIndex: 'contacts_count',
            align: 'right',
            sortKey: 'contacts_count',
          },
        ]}
      />
    </div>
  );
}
