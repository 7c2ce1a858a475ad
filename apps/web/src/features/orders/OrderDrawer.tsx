import { formatUsd, type Order, type RequestType, SERVICE_SELLS_LABELS } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, InputNumber, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { reportError, reportSuccess } from '../../shell/feedback';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { ConfirmButton } from '../common/ConfirmButton';
import { PlanLink } from '../plans';
import { listRequestTypes, REQUEST_TYPES_KEY } from '../requests/form/api';
import { createOrder, getOrder, ORDERS_KEY, orderKey, placeOrder, updateOrder } from './api';
import { DiscountCodeField } from './DiscountCodeField';
import { OrderStatusTag } from './OrderStatusTag';
import {
  type DraftLine,
  draftBody,
  draftOf,
  newLine,
  type OrderDraft,
  orderActions,
  orderableServices,
  previewLineCents,
  previewTotalCents,
  sameAsSaved,
} from './orderDraft';
import './orders.css';

/** A 422's field messages as one list (items.1.service_uuid: …), so a bad line is named. */
function errorLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return [];
  }
  return Object.entries(error.fieldErrors).flatMap(([field, messages]) => {
    const line = /^items\.(\d+)\./.exec(field);
    return messages.map((m) => (line ? `Line ${Number(line[1]) + 1}: ${m}` : m));
  });
}

function serviceLabel(type: RequestType): string {
  const sells = type.sells === 'one_off' ? '' : ` · ${SERVICE_SELLS_LABELS[type.sells]}`;
  return `${type.name} — ${formatUsd(type.price_cents ?? 0)}${sells}`;
}

/** One order: a draft is edited here (client, services, quantities), then placed, paid or cancelled. */
export function OrderDrawer({
  uuid,
  onCreated,
  onClose,
}: {
  uuid: string | null;
  onCreated(uuid: string): void;
  onClose(): void;
}) {
  const order = useQuery({
    queryKey: orderKey(uuid ?? 'new'),
    queryFn: ({ signal }) => getOrder(uuid as string, signal),
    enabled: uuid !== null,
  });
  const title = uuid === null ? 'New order' : order.data ? `Order #${order.data.number}` : 'Order';
  return (
    <Drawer open onClose={onClose} title={title} width="min(760px, 100vw)" data-testid="order-drawer">
      {uuid !== null && !order.data ? (
        order.isError ? (
          <Alert type="error" showIcon title="The order could not be loaded." />
        ) : (
          <Skeleton active />
        )
      ) : (
        // Keyed by the saved version, so the editor restarts from what the server answered after each write.
        <OrderEditor
          key={order.data ? `${order.data.uuid}-${order.dataUpdatedAt}` : 'new'}
          order={order.data ?? null}
          onCreated={onCreated}
        />
      )}
    </Drawer>
  );
}

function OrderEditor({ order, onCreated }: { order: Order | null; onCreated(uuid: string): void }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OrderDraft>(() => draftOf(order));
  const [problems, setProblems] = useState<string[]>([]);
  const services = useQuery({ queryKey: REQUEST_TYPES_KEY, queryFn: ({ signal }) => listRequestTypes(signal) });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
  });
  const catalogue = services.data ?? [];
  const orderable = orderableServices(catalogue);
  const actions = orderActions(order?.status ?? 'draft');
  const canEdit = actions.edit && ability.can(order ? 'CHARGES_UPDATE' : 'CHARGES_CREATE');
  const canUpdate = ability.can('CHARGES_UPDATE');
  const saved = sameAsSaved(draft, order);

  const settle = (next: Order) => {
    setProblems([]);
    queryClient.setQueryData(orderKey(next.uuid), next);
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
  };
  const failed = (error: unknown) => {
    const lines = errorLines(error);
    setProblems(lines);
    if (!lines.length) {
      reportError(error);
    }
  };
  const save = useMutation({
    mutationFn: async () => {
      const checked = draftBody(draft);
      if ('error' in checked) {
        throw new Error(checked.error);
      }
      return order ? updateOrder(order.uuid, checked.body) : createOrder(checked.body);
    },
    meta: { silentError: true },
    onSuccess: (next) => {
      settle(next);
      reportSuccess('Order saved');
      if (!order) {
        onCreated(next.uuid);
      }
    },
    onError: (error) => (error instanceof ApiError ? failed(error) : setProblems([error.message])),
  });
  const move = useMutation({
    mutationFn: (to: 'place' | 'paid' | 'cancelled') =>
      to === 'place' ? placeOrder(order?.uuid as string) : updateOrder(order?.uuid as string, { status: to }),
    meta: { silentError: true },
    onSuccess: (next) => {
      settle(next);
      reportSuccess(`Order ${next.status}`);
    },
    onError: failed,
  });

  const setLine = (key: string, change: Partial<DraftLine>) =>
    setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...change } : l)) }));
  const customerOptions = (customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }));
  if (order && !customerOptions.some((c) => c.value === order.customer.uuid)) {
    customerOptions.push({ value: order.customer.uuid, label: order.customer.business_name });
  }
  const total = saved && order ? order.total_cents : previewTotalCents(draft, catalogue);

  return (
    <div className="order-editor" data-testid="order-editor">
      {order ? (
        <Space wrap className="order-meta">
          <OrderStatusTag status={order.status} />
          {order.placed_at ? (
            <Typography.Text type="secondary">Placed {new Date(order.placed_at).toLocaleString()}</Typography.Text>
          ) : null}
          {order.paid_at ? (
            <Typography.Text type="secondary">Paid {new Date(order.paid_at).toLocaleString()}</Typography.Text>
          ) : null}
        </Space>
      ) : null}

      <label className="order-label" htmlFor="order-client">
        Client
      </label>
      <Select
        id="order-client"
        showSearch
        optionFilterProp="label"
        placeholder="Choose the client"
        value={draft.customer_uuid ?? undefined}
        onChange={(value: string) => setDraft((d) => ({ ...d, customer_uuid: value }))}
        options={customerOptions}
        disabled={!canEdit}
        loading={customers.isLoading}
        className="order-client"
        data-testid="order-client"
      />

      <Typography.Title level={5} className="order-lines-title">
        Services
      </Typography.Title>
      {canEdit ? (
        <div className="order-lines" data-testid="order-lines">
          {draft.lines.map((line, index) => {
            const lineCents = previewLineCents(line, catalogue);
            return (
              <div className="order-line" key={line.key} data-testid="order-line">
                <Select
                  aria-label={`Service of line ${index + 1}`}
                  showSearch
                  optionFilterProp="label"
                  placeholder="Choose a service"
                  value={line.service_uuid ?? undefined}
                  onChange={(value: string) => setLine(line.key, { service_uuid: value })}
                  options={orderable.map((type) => ({ value: type.uuid, label: serviceLabel(type) }))}
                  loading={services.isLoading}
                  className="order-line-service"
                  data-testid="order-line-service"
                />
                <InputNumber
                  aria-label={`Quantity of line ${index + 1}`}
                  min={0.01}
                  max={10_000}
                  step={1}
                  precision={2}
                  value={line.quantity}
                  onChange={(value) => setLine(line.key, { quantity: value })}
                  className="order-line-quantity"
                  data-testid="order-line-quantity"
                />
                <span className="order-line-total">{lineCents === null ? '—' : formatUsd(lineCents)}</span>
                <Button
                  type="text"
                  aria-label={`Remove line ${index + 1}`}
                  disabled={draft.lines.length === 1}
                  onClick={() => setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.key !== line.key) }))}
                >
                  Remove
                </Button>
              </div>
            );
          })}
          <Button
            onClick={() => setDraft((d) => ({ ...d, lines: [...d.lines, newLine()] }))}
            data-testid="order-add-line"
          >
            Add service
          </Button>
          {!orderable.length && services.isSuccess ? (
            <Alert type="info" showIcon title="No service has a price yet: set prices on the Services screen." />
          ) : null}
        </div>
      ) : (
        <table className="order-lines-table" data-testid="order-lines">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Price</th>
              <th scope="col">Qty</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order?.lines.map((line) => (
              <tr key={line.uuid}>
                <td>
                  {line.name}
                  {line.sells !== 'one_off' ? (
                    <Typography.Text type="secondary"> · {SERVICE_SELLS_LABELS[line.sells]}</Typography.Text>
                  ) : null}
                </td>
                <td>{formatUsd(line.unit_price_cents)}</td>
                <td>{line.quantity}</td>
                <td>{formatUsd(line.total_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <DiscountCodeField
        draft={draft}
        order={order}
        editable={canEdit}
        onChange={(discount_code) => setDraft((d) => ({ ...d, discount_code }))}
      />
      {canEdit && saved && order?.discount_code ? (
        <div className="order-discount" data-testid="order-discount">
          <span>Discount ({order.discount_code})</span>
          <strong>−{formatUsd(order.discount_cents)}</strong>
        </div>
      ) : null}

      <div className="order-total" data-testid="order-total">
        <span>Total{saved || !canEdit ? '' : ' (not saved yet)'}</span>
        <strong>{formatUsd(total)}</strong>
      </div>

      {problems.length ? (
        <Alert
          type="error"
          showIcon
          title="The order could not be saved"
          description={
            <ul className="order-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          data-testid="order-problems"
        />
      ) : null}

      {order?.plans.length ? (
        <div className="order-plans" data-testid="order-plans">
          <Typography.Title level={5}>Plans</Typography.Title>
          {order.plans.map((plan) => (
            <div key={plan.uuid}>
              <PlanLink uuid={plan.uuid} testId="order-plan-link">
                {plan.title}
              </PlanLink>{' '}
              <Typography.Text type="secondary">
                {plan.effect === 'created' ? 'created by this order' : 'reload amount updated by this order'}
              </Typography.Text>
            </div>
          ))}
        </div>
      ) : null}

      <Space wrap className="order-actions">
        {canEdit ? (
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={saved} data-testid="order-save">
            {order ? 'Save changes' : 'Save draft'}
          </Button>
        ) : null}
        {order && actions.place && canUpdate ? (
          <ConfirmButton
            type="primary"
            question="Place this order? Retainer and hosting services create or update the client's plan."
            onConfirm={() => move.mutate('place')}
            disabled={!saved}
            loading={move.isPending && move.variables === 'place'}
            testId="order-place"
          >
            Place order
          </ConfirmButton>
        ) : null}
        {order && actions.pay && canUpdate ? (
          <ConfirmButton
            type="primary"
            question="Mark this order as paid?"
            onConfirm={() => move.mutate('paid')}
            loading={move.isPending && move.variables === 'paid'}
            testId="order-pay"
          >
            Mark paid
          </ConfirmButton>
        ) : null}
        {order && actions.cancel && canUpdate ? (
          <ConfirmButton
            danger
            question="Cancel this order? Plans it made stay as they are."
            onConfirm={() => move.mutate('cancelled')}
            loading={move.isPending && move.variables === 'cancelled'}
            testId="order-cancel"
          >
            Cancel order
          </ConfirmButton>
        ) : null}
      </Space>
      {order && actions.place && !saved ? (
        <Typography.Text type="secondary">Save the changes before placing the order.</Typography.Text>
      ) : null}
    </div>
  );
}
