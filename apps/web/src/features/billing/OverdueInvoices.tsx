import './billing.css';
import { formatUsd, type OverdueInvoice } from '@portal/domain';
import { Tag } from 'antd';
import type { DataColumn } from '../../components/DataTable';
import { listOverdueInvoices, OVERDUE_KEY } from './api';
import { ClientBillingTable } from './ClientBillingTable';
import { formatDay, safeHttpsUrl } from './format';

const STATUS_LABELS: Record<OverdueInvoice['status'], string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

function columns(withClient: boolean): DataColumn<OverdueInvoice>[] {
  return [
    ...(withClient
      ? [
          {
            key: 'customer',
            title: 'Client',
            dataIndex: 'customer',
            sortKey: 'customer',
            priority: 1,
            render: (c: OverdueInvoice['customer']) => c?.business_name ?? 'Not linked',
          },
        ]
      : []),
    {
      key: 'number',
      title: 'Invoice',
      dataIndex: 'number',
      sortKey: 'number',
      priority: 1,
      render: (n: string | null) => <span data-testid="overdue-invoice-number">{n ?? '—'}</span>,
    },
    {
      key: 'amount',
      title: 'Amount due',
      dataIndex: 'amount_remaining_cents',
      sortKey: 'amount',
      align: 'right',
      priority: 1,
      render: (cents: number) => <span data-testid="overdue-invoice-amount">{formatUsd(cents)}</span>,
    },
    { key: 'due_date', title: 'Due', dataIndex: 'due_date', priority: 3, render: (d: string) => formatDay(d) },
    {
      key: 'days_overdue',
      title: 'Days overdue',
      dataIndex: 'days_overdue',
      sortKey: 'days_overdue',
      align: 'right',
      priority: 2,
      render: (days: number) => <span data-testid="overdue-invoice-days">{days}</span>,
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      priority: 3,
      render: (s: OverdueInvoice['status']) => <Tag color="red">{STATUS_LABELS[s]}</Tag>,
    },
    {
      key: 'link',
      title: 'Invoice page',
      dataIndex: 'hosted_invoice_url',
      priority: 2,
      render: (url: string | null, row) => {
        const href = safeHttpsUrl(url);
        return href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open invoice ${row.number ?? ''} in Stripe`}
          >
            Open in Stripe
          </a>
        ) : (
          '—'
        );
      },
    },
  ];
}

/**
 * The spec's "overdue payment invoices" list (GET overdue-invoices), most overdue first, in the embedded table
 * toolkit. With `customerUuid` it is that client's (the client modal's Invoices tab); without, every client's with a
 * client filter (the dashboard block, /administration). Shown to regular staff with CHARGES_READ.
 */
export function OverdueInvoices({ customerUuid }: { customerUuid?: string }) {
  return (
    <ClientBillingTable<OverdueInvoice>
      name="overdue-invoices"
      queryKey={OVERDUE_KEY}
      list={listOverdueInvoices}
      columns={columns}
      emptyText="No overdue invoices"
      customerUuid={customerUuid}
    />
  );
}
