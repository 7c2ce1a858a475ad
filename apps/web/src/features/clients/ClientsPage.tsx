import { PlusOutlined } from '@ant-design/icons';
import { CLIENT_STATUSES, type ClientStatus, type CustomerListItem } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { tablePagination } from '../common/tablePagination';
import { useListState } from '../common/useListState';
import { useModalParam } from '../common/useModalParam';
import { CUSTOMERS_KEY, listCustomers } from './api';

/** /clients: the clients table; a row opens the client modal (client_uuid=…). */
export function ClientsPage() {
  const ability = useAbility();
  const modal = useModalParam('client_uuid');
  const list = useListState<{ status: ClientStatus[] }>({ status: ['active'] });
  const clients = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'clients', list.page, list.size, list.debouncedSearch, list.filters],
    queryFn: ({ signal }) =>
      listCustomers(
        {
          page: list.page,
          size: list.size,
          search: list.debouncedSearch,
          filters: { status: list.filters.status },
          sortBy: 'business_name',
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="list-page" data-testid="clients-page">
      <PageHeader
        title="Clients"
        actions={
          ability.can('CUSTOMERS_CREATE') ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => modal.set('create')}
              data-testid="clients-new"
            >
              New client
            </Button>
          ) : null
        }
      />
      <Space wrap className="list-toolbar">
        <Input.Search
          allowClear
          placeholder="Search clients"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          style={{ width: 260 }}
          data-testid="clients-search"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="All statuses"
          value={list.filters.status}
          onChange={(status: ClientStatus[]) => list.setFilters({ status })}
          options={CLIENT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
          style={{ minWidth: 200 }}
          data-testid="clients-status-filter"
        />
      </Space>
      <Table<CustomerListItem>
        rowKey="uuid"
        size="middle"
        loading={clients.isFetching}
        dataSource={clients.data?.data ?? []}
        pagination={tablePagination(list, clients.data?.meta)}
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
