import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAbility } from '../../auth/useAbility';
import { type DataColumn, DataTable, FilterSelect, useEmbeddedTableState } from '../../components/DataTable';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import type { ListParams, ListResponse } from '../common/listQuery';

/**
 * A billing list (overdue invoices, failed payments) for regular staff with CHARGES_READ: one client's rows when
 * `customerUuid` is given (the client modal), else every client's with a client filter (Administration, dashboard).
 */
export function ClientBillingTable<T extends object>({
  name,
  queryKey,
  list,
  columns,
  emptyText,
  customerUuid,
}: {
  /** The table's state key and test id. */
  name: string;
  queryKey: readonly unknown[];
  list(params: ListParams, signal?: AbortSignal): Promise<ListResponse<T>>;
  columns(withClient: boolean): DataColumn<T>[];
  emptyText: string;
  customerUuid?: string;
}) {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('CHARGES_READ');
  const table = useEmbeddedTableState(name);
  const chosen = table.state.filters.customer_uuid ?? [];
  const filter = customerUuid ? [customerUuid] : chosen;
  const rows = useQuery({
    queryKey: [...queryKey, filter, ...table.queryKey],
    queryFn: ({ signal }) => list({ ...table.listParams, filters: { customer_uuid: filter } }, signal),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: allowed && !customerUuid,
  });
  if (!allowed) {
    return null;
  }
  return (
    <div data-testid={name}>
      <DataTable<T>
        table={table}
        query={rows}
        columns={columns(!customerUuid)}
        testId={name}
        filters={
          customerUuid ? undefined : (
            <FilterSelect
              table={table}
              field="customer_uuid"
              options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
              placeholder="All clients"
              searchable
              testId={`${name}-client-filter`}
            />
          )
        }
        locale={{ emptyText: <span className="billing-empty">{emptyText}</span> }}
      />
    </div>
  );
}
