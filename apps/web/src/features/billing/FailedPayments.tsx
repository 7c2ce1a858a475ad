import './billing.css';
import { type FailedPayment, formatUsd } from '@portal/domain';
import type { DataColumn } from '../../components/DataTable';
import { FAILED_KEY, listFailedPayments } from './api';
import { ClientBillingTable } from './ClientBillingTable';

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
  return (
    <ClientBillingTable<FailedPayment>
      name="failed-payments"
      queryKey={FAILED_KEY}
      list={listFailedPayments}
      columns={columns}
      emptyText="No failed payments"
      customerUuid={customerUuid}
    />
  );
}
