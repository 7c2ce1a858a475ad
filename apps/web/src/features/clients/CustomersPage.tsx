import type { CustomerListItem } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataTable, FilterSelect, useTableState } from '../../components/DataTable';
import { linkHref } from '../../pages/linkAndPhoneRules';
import { buildListQuery } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { CUSTOMERS_KEY, listCustomers } from './api';
import { CLIENT_STATUS_OPTIONS, useCustomerTableActions } from './useCustomerTableActions';

/** /customers: every client with all list columns, server-sorted, exported whole through the server. */
export function CustomersPage() {
  const table = useTableState('customers', {
    filters: { status: [] },
    sort: { by: 'business_name', direction: 'asc' },
  });
  const actions = useCustomerTableActions(table.state.filters.status);
  const params = { ...table.listParams, filters: { status: table.state.filters.status } };
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', ...table.queryKey],
    queryFn: ({ signal }) => listCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="list-page" data-testid="customers-page">
      <PageHeader title="Customers" />
      <DataTable<CustomerListItem>
        table={table}
        query={customers}
        testId="customers"
        searchPlaceholder="Search customers"
        filters={
          <FilterSelect
            table={table}
            field="status"
            options={CLIENT_STATUS_OPTIONS}
            placeholder="All statuses"
            testId="customers-status-filter"
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
              <Link to={`?client_uuid=${row.uuid}`} data-testid="customer-row-link">
                {name}
              </Link>
            ),
          },
          {
            key: 'abbreviation',
            sortKey: 'abbreviation',
            title: 'Abbr.',
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
          {
            key: 'email',
            sortKey: 'email',
            title: 'E-mail',
            dataIndex: 'email',
            render: (email: string | null) => (email ? <a href={`mailto:${email}`}>{email}</a> : null),
          },
          {
            key: 'phone',
            title: 'Phone',
            dataIndex: 'phone',
            edit: { field: 'phone', maxLength: 50 },
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
          },
          {
            key: 'website',
            title: 'Website',
            dataIndex: 'website',
            // Rows saved before links had to be http(s) may hold anything: only a safe address becomes a link.
            render: (url: string | null) => {
              const href = linkHref(url);
              return href ? (
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {url}
                </a>
              ) : (
                url
              );
            },
          },
          { key: 'plans_count', title: 'Plans', dataIndex: 'plans_count', align: 'right', sortKey: 'plans_count' },
          {
            key: 'contacts_count',
            title: 'Contacts',
            dataIndex: 'contacts_count',
            align: 'right',
            sortKey: 'contacts_count',
          },
          {
            key: 'created_at',
            title: 'Created',
            dataIndex: 'created_at',
            sortKey: 'created_at',
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (d: string) => d.slice(0, 10),
          },
        ]}
      />
    </div>
  );
}
