import {
  DISCOUNT_MESSAGES,
  type DiscountReason,
  type DiscountTerms,
  type DiscountType,
  discountCents,
  discountRefusal,
} from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { discountRedemptions, discountServices, discounts } from '../../db/schema';
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

async function termsOf(db: DbExecutor, row: DiscountRow): Promise<DiscountTerms> {
  let serviceKeys: Set<number> | null = null;
  if (row.limitedToServices) {
    const services = await db
      .select({ id: discountServices.requestTypeId })
      .from(discountServices)
      .where(eq(discountServices.discountId, row.id));
    serviceKeys = new Set(services.map((s) => s.id));
  }
  return {
    type: row.type as DiscountType,
    value: row.value,
    active: row.active,
    validFrom: row.validFrom,
    validTo: row.validTo,
    maxRedemptions: row.maxRedemptions,
    maxPerCustomer: row.maxPerCustomer,
    serviceKeys,
  };
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

export type DiscountQuote = { discountId: number; code: string; cents: number; eligible: Set<number> | null };

/** Evaluates a code for a client's priced lines; throws DiscountRefused with the first reason it does not apply. */
async function evaluate(db: DbExecutor, row: DiscountRow, customerId: number, lines: readonly DiscountLine[]) {
  const terms = await termsOf(db, row);
  const reason = discountRefusal(terms, new Date(), row.redemptionsCount, await usedByCustomer(db, row.id, customerId));
  if (reason) {
    throw new DiscountRefused(reason);
  }
  const cents = discountCents(
    terms,
    lines.map((line) => ({ serviceKey: line.requestTypeId, totalCents: line.totalCents })),
  );
  if (cents === null) {
    throw new DiscountRefused('applies_to_none');
  }
  return { discountId: row.id, code: row.code, cents, eligible: terms.serviceKeys as Set<number> | null };
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
