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

/** Replaces an order's lines and stores their total: the one place an order's total is written. */
export async function writeLines(tx: DbExecutor, orderId: number, lines: readonly PricedLine[]): Promise<void> {
  await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
  await tx.insert(orderLines).values(lines.map((line, position) => ({ ...line, orderId, position })));
  await tx
    .update(orders)
    .set({ totalCents: orderTotalCents(lines) })
    .where(eq(orders.id, orderId));
}

/** The discounts issue has not landed: a code is refused rather than silently ignored. */
export function refuseDiscountCode(code: string | null | undefined): void {
  if (code) {
    throw validationError({ discount_code: [ORDER_MESSAGES.discountsNotAvailable] });
  }
}
