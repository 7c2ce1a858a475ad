import { type Discount, type DiscountType, formatUsd, parseUsdToCents } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Input, InputNumber, Radio, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { reportError, reportSuccess } from '../../shell/feedback';
import { listProductTypes, PRODUCT_TYPES_KEY } from '../admin/api';
import { ConfirmButton } from '../common/ConfirmButton';
import { listRequestTypes, REQUEST_TYPES_KEY } from '../requests/form/api';
import { createDiscount, DISCOUNTS_KEY, deleteDiscount, getDiscount, listRedemptions, updateDiscount } from './api';
import { dayOf, endOfDay, scopeOptions, startOfDay } from './discountText';

/** A code: created or edited here (PRODUCTS_CREATE / _UPDATE), with the orders that used it below. */
export function DiscountDrawer({ uuid, onClose }: { uuid: string | null; onClose(): void }) {
  const discount = useQuery({
    queryKey: [...DISCOUNTS_KEY, 'detail', uuid],
    queryFn: ({ signal }) => getDiscount(uuid as string, signal),
    enabled: uuid !== null,
  });
  return (
    <Drawer
      open
      onClose={onClose}
      title={uuid === null ? 'New discount code' : (discount.data?.code ?? 'Discount code')}
      width="min(640px, 100vw)"
      data-testid="discount-drawer"
    >
      {uuid !== null && !discount.data ? (
        <Skeleton active />
      ) : (
        <>
          <DiscountForm discount={discount.data ?? null} onDone={onClose} />
          {discount.data ? <Redemptions uuid={discount.data.uuid} /> : null}
        </>
      )}
    </Drawer>
  );
}

function DiscountForm({ discount, onDone }: { discount: Discount | null; onDone(): void }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const editable = ability.can(discount ? 'PRODUCTS_UPDATE' : 'PRODUCTS_CREATE');
  const [code, setCode] = useState(discount?.code ?? '');
  const [type, setType] = useState<DiscountType>(discount?.type ?? 'percent');
  const [percent, setPercent] = useState<number | null>(discount?.type === 'percent' ? discount.value : 10);
  const [amount, setAmount] = useState(discount?.type === 'fixed' ? (discount.value / 100).toFixed(2) : '');
  const [services, setServices] = useState<string[]>(discount?.service_uuids ?? []);
  const [productTypes, setProductTypes] = useState<string[]>(discount?.product_type_uuids ?? []);
  const [from, setFrom] = useState(dayOf(discount?.valid_from ?? null));
  const [to, setTo] = useState(dayOf(discount?.valid_to ?? null));
  const [max, setMax] = useState<number | null>(discount?.max_redemptions ?? null);
  const [perClient, setPerClient] = useState<number | null>(discount?.max_per_customer ?? null);
  const [active, setActive] = useState(discount?.active ?? true);
  const [problems, setProblems] = useState<string[]>([]);
  const catalogue = useQuery({ queryKey: REQUEST_TYPES_KEY, queryFn: ({ signal }) => listRequestTypes(signal) });
  // GET product-types needs PRODUCT_TYPES_READ; without it the code's own types are the only options.
  const canReadTypes = ability.can('PRODUCT_TYPES_READ');
  const typeList = useQuery({
    queryKey: [...PRODUCT_TYPES_KEY, 'options'],
    queryFn: ({ signal }) => listProductTypes(signal),
    enabled: canReadTypes,
  });
  const typeOptions = scopeOptions(
    (typeList.data?.data ?? []).map((t) => ({ value: t.uuid, label: t.name })),
    discount?.product_types ?? [],
  );

  const done = () => {
    void queryClient.invalidateQueries({ queryKey: DISCOUNTS_KEY });
    onDone();
  };
  const save = useMutation({
    mutationFn: () => {
      const value = type === 'percent' ? (percent ?? 0) : (parseUsdToCents(amount) ?? 0);
      const body = {
        code: code.trim(),
        type,
        value,
        service_uuids: services,
        product_type_uuids: productTypes,
        valid_from: startOfDay(from),
        valid_to: endOfDay(to),
        max_redemptions: max,
        max_per_customer: perClient,
        active,
      };
      return discount ? updateDiscount(discount.uuid, body) : createDiscount(body);
    },
    meta: { silentError: true },
    onSuccess: () => {
      reportSuccess('Discount code saved');
      done();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        const fields = Object.values(error.fieldErrors).flat();
        setProblems(fields.length ? fields : [error.message]);
      } else {
        reportError(error);
      }
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteDiscount(discount?.uuid as string),
    onSuccess: () => {
      reportSuccess('Discount code deleted');
      done();
    },
  });

  return (
    <div className="discount-form" data-testid="discount-form">
      <label htmlFor="discount-code">Code</label>
      <Input
        id="discount-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        maxLength={40}
        disabled={!editable}
        data-testid="discount-code"
      />
      <span id="discount-type-label">Type</span>
      <Radio.Group
        aria-labelledby="discount-type-label"
        value={type}
        onChange={(e) => setType(e.target.value)}
        disabled={!editable}
        options={[
          { value: 'percent', label: 'Percent' },
          { value: 'fixed', label: 'Fixed amount (USD)' },
        ]}
        data-testid="discount-type"
      />
      {type === 'percent' ? (
        <>
          <label htmlFor="discount-percent">Percent off</label>
          <InputNumber
            id="discount-percent"
            min={1}
            max={100}
            precision={0}
            value={percent}
            onChange={setPercent}
            disabled={!editable}
            data-testid="discount-percent"
          />
        </>
      ) : (
        <>
          <label htmlFor="discount-amount">Amount off (USD)</label>
          <Input
            id="discount-amount"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder="50.00"
            inputMode="decimal"
            disabled={!editable}
            data-testid="discount-amount"
          />
        </>
      )}
      <label htmlFor="discount-services">Services</label>
      <Select
        id="discount-services"
        mode="multiple"
        allowClear
        optionFilterProp="label"
        placeholder="All services"
        value={services}
        onChange={setServices}
        options={(catalogue.data ?? []).map((s) => ({ value: s.uuid, label: s.name }))}
        loading={catalogue.isLoading}
        disabled={!editable}
        data-testid="discount-services"
      />
      <label htmlFor="discount-product-types">Product types</label>
      <Select
        id="discount-product-types"
        mode="multiple"
        allowClear
        optionFilterProp="label"
        placeholder="Any product type"
        value={productTypes}
        onChange={setProductTypes}
        options={typeOptions}
        loading={typeList.isLoading && canReadTypes}
        disabled={!editable}
        data-testid="discount-product-types"
      />
      <Typography.Text type="secondary" className="discount-form-hint">
        None chosen in either: all services. Otherwise a line is discounted when its service is chosen or its service's
        product type is.
      </Typography.Text>
      <label htmlFor="discount-from">Valid from</label>
      <Input
        id="discount-from"
        type="date"
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        disabled={!editable}
      />
      <label htmlFor="discount-to">Valid to</label>
      <Input id="discount-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} disabled={!editable} />
      <label htmlFor="discount-max">Total uses (empty: no limit)</label>
      <InputNumber id="discount-max" min={1} precision={0} value={max} onChange={setMax} disabled={!editable} />
      <label htmlFor="discount-per-client">Uses per client (empty: no limit)</label>
      <InputNumber
        id="discount-per-client"
        min={1}
        precision={0}
        value={perClient}
        onChange={setPerClient}
        disabled={!editable}
      />
      <Space>
        <Switch id="discount-active" checked={active} onChange={setActive} disabled={!editable} />
        <label htmlFor="discount-active">Active</label>
      </Space>
      {problems.length ? (
        <Alert type="error" showIcon title={problems.join(' ')} data-testid="discount-problems" />
      ) : null}
      <Space wrap>
        {editable ? (
          <Button type="primary" onClick={() => save.mutate()} loading={save.isPending} data-testid="discount-save">
            Save
          </Button>
        ) : null}
        {discount && ability.can('PRODUCTS_DESTROY') ? (
          <ConfirmButton
            danger
            question="Delete this code? A code that orders used cannot be deleted; deactivate it instead."
            onConfirm={() => remove.mutate()}
            loading={remove.isPending}
            testId="discount-delete"
          >
            Delete
          </ConfirmButton>
        ) : null}
      </Space>
    </div>
  );
}

function Redemptions({ uuid }: { uuid: string }) {
  const rows = useQuery({
    queryKey: [...DISCOUNTS_KEY, 'redemptions', uuid],
    queryFn: ({ signal }) => listRedemptions(uuid, signal),
  });
  return (
    <section className="discount-redemptions" data-testid="discount-redemptions">
      <Typography.Title level={5}>Redemptions</Typography.Title>
      {rows.data?.length ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Client</th>
              <th scope="col">Discount</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {rows.data.map((r) => (
              <tr key={r.uuid} data-testid="discount-redemption">
                <td>#{r.order.number}</td>
                <td>{r.customer.business_name}</td>
                <td>
                  {formatUsd(r.amount_cents)}
                  {r.released_at ? <Typography.Text type="secondary"> (released: cancelled)</Typography.Text> : null}
                </td>
                <td>{new Date(r.created_at).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Typography.Text type="secondary">
          {rows.isLoading ? 'Loading…' : 'No order has used this code yet.'}
        </Typography.Text>
      )}
    </section>
  );
}
