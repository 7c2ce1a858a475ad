import {
  DISCOUNT_MESSAGES,
  type DiscountReason,
  type DiscountScope,
  type DiscountTerms,
  type DiscountType,
  discountAppliesTo,
  discountCents,
  discountRefusal,
} from '@portal/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { discountProductTypes, discountRedemptions, discountServices, discounts, requestTypes } from '../../db/schema';
import { validationError } from '../../http/errors';

/** A priced order line as the rules need it: the service's internal id and the line's total in cents. */
export type DiscountLine = { requestTypeId: number | null; totalCents: number };

type DiscountRow = typeof discounts.$inferSelect;

/** Why the code does not apply, as the field error orders answer (422 `discount_code`). */
export class DiscountRefused extends Error {
  constructor(readonly reason: DiscountReason) {
    super(DISCOUNT_MESSAGES[reason]);
  }
}

export function refusalAsFieldError(error: unknown): never {
  if (error instanceof DiscountRefused) {
    throw validationError({ discount_code: [error.message] });
  }
  throw error;
}

/** The code's row (case-insensitive), locked until the transaction ends when `lock` is set. */
async function findByCode(db: DbExecutor, code: string, lock: boolean): Promise<DiscountRow> {
  const query = db.select().from(discounts).where(sql`lower(${discounts.code}) = lower(${code.trim()})`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) {
    throw new DiscountRefused('unknown');
  }
  return row;
}

/** The code's scope: null for all services, else the ids of its chosen services and product types. */
async function scopeOf(db: DbExecutor, row: DiscountRow): Promise<DiscountScope> {
  if (!row.limitedToServices) {
    return null;
  }
  const [services, types] = await Promise.all([
    db
      .select({ id: discountServices.requestTypeId })
      .from(discountServices)
      .where(eq(discountServices.discountId, row.id)),
    db
      .select({ id: discountProductTypes.productTypeId })
      .from(discountProductTypes)
      .where(eq(discountProductTypes.discountId, row.id)),
  ]);
  return { serviceKeys: new Set(services.map((s) => s.id)), productTypeKeys: new Set(types.map((t) => t.id)) };
}

async function termsOf(db: DbExecutor, row: DiscountRow): Promise<DiscountTerms> {
  return {
    type: row.type as DiscountType,
    value: row.value,
    active: row.active,
    validFrom: row.validFrom,
    validTo: row.validTo,
    maxRedemptions: row.maxRedemptions,
    maxPerCustomer: row.maxPerCustomer,
    scope: await scopeOf(db, row),
  };
}

/**
 * Each line's service with its product type as the catalogue says now: a service moved to another product type
 * moves with it, as a draft is re-priced from today's catalogue (a placed order's discount is already stored).
 */
async function keysOf(db: DbExecutor, lines: readonly DiscountLine[]) {
  const ids = [...new Set(lines.flatMap((line) => (line.requestTypeId === null ? [] : [line.requestTypeId])))];
  const rows = ids.length
    ? await db
        .select({ id: requestTypes.id, productTypeId: requestTypes.productTypeId })
        .from(requestTypes)
        .where(inArray(requestTypes.id, ids))
    : [];
  const typeOf = new Map(rows.map((row) => [row.id, row.productTypeId]));
  return (requestTypeId: number | null) => ({
    serviceKey: requestTypeId,
    productTypeKey: requestTypeId === null ? null : (typeOf.get(requestTypeId) ?? null),
  });
}

async function usedByCustomer(db: DbExecutor, discountId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountId, discountId),
        eq(discountRedemptions.customerId, customerId),
        isNull(discountRedemptions.releasedAt),
      ),
    );
  return Number(row?.count ?? 0);
}

/** `appliesTo` answers, per service id, whether the code discounts that line (the validate answer's `discounted`). */
export type DiscountQuote = {
  discountId: number;
  code: string;
  cents: number;
  appliesTo: (requestTypeId: number | null) => boolean;
};

/** Evaluates a code for a client's priced lines; throws DiscountRefused with the first reason it does not apply. */
async function evaluate(
  db: DbExecutor,
  row: DiscountRow,
  customerId: number,
  lines: readonly DiscountLine[],
): Promise<DiscountQuote> {
  const terms = await termsOf(db, row);
  const reason = discountRefusal(terms, new Date(), row.redemptionsCount, await usedByCustomer(db, row.id, customerId));
  if (reason) {
    throw new DiscountRefused(reason);
  }
  const keyed = await keysOf(db, lines);
  const cents = discountCents(
    terms,
    lines.map((line) => ({ ...keyed(line.requestTypeId), totalCents: line.totalCents })),
  );
  if (cents === null) {
    throw new DiscountRefused('applies_to_none');
  }
  const appliesTo = (requestTypeId: number | null) => discountAppliesTo(terms.scope, keyed(requestTypeId));
  return { discountId: row.id, code: row.code, cents, appliesTo };
}

/**
 * What the code would take off now, without using it (discounts/validate, and a draft order's price). Placing the
 * order decides again under the lock: a quote reserves nothing.
 */
export async function quoteDiscount(
  db: DbExecutor,
  code: string,
  customerId: number,
  lines: readonly DiscountLine[],
): Promise<DiscountQuote> {
  return evaluate(db, await findByCode(db, code, false), customerId, lines);
}

/**
 * Uses the code for an order inside the caller's transaction. The discount row is locked (SELECT … FOR UPDATE), so
 * every redemption of one code is serialised: the limits are read and the count raised while no other order can,
 * and a rollback of the order gives the use back. Throws DiscountRefused when the code no longer applies.
 */
export async function redeemDiscount(
  tx: DbExecutor,
  input: { code: string; orderId: number; customerId: number; lines: readonly DiscountLine[] },
): Promise<DiscountQuote> {
  const row = await findByCode(tx, input.code, true);
  const quote = await evaluate(tx, row, input.customerId, input.lines);
  await tx.insert(discountRedemptions).values({
    discountId: row.id,
    orderId: input.orderId,
    customerId: input.customerId,
    amountCents: quote.cents,
  });
  await tx
    .update(discounts)
    .set({ redemptionsCount: sql`${discounts.redemptionsCount} + 1` })
    .where(eq(discounts.id, row.id));
  return quote;
}

/** A cancelled order gives its use of the code back (the redemption row stays, marked released). */
export async function releaseDiscount(tx: DbExecutor, orderId: number): Promise<void> {
  const [redemption] = await tx
    .select()
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)));
  if (!redemption) {
    return;
  }
  await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.id, redemption.discountId)).for('update');
  await tx.update(discountRedemptions).set({ releasedAt: sql`now()` }).where(eq(discountRedemptions.id, redemption.id));
  await tx
    .update(discounts)
    .set({ redemptionsCount: sql`${discounts.redemptionsCount} - 1` })
    .where(eq(discounts.id, redemption.discountId));
}
