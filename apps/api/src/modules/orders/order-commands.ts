import {
  ORDER_MESSAGES,
  type OrderStatus,
  type orderCreateSchema,
  type orderUpdateSchema,
  refusedTransition,
} from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { type Emit, inTransaction } from '../../events/domain-events';
import { AppError, forbidden, notFound } from '../../http/errors';
import { quoteDiscount, redeemDiscount, refusalAsFieldError, releaseDiscount } from '../discounts';
import { applyOrderedPlan } from '../plans';
import { findCustomerId, priceItems, setTotal, writeLines } from './order-lines';

type CreateInput = z.output<typeof orderCreateSchema>;
/** What the commands need of the app: the database and the bus their events leave on after commit. */
type OrderContext = Pick<AppContext, 'db' | 'events'>;
/** Who places an order: their permissions decide whether it may make or change a plan. */
export type OrderActor = { userId: number; permissions: ReadonlySet<string> };
type UpdateInput = z.output<typeof orderUpdateSchema>;

/** The order row, locked for the rest of the transaction so status moves and edits are serialised. */
async function lockOrder(tx: DbExecutor, uuid: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.uuid, uuid)).for('update');
  if (!row) {
    throw notFound();
  }
  return row;
}

function refuse(from: OrderStatus, to: OrderStatus) {
  const message = refusedTransition(from, to);
  if (message) {
    throw new AppError(422, message, { code: 'order_status' });
  }
}

/** What every order event carries: public fields only, so a listener (the onboarding's step) needs no query. */
function announce(emit: Emit, action: string, order: { uuid: string; number: number }, extra: object, actor: number) {
  emit({ model: 'order', action, id: order.uuid, actorId: actor, payload: { number: order.number, ...extra } });
}

/** POST orders: a draft with its lines priced from today's catalogue. */
export async function createOrder(ctx: OrderContext, input: CreateInput, actorId: number): Promise<string> {
  const customerId = await findCustomerId(ctx.db, input.customer_uuid);
  const lines = await priceItems(ctx.db, input.items);
  return inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [row] = await tx
      .insert(orders)
      .values({ customerId, createdById: actorId })
      .returning({ id: orders.id, uuid: orders.uuid, number: orders.number });
    if (!row) {
      throw new Error('order not created');
    }
    await writeLines(tx, { id: row.id, customerId }, lines, input.discount_code || null);
    announce(emit, 'created', row, { customer_uuid: input.customer_uuid, status: 'draft' }, actorId);
    return row.uuid;
  });
}

/**
 * PUT orders/{uuid}: a draft's client and items (lines re-priced from today's catalogue: a draft is not yet what
 * the client bought), or a status move. `paid` needs a placed order; `cancelled` a draft or placed one — a
 * cancelled order leaves the plans it made as they are (a plan is ended on its own page), and a paid order cannot
 * be cancelled (refunds happen outside the portal). Cancelling a placed order gives its use of a discount code back.
 * `discount_code` sets (or with null removes) a draft's code; the draft's total shows it, placing redeems it.
 */
export async function updateOrder(ctx: OrderContext, uuid: string, input: UpdateInput, actorId: number) {
  const editsLines =
    input.items !== undefined || input.customer_uuid !== undefined || input.discount_code !== undefined;
  const customerId = input.customer_uuid ? await findCustomerId(ctx.db, input.customer_uuid) : undefined;
  const lines = input.items ? await priceItems(ctx.db, input.items) : undefined;
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const order = await lockOrder(tx, uuid);
    if (editsLines && order.status !== 'draft') {
      throw new AppError(422, ORDER_MESSAGES.orderNotDraft, { code: 'order_status' });
    }
    if (customerId !== undefined) {
      await tx.update(orders).set({ customerId }).where(eq(orders.id, order.id));
    }
    const code = input.discount_code === undefined ? order.discountCode : input.discount_code || null;
    const owner = { id: order.id, customerId: customerId ?? order.customerId };
    if (lines) {
      await writeLines(tx, owner, lines, code);
    } else if (editsLines) {
      await requote(tx, owner, code);
    }
    if (input.status) {
      refuse(order.status as OrderStatus, input.status);
      const stamp = input.status === 'paid' ? { paidAt: sql`now()` } : { cancelledAt: sql`now()` };
      if (input.status === 'cancelled') {
        await releaseDiscount(tx, order.id);
      }
      await tx
        .update(orders)
        .set({ status: input.status, ...stamp })
        .where(eq(orders.id, order.id));
    }
    await tx.update(orders).set({ updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    const customer = await customerUuid(tx, customerId ?? order.customerId);
    const status = input.status ?? order.status;
    announce(emit, input.status ?? 'updated', order, { customer_uuid: customer, status }, actorId);
  });
}

/** A draft whose client or code changed: its stored lines priced again against the code. */
async function requote(tx: DbExecutor, order: { id: number; customerId: number }, code: string | null) {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const quote = code ? await quoteDiscount(tx, code, order.customerId, lines).catch(refusalAsFieldError) : null;
  await setTotal(tx, order.id, subtotal, quote ? { code: quote.code, cents: quote.cents } : null);
}

async function customerUuid(tx: DbExecutor, customerId: number): Promise<string> {
  const result = await tx.execute<{ uuid: string }>(sql`select uuid from customers where id = ${customerId}`);
  return result.rows[0]?.uuid ?? '';
}

/**
 * POST orders/{uuid}/place: the client confirms the order. Retainer lines together set the reload amount of the
 * client's retainer plan (the sum of their reload minutes), a hosting line makes sure the client has a hosting plan;
 * each through the plans module's rules (plans/ordered-plan.ts), in this transaction, so the order is placed with
 * its plans or not at all. Making a plan needs PROJECTS_CREATE, changing one PROJECTS_UPDATE, as on the plan
 * screens. A discount code is redeemed in the same transaction (the discounts module locks the code's row), so the
 * order is placed with its redemption or, when the code no longer applies (used up meanwhile), not at all (422).
 */
export async function placeOrder(ctx: OrderContext, uuid: string, principal: OrderActor) {
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const order = await lockOrder(tx, uuid);
    refuse(order.status as OrderStatus, 'placed');
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    if (order.discountCode) {
      const input = { code: order.discountCode, orderId: order.id, customerId: order.customerId, lines };
      const used = await redeemDiscount(tx, input).catch(refusalAsFieldError);
      const subtotal = lines.reduce((sum, line) => sum + line.totalCents, 0);
      await setTotal(tx, order.id, subtotal, { code: used.code, cents: used.cents });
    }
    const plans: { uuid: string; type: string; effect: string }[] = [];
    for (const planType of ['retainer', 'hosting'] as const) {
      const typed = lines.filter((line) => line.sells === planType);
      if (!typed.length) {
        continue;
      }
      const refill = typed.reduce((sum, line) => sum + (line.planReloadMinutes ?? 0), 0);
      const plan = await applyOrderedPlan(tx, {
        planType,
        customerId: order.customerId,
        refillMinutes: planType === 'retainer' ? refill : null,
        managerId: principal.userId,
        actorId: principal.userId,
      });
      const needed = plan.effect === 'created' ? 'PROJECTS_CREATE' : 'PROJECTS_UPDATE';
      if (!principal.permissions.has(needed)) {
        throw forbidden();
      }
      await tx
        .update(orderLines)
        .set({ projectId: plan.id, planEffect: plan.effect })
        .where(
          sql`${orderLines.id} in (${sql.join(
            typed.map((line) => sql`${line.id}`),
            sql`, `,
          )})`,
        );
      plans.push({ uuid: plan.uuid, type: planType, effect: plan.effect });
      emit({
        model: 'project',
        action: plan.effect,
        id: plan.uuid,
        actorId: principal.userId,
        projectId: plan.id,
        payload: { title: plan.title },
      });
    }
    await tx
      .update(orders)
      .set({ status: 'placed', placedAt: sql`now()`, placedById: principal.userId, updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
    const customer = await customerUuid(tx, order.customerId);
    announce(emit, 'placed', order, { customer_uuid: customer, status: 'placed', plans }, principal.userId);
  });
}
