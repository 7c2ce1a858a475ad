import { CLIENT_STATUSES, type ClientStatus, type CustomerListItem } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { Link } from 'react-router';
import { ListToolbar, MultiSelectFilter, NewButton } from '../common/ListToolbar';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { listTableProps } from '../common/tablePagination';
import { pageParams, useListState } from '../common/useListState';
import { useModalParam } from '../common/useModalParam';
import { CUSTOMERS_KEY, listCustomers } from './api';

/** /clients: the clients table; a row opens the client modal (client_uuid=…). */
export function ClientsPage() {
  const modal = useModalParam('client_uuid');
  const list = useListState<{ status: ClientStatus[] }>({ status: ['active'] });
  const clients = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'clients', list.page, list.size, list.debouncedSearch, list.filters],
    queryFn: ({ signal }) =>
      listCustomers({ ...pageParams(list), filters: { status: list.filters.status }, sortBy: 'business_name' }, signal),
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
      <ListToolbar list={list} placeholder="Search clients" testId="clients-search">
        <MultiSelectFilter list={list} field="status" values={CLIENT_STATUSES} testId="clients-status-filter" />
      </ListToolbar>
      <Table<CustomerListItem>
        {...listTableProps(list, clients)}
        data-testid="clients-table"
        columns={[
          {
            title: 'Company Name',
            dataIndex: 'business_name',
            render: (name: string, row) => (
              <Link to={`?client_uuid=${row.uuid}`} data-testid="client-row-link" data-uuid={row.uuid}>
                {name}
              </Link>
            ),
          },
          { title: 'Abbreviation', dataIndex: 'abbreviation' },
          { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: 'Plans', dataIndex: 'plans_count', align: 'right' },
          { title: 'Contacts', dataIndex: 'contacts_count', align: 'right' },
        ]}
      />
    </div>
  );
}
