import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { openApiKey } from './billing-settings';
import { stripeFor } from './stripe-client';
import { type CustomerLookup, recordFailedPayment, upsertInvoice } from './stripe-records';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'config'>;

/** The event kinds the intake records; others are acknowledged and dropped. */
export const STRIPE_EVENT_TYPES = new Set([
  'invoice.created',
  'invoice.finalized',
  'invoice.updated',
  'invoice.paid',
  'invoice.voided',
  'invoice.marked_uncollectible',
  'invoice.payment_failed',
  'payment_intent.payment_failed',
  'charge.failed',
]);

/** Sends an event to the job queue after its row committed; unset without jobs (tests call processStripeEvents). */
export type StripeEventQueue = (eventRowId: number) => Promise<unknown>;
let queue: StripeEventQueue | null = null;
export function setStripeEventQueue(next: StripeEventQueue | null): void {
  queue = next;
}

/**
 * The intake's whole write: the event once per event id. Answers whether it was new; a repeated delivery (Stripe
 * retries until it sees a 2xx) changes nothing. The work is a job after the commit.
 */
export async function recordStripeEvent(db: DbExecutor, event: Stripe.Event, log: FastifyBaseLogger): Promise<boolean> {
  if (!STRIPE_EVENT_TYPES.has(event.type)) {
    return false;
  }
  const inserted = await db.execute<{ id: number }>(sql`insert into stripe_events (event_id, type, payload)
    values (${event.id}, ${event.type}, ${JSON.stringify(event)}::jsonb) on conflict (event_id) do nothing returning id`);
  const id = inserted.rows[0]?.id;
  if (id && queue) {
    // The sweep (every minute) picks up an event whose job was not queued.
    queue(id).catch((error) => log.error({ err: error, event: event.id }, 'stripe event not queued'));
  }
  return id !== undefined;
}

/** Reads customers through the agency's key, when one is set (metadata links); null otherwise. */
export async function customerLookup(ctx: Ctx): Promise<CustomerLookup | undefined> {
  const key = await openApiKey(ctx);
  if (!key) {
    return undefined;
  }
  const stripe = await stripeFor(ctx.config, key);
  return async (id) => {
    const customer = await stripe.customers.retrieve(id);
    return customer.deleted ? null : customer;
  };
}

type Loose = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : null);
const refId = (value: unknown) => str(value) ?? (value && typeof value === 'object' ? str((value as Loose).id) : null);

/** Applies one recorded event, in its own transaction, once (the row is claimed; a second worker skips it). */
async function applyEvent(ctx: Ctx, rowId: number, lookup: CustomerLookup | undefined): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ payload: Stripe.Event }>(sql`select payload from stripe_events
      where id = ${rowId} and processed_at is null for update skip locked`);
    const event = claimed.rows[0]?.payload;
    if (!event) {
      return false;
    }
    const at = new Date(event.created * 1000);
    const timeZone = ctx.config.agencyTimeZone;
    // The payload's shape follows the account's API version, so fields older versions carried (payment_intent,
    // invoice) are read loosely.
    const object = event.data.object as unknown as Loose;
    if (event.type.startsWith('invoice.')) {
      const invoice = event.data.object as Stripe.Invoice;
      await upsertInvoice(tx, invoice, at, timeZone, lookup);
      if (event.type === 'invoice.payment_failed') {
        await recordFailedPayment(
          tx,
          {
            key: refId(object.payment_intent) ?? `evt:${event.id}`,
            stripeCustomer: invoice.customer,
            email: invoice.customer_email ?? null,
            invoiceNumber: invoice.number ?? null,
            amountCents: invoice.amount_remaining,
            reason: str((object.last_finalization_error as Loose | null)?.message),
            failedAt: at,
          },
          lookup,
        );
      }
    } else {
      const isCharge = event.type === 'charge.failed';
      const invoiceId = refId(object.invoice);
      const number = invoiceId
        ? ((
            await tx.execute<{ number: string | null }>(
              sql`select number from stripe_invoices where stripe_id = ${invoiceId}`,
            )
          ).rows[0]?.number ?? null)
        : null;
      const lastError = object.last_payment_error as Loose | null | undefined;
      await recordFailedPayment(
        tx,
        {
          key: (isCharge ? refId(object.payment_intent) : str(object.id)) ?? `evt:${event.id}`,
          stripeCustomer: refId(object.customer),
          email: str((object.billing_details as Loose | undefined)?.email) ?? str(object.receipt_email),
          invoiceNumber: number,
          amountCents: Number(object.amount ?? 0),
          reason: isCharge ? str(object.failure_message) : str(lastError?.message),
          failedAt: at,
        },
        lookup,
      );
    }
    await tx.execute(sql`update stripe_events set processed_at = now(), error = null where id = ${rowId}`);
    return true;
  });
}

/** Runs recorded events not yet applied, oldest first (the job for one event, the sweep, and tests). */
export async function processStripeEvents(ctx: Ctx, log: FastifyBaseLogger, onlyId?: number): Promise<number> {
  const due = await ctx.db.execute<{ id: number }>(sql`select id from stripe_events where processed_at is null
    ${onlyId ? sql`and id = ${onlyId}` : sql``} order by id limit 500`);
  if (!due.rows.length) {
    return 0;
  }
  const lookup = await customerLookup(ctx);
  let applied = 0;
  for (const { id } of due.rows) {
    try {
      applied += (await applyEvent(ctx, id, lookup)) ? 1 : 0;
    } catch (error) {
      // Left unapplied: the sweep tries again in a minute.
      log.error({ err: error, stripeEventRow: id }, 'stripe event not applied');
      await ctx.db.execute(sql`update stripe_events set error = ${String((error as Error).message).slice(0, 500)}
        where id = ${id}`);
    }
  }
  return applied;
}
