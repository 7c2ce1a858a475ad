import './billing.css';
import { type FailedPayment, formatUsd } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAbility } from '../../auth/useAbility';
import { type DataColumn, DataTable, FilterSelect, useEmbeddedTableState } from '../../components/DataTable';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { FAILED_KEY, listFailedPayments } from './api';

function columns(withClient: boolean): DataColumn<FailedPayment>[] {
  return [
    ...(withClient
      ? [
          {
            key: 'customer',
            title: 'Client',
            dataIndex: 'customer',
            priority: 1,
            render: (c: FailedPayment['customer']) => c?.business_name ?? 'Not linked',
          },
        ]
      : []),
    {
      key: 'amount',
      title: 'Amount',
      dataIndex: 'amount_cents',
      align: 'right',
      priority: 1,
      render: (cents: number) => formatUsd(cents),
    },
    {
      key: 'invoice',
      title: 'Invoice',
      dataIndex: 'invoice_number',
      priority: 3,
      render: (n: string | null) => n ?? '—',
    },
    // Stripe's decline text, shown as plain text.
    { key: 'reason', title: 'Reason', dataIndex: 'reason', priority: 2, render: (r: string | null) => r ?? '—' },
    {
      key: 'failed_at',
      title: 'When',
      dataIndex: 'failed_at',
      sortKey: 'failed_at',
      priority: 1,
      render: (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
    },
  ];
}

/**
 * Failed card payments (GET failed-payments, from Stripe's payment-failed events), newest first: a client's on the
 * client modal, every client's (with a client filter) elsewhere. Regular staff with CHARGES_READ.
 */
export function FailedPayments({ customerUuid }: { customerUuid?: string }) {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('CHARGES_READ');
  const table = useEmbeddedTableState('failed-payments');
  const chosen = table.state.filters.customer_uuid ?? [];
  const filter = customerUuid ? [customerUuid] : chosen;
  const payments = useQuery({
    queryKey: [...FAILED_KEY, filter, ...table.queryKey],
    queryFn: ({ signal }) => listFailedPayments({ ...table.listParams, filters: { customer_uuid: filter } }, signal),
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
    <div data-testid="failed-payments">
      <DataTable<FailedPayment>
        table={table}
        query={payments}
        columns={columns(!customerUuid)}
        testId="failed-payments"
        filters={
          customerUuid ? undefined : (
            <FilterSelect
              table={table}
              field="customer_uuid"
              options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
              placeholder="All clients"
              searchable
              testId="failed-payments-client-filter"
            />
          )
        }
        locale={{ emptyText: <span className="billing-empty">No failed payments</span> }}
      />
    </div>
  );
}
