import {
  lineReloadMinutes,
  lineTotalCents,
  MAX_ORDER_RELOAD_MINUTES,
  MAX_ORDER_TOTAL_CENTS,
  ORDER_MESSAGES,
  type orderItemSchema,
  orderTotalCents,
  quantityToHundredths,
  type ServiceSells,
} from '@portal/domain';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { customers, orderLines, orders, requestTypes } from '../../db/schema';
import { validationError } from '../../http/errors';
import { quoteDiscount, refusalAsFieldError } from '../discounts';

type Item = z.output<typeof orderItemSchema>;

/** A line as it is stored: the service's name, price and what it sells copied at the time the line is written. */
export type PricedLine = {
  requestTypeId: number;
  name: string;
  sells: ServiceSells;
  unitPriceCents: number;
  quantityHundredths: number;
  totalCents: number;
  planReloadMinutes: number | null;
};

/**
 * The items priced from today's catalogue. Every item is checked before anything is written, so the answer lists
 * each bad line (`items.{n}.service_uuid`): unknown, disabled, or without a price.
 */
export async function priceItems(db: DbExecutor, items: readonly Item[]): Promise<PricedLine[]> {
  const uuids = [...new Set(items.map((item) => item.service_uuid))];
  const rows = await db.select().from(requestTypes).where(inArray(requestTypes.uuid, uuids));
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const errors: Record<string, string[]> = {};
  const lines: PricedLine[] = [];
  items.forEach((item, index) => {
    const service = byUuid.get(item.service_uuid);
    const field = `items.${index}.service_uuid`;
    if (!service) {
      errors[field] = ['The selected service does not exist'];
      return;
    }
    if (service.disabled) {
      errors[field] = [ORDER_MESSAGES.serviceDisabled];
      return;
    }
    if (service.priceCents === null) {
      errors[field] = [ORDER_MESSAGES.serviceHasNoPrice];
      return;
    }
    const quantityHundredths = quantityToHundredths(item.quantity);
    const sells = service.sells as ServiceSells;
    const reload =
      sells === 'retainer' && service.planReloadMinutes
        ? lineReloadMinutes(service.planReloadMinutes, quantityHundredths)
        : null;
    if (reload !== null && reload > MAX_ORDER_RELOAD_MINUTES) {
      errors[`items.${index}.quantity`] = [ORDER_MESSAGES.reloadTooLarge];
      return;
    }
    lines.push({
      requestTypeId: service.id,
      name: service.name,
      sells,
      unitPriceCents: service.priceCents,
      quantityHundredths,
      totalCents: lineTotalCents(service.priceCents, quantityHundredths),
      planReloadMinutes: reload,
    });
  });
  if (!Object.keys(errors).length && orderTotalCents(lines) > MAX_ORDER_TOTAL_CENTS) {
    errors.items = [ORDER_MESSAGES.totalTooLarge];
  }
  if (Object.keys(errors).length) {
    throw validationError(errors);
  }
  return lines;
}

/** The client's internal id, or a field error. */
export async function findCustomerId(db: DbExecutor, uuid: string): Promise<number> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.uuid, uuid));
  if (!row) {
    throw validationError({ customer_uuid: ['The selected client does not exist'] });
  }
  return row.id;
}

/**
 * Replaces an order's lines and stores their total less the discount: the one place an order's total is written.
 * The discount (issue 22) is priced here from the same lines, through the discounts module, so a code that does
 * not apply is a field error (`discount_code`) and nothing is written.
 */
export async function writeLines(
  tx: DbExecutor,
  order: { id: number; customerId: number },
  lines: readonly PricedLine[],
  discountCode: string | null,
): Promise<void> {
  const quote = discountCode
    ? await quoteDiscount(tx, discountCode, order.customerId, lines).catch(refusalAsFieldError)
    : null;
  await tx.delete(orderLines).where(eq(orderLines.orderId, order.id));
  await tx.insert(orderLines).values(lines.map((line, position) => ({ ...line, orderId: order.id, position })));
  await setTotal(tx, order.id, orderTotalCents(lines), quote ? { code: quote.code, cents: quote.cents } : null);
}

/** Stores the code and the amount it takes off with the total; the total never goes below zero. */
export async function setTotal(
  tx: DbExecutor,
  orderId: number,
  subtotalCents: number,
  discount: { code: string; cents: number } | null,
): Promise<void> {
  const cents = Math.min(discount?.cents ?? 0, subtotalCents);
  await tx
    .update(orders)
    .set({ totalCents: subtotalCents - cents, discountCode: discount?.code ?? null, discountCents: cents })
    .where(eq(orders.id, orderId));
}
