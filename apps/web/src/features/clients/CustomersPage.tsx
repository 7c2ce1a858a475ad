import { DownloadOutlined } from '@ant-design/icons';
import { CLIENT_STATUSES, type ClientStatus, type CustomerListItem, MESSAGES } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { reportSuccess } from '../../shell/feedback';
import { type CsvColumn, downloadText, toCsv } from '../common/csv';
import { ListToolbar, MultiSelectFilter } from '../common/ListToolbar';
import { PageHeader } from '../common/PageHeader';
import { StatusTag } from '../common/StatusTag';
import { listTableProps } from '../common/tablePagination';
import { pageParams, useListState } from '../common/useListState';
import { CUSTOMERS_KEY, listCustomers } from './api';

type SortBy = 'business_name' | 'created_at' | 'status';

const CSV_COLUMNS: CsvColumn<CustomerListItem>[] = [
  { title: 'Company Name', value: (c) => c.business_name },
  { title: 'Abbreviation', value: (c) => c.abbreviation },
  { title: 'Status', value: (c) => c.status },
  { title: 'E-mail', value: (c) => c.email },
  { title: 'Phone', value: (c) => c.phone },
  { title: 'Website', value: (c) => c.website },
  { title: 'Plans', value: (c) => c.plans_count },
  { title: 'Contacts', value: (c) => c.contacts_count },
  { title: 'Created', value: (c) => c.created_at.slice(0, 10) },
];

/** /customers: every client with all list columns, server-sorted, with a CSV export of what is shown. */
export function CustomersPage() {
  const list = useListState<{ status: ClientStatus[] }>({ status: [] });
  const [sort, setSort] = useState<{ by: SortBy; direction: 'asc' | 'desc' }>({
    by: 'business_name',
    direction: 'asc',
  });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'all', list.page, list.size, list.debouncedSearch, list.filters, sort],
    queryFn: ({ signal }) =>
      listCustomers(
        {
          ...pageParams(list),
          filters: { status: list.filters.status },
          sortBy: sort.by,
          sortDirection: sort.direction,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const rows = customers.data?.data ?? [];

  const order = (key: SortBy) => (sort.by === key ? (sort.direction === 'asc' ? 'ascend' : 'descend') : null);
  const onChange: TableProps<CustomerListItem>['onChange'] = (_p, _f, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = (one?.columnKey as SortBy | undefined) ?? 'business_name';
    if (one?.order) {
      setSort({ by: key, direction: one.order === 'descend' ? 'desc' : 'asc' });
    } else {
      setSort({ by: 'business_name', direction: 'asc' });
    }
  };

  return (
    <div className="list-page" data-testid="customers-page">
      <PageHeader
        title="Customers"
        actions={
          <Button
            icon={<DownloadOutlined />}
            disabled={rows.length === 0}
            onClick={() => {
              downloadText('customers.csv', toCsv(rows, CSV_COLUMNS));
              reportSuccess(MESSAGES.exported);
            }}
            data-testid="customers-export"
          >
            Export CSV
          </Button>
        }
      />
      <ListToolbar list={list} placeholder="Search customers" testId="customers-search">
        <MultiSelectFilter list={list} field="status" values={CLIENT_STATUSES} testId="customers-status-filter" />
      </ListToolbar>
      <Table<CustomerListItem>
        {...listTableProps(list, customers)}
        scroll={{ x: 1000 }}
        onChange={onChange}
        data-testid="customers-table"
        columns={[
          {
            key: 'business_name',
            title: 'Company Name',
            dataIndex: 'business_name',
            sorter: true,
            sortOrder: order('business_name'),
            render: (name: string, row) => (
              <Link to={`?client_uuid=${row.uuid}`} data-testid="customer-row-link">
                {name}
              </Link>
            ),
          },
          { key: 'abbreviation', title: 'Abbr.', dataIndex: 'abbreviation' },
          {
            key: 'status',
            title: 'Status',
            dataIndex: 'status',
            sorter: true,
            sortOrder: order('status'),
            render: (s: string) => <StatusTag status={s} />,
          },
          {
            key: 'email',
            title: 'E-mail',
            dataIndex: 'email',
            render: (email: string | null) => (email ? <a href={`mailto:${email}`}>{email}</a> : null),
          },
          { key: 'phone', title: 'Phone', dataIndex: 'phone', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
          {
            key: 'website',
            title: 'Website',
            dataIndex: 'website',
            render: (url: string | null) =>
              url ? (
                <a href={/^https?:\/\//.test(url) ? url : `https://${url}`} target="_blank" rel="noopener noreferrer">
                  {url}
                </a>
              ) : null,
          },
          { key: 'plans_count', title: 'Plans', dataIndex: 'plans_count', align: 'right' },
          { key: 'contacts_count', title: 'Contacts', dataIndex: 'contacts_count', align: 'right' },
          {
            key: 'created_at',
            title: 'Created',
            dataIndex: 'created_at',
            sorter: true,
            sortOrder: order('created_at'),
            onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
            render: (d: string) => d.slice(0, 10),
          },
        ]}
      />
    </div>
  );
}
