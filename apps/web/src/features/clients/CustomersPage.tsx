import { useTableState } from '../../components/DataTable';
import { linkHref } from '../../pages/linkAndPhoneRules';
import { ListPage } from '../common/ListPage';
import {
  abbreviationColumn,
  CustomerTable,
  clientStatusColumn,
  companyNameColumn,
  countColumns,
} from './CustomerTable';

/** /customers: every client with all list columns, server-sorted, exported whole through the server. */
export function CustomersPage() {
  const table = useTableState('customers', {
    filters: { status: [] },
    sort: { by: 'business_name', direction: 'asc' },
  });
  return (
    <ListPage testId="customers-page" title="Customers">
      <CustomerTable
        table={table}
        testId="customers"
        searchPlaceholder="Search customers"
        columns={[
          companyNameColumn('customer-row-link'),
          abbreviationColumn('Abbr.'),
          clientStatusColumn,
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
          ...countColumns,
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
    </ListPage>
  );
}
