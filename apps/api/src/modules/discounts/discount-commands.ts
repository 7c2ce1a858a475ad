import {
  DISCOUNT_MESSAGES,
  type discountCreateSchema,
  type discountUpdateSchema,
  lineTotalCents,
  ORDER_MESSAGES,
  quantityToHundredths,
} from '@portal/domain';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import {
  customers,
  discountProductTypes,
  discountServices,
  discounts,
  productTypes,
  requestTypes,
} from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { AppError, notFound, validationError } from '../../http/errors';

type CreateInput = z.output<typeof discountCreateSchema>;
type UpdateInput = z.output<typeof discountUpdateSchema>;
type DiscountContext = Pick<AppContext, 'db' | 'events'>;

async function serviceIds(db: DbExecutor, uuids: readonly string[]): Promise<number[]> {
  const unique = [...new Set(uuids)];
  if (!unique.length) {
    return [];
  }
  const rows = await db.select({ id: requestTypes.id }).from(requestTypes).where(inArray(requestTypes.uuid, unique));
  if (rows.length !== unique.length) {
    throw validationError({ service_uuids: ['The selected service does not exist'] });
  }
  return rows.map((row) => row.id);
}

async function productTypeIds(db: DbExecutor, uuids: readonly string[]): Promise<number[]> {
  const unique = [...new Set(uuids)];
  if (!unique.length) {
    return [];
  }
  const rows = await db.select({ id: productTypes.id }).from(productTypes).where(inArray(productTypes.uuid, unique));
  if (rows.length !== unique.length) {
    throw validationError({ product_type_uuids: ['The selected product type does not exist'] });
  }
  return rows.map((row) => row.id);
}

/** The unique index on lower(code) is the judge, so two people saving the same code at once cannot both win. */
function codeTaken(error: unknown): never {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  if ((cause as { code?: string }).code === '23505') {
    throw validationError({ code: [DISCOUNT_MESSAGES.codeTaken] });
  }
  throw error;
}

async function writeServices(tx: DbExecutor, discountId: number, ids: readonly number[]) {
  await tx.delete(discountServices).where(eq(discountServices.discountId, discountId));
  if (ids.length) {
    await tx.insert(discountServices).values(ids.map((requestTypeId) => ({ discountId, requestTypeId })));
  }
}

async function writeProductTypes(tx: DbExecutor, discountId: number, ids: readonly number[]) {
  await tx.delete(discountProductTypes).where(eq(discountProductTypes.discountId, discountId));
  if (ids.length) {
    await tx.insert(discountProductTypes).values(ids.map((productTypeId) => ({ discountId, productTypeId })));
  }
}

/** How many product types a code names now (a PUT of the services alone keeps them, and with them its limit). */
async function storedProductTypeCount(tx: DbExecutor, discountId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(discountProductTypes)
    .where(eq(discountProductTypes.discountId, discountId));
  return row?.n ?? 0;
}

async function storedServiceCount(tx: DbExecutor, discountId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(discountServices)
    .where(eq(discountServices.discountId, discountId));
  return row?.n ?? 0;
}

const when = (value: string | null | undefined) => (value ? new Date(value) : null);

/** POST discounts. */
export async function createDiscount(ctx: DiscountContext, input: CreateInput, actorId: number): Promise<string> {
  const ids = await serviceIds(ctx.db, input.service_uuids);
  const typeIds = await productTypeIds(ctx.db, input.product_type_uuids);
  return inTransaction(ctx.db, ctx.events, async (tx) => {
    const [row] = await tx
      .insert(discounts)
      .values({
        code: input.code,
        type: input.type,
        value: input.value,
        limitedToServices: ids.length > 0 || typeIds.length > 0,
        validFrom: when(input.valid_from),
        validTo: when(input.valid_to),
        maxRedemptions: input.max_redemptions,
        maxPerCustomer: input.max_per_customer,
        active: input.active,
        createdById: actorId,
      })
      .returning({ id: discounts.id, uuid: discounts.uuid })
      .catch(codeTaken);
    if (!row) {
      throw new Error('discount not created');
    }
    await writeServices(tx, row.id, ids);
    await writeProductTypes(tx, row.id, typeIds);
    return row.uuid;
  });
}

/**
 * PUT discounts/{uuid}. The row is locked like a redemption locks it, so an edit of the limits and a concurrent
 * order are serialised; lowering max_redemptions below the live count is refused by the table's check.
 */
export async function updateDiscount(ctx: DiscountContext, uuid: string, input: UpdateInput) {
  const ids = input.service_uuids ? await serviceIds(ctx.db, input.service_uuids) : undefined;
  const typeIds = input.product_type_uuids ? await productTypeIds(ctx.db, input.product_type_uuids) : undefined;
  await inTransaction(ctx.db, ctx.events, async (tx) => {
    const [row] = await tx.select().from(discounts).where(eq(discounts.uuid, uuid)).for('update');
    if (!row) {
      throw notFound();
    }
    const type = input.type ?? row.type;
    const value = input.value ?? row.value;
    if (type === 'percent' && value > 100) {
      throw validationError({ value: [DISCOUNT_MESSAGES.percentRange] });
    }
    const validFrom = input.valid_from === undefined ? row.validFrom : when(input.valid_from);
    const validTo = input.valid_to === undefined ? row.validTo : when(input.valid_to);
    if (validFrom && validTo && validTo <= validFrom) {
      throw validationError({ valid_to: [DISCOUNT_MESSAGES.validRange] });
    }
    const maxRedemptions = input.max_redemptions === undefined ? row.maxRedemptions : input.max_redemptions;
    if (maxRedemptions !== null && maxRedemptions < row.redemptionsCount) {
      throw validationError({
        max_redemptions: [`The code has already been used ${row.redemptionsCount} times.`],
      });
    }
    // The limit follows the scope after the write: a PUT of one list is judged with the other as stored.
    const scoped =
      ids || typeIds
        ? (ids?.length ?? (await storedServiceCount(tx, row.id))) > 0 ||
          (typeIds?.length ?? (await storedProductTypeCount(tx, row.id))) > 0
        : undefined;
    await tx
      .update(discounts)
      .set({
        code: input.code ?? row.code,
        type,
        value,
        validFrom,
        validTo,
        maxRedemptions,
        maxPerCustomer: input.max_per_customer === undefined ? row.maxPerCustomer : input.max_per_customer,
        active: input.active ?? row.active,
        ...(scoped === undefined ? {} : { limitedToServices: scoped }),
        updatedAt: sql`now()`,
      })
      .where(eq(discounts.id, row.id))
      .catch(codeTaken);
    if (ids) {
      await writeServices(tx, row.id, ids);
    }
    if (typeIds) {
      await writeProductTypes(tx, row.id, typeIds);
    }
  });
}

/**
 * DELETE discounts/{uuid}: only a code no order has used. A used code is refused (422) with the advice to deactivate
 * it, so the orders and their redemption history keep naming the code they used.
 */
export async function deleteDiscount(ctx: DiscountContext, uuid: string) {
  await inTransaction(ctx.db, ctx.events, async (tx) => {
    const [row] = await tx.select().from(discounts).where(eq(discounts.uuid, uuid)).for('update');
    if (!row) {
      throw notFound();
    }
    const used = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from discount_redemptions where discount_id = ${row.id}`,
    );
    if (Number(used.rows[0]?.n ?? 0) > 0) {
      throw new AppError(422, DISCOUNT_MESSAGES.redeemedCannotBeDeleted, { code: 'discount_redeemed' });
    }
    await tx.delete(discounts).where(eq(discounts.id, row.id));
  });
}

/** The client's id and the items priced from today's catalogue, for discounts/validate (unknown ones as field errors). */
export async function priceForValidation(
  db: DbExecutor,
  customerUuid: string,
  items: readonly { service_uuid: string; quantity: number }[],
) {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.uuid, customerUuid));
  if (!customer) {
    throw validationError({ customer_uuid: ['The selected client does not exist'] });
  }
  const rows = await db
    .select()
    .from(requestTypes)
    .where(inArray(requestTypes.uuid, [...new Set(items.map((item) => item.service_uuid))]));
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const errors: Record<string, string[]> = {};
  const lines = items.flatMap((item, index) => {
    const service = byUuid.get(item.service_uuid);
    if (!service || service.priceCents === null || service.disabled) {
      errors[`items.${index}.service_uuid`] = [
        !service
          ? 'The selected service does not exist'
          : service.disabled
            ? ORDER_MESSAGES.serviceDisabled
            : ORDER_MESSAGES.serviceHasNoPrice,
      ];
      return [];
    }
    const totalCents = lineTotalCents(service.priceCents, quantityToHundredths(item.quantity));
    return [{ requestTypeId: service.id, serviceUuid: service.uuid, name: service.name, totalCents }];
  });
  if (Object.keys(errors).length) {
    throw validationError(errors);
  }
  return { customerId: customer.id, lines };
}
