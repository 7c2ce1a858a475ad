import { formatUsd, type Order } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Input, Typography } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { useDebouncedValue } from '../../search/useDebouncedValue';
import { ORDERS_KEY, validateDiscount } from './api';
import { draftBody, type OrderDraft } from './orderDraft';

/**
 * The order's discount code (issue 22). While a draft is edited the code is checked as it is typed against the
 * client and services chosen (POST discounts/validate), showing the new total or why the code does not apply;
 * the server decides again when the draft is saved and when the order is placed.
 */
export function DiscountCodeField({
  draft,
  order,
  editable,
  onChange,
}: {
  draft: OrderDraft;
  order: Order | null;
  editable: boolean;
  onChange(code: string): void;
}) {
  const ability = useAbility();
  const code = useDebouncedValue((draft.discount_code ?? '').trim(), 400);
  const checked = draftBody({ ...draft, discount_code: code });
  const body = 'body' in checked && code ? { ...checked.body, code } : null;
  const check = useQuery({
    queryKey: [...ORDERS_KEY, 'discount-check', body],
    queryFn: ({ signal }) =>
      validateDiscount(
        { code: body?.code ?? '', customer_uuid: body?.customer_uuid ?? '', items: body?.items ?? [] },
        signal,
      ),
    enabled: editable && body !== null && ability.can('PRODUCTS_READ'),
  });

  if (!editable) {
    return order?.discount_code ? (
      <div className="order-discount" data-testid="order-discount">
        <span>Discount ({order.discount_code})</span>
        <strong>−{formatUsd(order.discount_cents)}</strong>
      </div>
    ) : null;
  }
  const result = body && (draft.discount_code ?? '').trim() === code ? check.data : undefined;
  return (
    <div className="order-discount-field">
      <label className="order-label" htmlFor="order-discount-code">
        Discount code
      </label>
      <Input
        id="order-discount-code"
        value={draft.discount_code ?? ''}
        onChange={(event) => onChange(event.target.value)}
        maxLength={50}
        placeholder="Optional"
        autoComplete="off"
        data-testid="order-discount-code"
      />
      <div aria-live="polite" data-testid="order-discount-check">
        {result?.valid ? (
          <Typography.Text type="success">
            {result.code}: −{formatUsd(result.discount_cents)}, new total {formatUsd(result.total_cents)}
          </Typography.Text>
        ) : result ? (
          <Typography.Text type="danger">{result.message}</Typography.Text>
        ) : null}
      </div>
    </div>
  );
}
