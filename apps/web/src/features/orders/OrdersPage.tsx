import { formatUsd, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderListItem, type OrderStatus } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { PageHeader } from '../common/PageHeader';
import { useModalParam } from '../common/useModalParam';
import { listOrders, ORDERS_KEY } from './api';
import { OrderDrawer } from './OrderDrawer';
import { OrderStatusTag } from './OrderStatusTag';

/**
 * /onboarding/orders (CHARGES_READ): what each client ordered from the Services catalogue, newest first. A row
 * opens the order (`?order=<uuid>`, or `?order=new` for a new one) to edit a draft, place it, mark it paid or cancel.
 */
export function OrdersPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('CHARGES_READ');
  const open = useModalParam('order');
  const table = useTableState('orders', { filters: { status: [], customer_uuid: [] } });
  const { status, customer_uuid } = table.state.filters;
  const params = { ...table.listParams, filters: { status, customer_uuid } };
  const orders = useListQuery(ORDERS_KEY, table, (signal) => listOrders(params, signal), { enabled: allowed });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <div className="list-page" data-testid="orders-page">
      <PageHeader
        title="Orders"
        actions={
          ability.can('CHARGES_CREATE') ? (
            <Button type="primary" onClick={() => open.set('new')} data-testid="order-new">
              New order
            </Button>
          ) : null
        }
      />
      <DataTable<OrderListItem>
        table={table}
        query={orders}
        testId="orders"
        searchPlaceholder="Search client or number"
        filters={
          <>
            <FilterSelect
              table={table}
              field="status"
              options={ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
              placeholder="Any status"
              testId="orders-status-filter"
            />
            <FilterSelect
              table={table}
              field="customer_uuid"
              options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
              placeholder="All clients"
              testId="orders-client-filter"
            />
          </>
        }
        columns={[
          {
            key: 'number',
            title: 'Number',
            dataIndex: 'number',
            sortKey: 'number',
            priority: 1,
            render: (_: unknown, row) => (
              <Button type="link" onClick={() => open.set(row.uuid)} data-testid="order-open">
                #{row.number}
              </Button>
            ),
          },
          {
            key: 'customer',
            title: 'Client',
            dataIndex: 'customer',
            sortKey: 'customer',
            priority: 1,
            render: (_: unknown, row) => row.customer.business_name,
          },
          { key: 'lines', title: 'Lines', dataIndex: 'lines_count', priority: 3 },
          {
            key: 'total',
            title: 'Total',
            dataIndex: 'total_cents',
            sortKey: 'total',
            priority: 2,
            align: 'right',
            render: (value: number, row) => (
              <span data-testid="order-total-cell">
                {formatUsd(value)}
                {row.discount_code ? <span className="order-total-code"> ({row.discount_code})</span> : null}
              </span>
            ),
          },
          {
            key: 'status',
            title: 'Status',
            dataIndex: 'status',
            priority: 1,
            render: (value: OrderStatus) => <OrderStatusTag status={value} />,
          },
          {
            key: 'placed_at',
            title: 'Placed',
            dataIndex: 'placed_at',
            sortKey: 'placed_at',
            priority: 3,
            render: (value: string | null) => (value ? new Date(value).toLocaleString() : '—'),
          },
        ]}
      />
      {open.value ? (
        <OrderDrawer
          uuid={open.value === 'new' ? null : open.value}
          onCreated={(uuid) => open.set(uuid, { replace: true })}
          onClose={open.close}
        />
      ) : null}
    </div>
  );
}
