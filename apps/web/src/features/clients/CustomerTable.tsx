import type { CustomerListItem } from '@portal/domain';
import { Link } from 'react-router';
import {
  type DataColumn,
  DataTable,
  FilterSelect,
  type TableController,
  useListQuery,
} from '../../components/DataTable';
import { buildListQuery } from '../common/listQuery';
import { statusColumn } from '../common/statusColumn';
import { CUSTOMERS_KEY, listCustomers } from './api';
import { CLIENT_STATUS_OPTIONS, useCustomerTableActions } from './useCustomerTableActions';

type Column = DataColumn<CustomerListItem>;

/**
 * The clients and the customers screens list one resource (GET customers) with the same status filter, export,
 * bulk actions and inline edit; each screen declares only its columns.
 */
export function CustomerTable({
  table,
  testId,
  searchPlaceholder,
  columns,
}: {
  table: TableController;
  testId: string;
  searchPlaceholder: string;
  columns: Column[];
}) {
  const status = table.state.filters.status ?? [];
  const actions = useCustomerTableActions(status);
  const params = { ...table.listParams, filters: { status } };
  const customers = useListQuery(CUSTOMERS_KEY, table, (signal) => listCustomers(params, signal));
  return (
    <DataTable<CustomerListItem>
      table={table}
      query={customers}
      testId={testId}
      searchPlaceholder={searchPlaceholder}
      filters={
        <FilterSelect
          table={table}
          field="status"
          options={CLIENT_STATUS_OPTIONS}
          placeholder="All statuses"
          testId={`${testId}-status-filter`}
        />
      }
      exportSource={{ path: 'customers/export-all', query: buildListQuery(params) }}
      bulk={actions.bulk}
      rowEdit={actions.rowEdit}
      columns={columns}
    />
  );
}

/** The company name, opening the client modal; `rowLinkTestId` names the link for the screen's tests. */
export const companyNameColumn = (rowLinkTestId: string, withUuid = false): Column => ({
  key: 'business_name',
  title: 'Company Name',
  dataIndex: 'business_name',
  sortKey: 'business_name',
  edit: { field: 'business_name', required: true, maxLength: 255 },
  render: (name: string, row) => (
    <Link to={`?client_uuid=${row.uuid}`} data-testid={rowLinkTestId} data-uuid={withUuid ? row.uuid : undefined}>
      {name}
    </Link>
  ),
});

export const abbreviationColumn = (title: string): Column => ({
  key: 'abbreviation',
  sortKey: 'abbreviation',
  title,
  dataIndex: 'abbreviation',
  edit: { field: 'abbreviation', maxLength: 20 },
});

export const clientStatusColumn: Column = statusColumn<CustomerListItem>(CLIENT_STATUS_OPTIONS);

export const countColumns: Column[] = [
  { key: 'plans_count', title: 'Plans', dataIndex: 'plans_count', align: 'right', sortKey: 'plans_count' },
  { key: 'contacts_count', title: 'Contacts', dataIndex: 'contacts_count', align: 'right', sortKey: 'contacts_count' },
];
