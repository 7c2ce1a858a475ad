import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbExecutor } from '../../db/client';
import { todayIn } from '../tasks/calendar';

/** Looks up a client for a Stripe customer: its metadata names our client, else an e-mail we know names one. */
export type CustomerLookup = (stripeCustomerId: string) => Promise<Stripe.Customer | null>;

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * The client a Stripe customer belongs to, stored once found (stripe_customers). First the customer's
 * `portal_customer_uuid` metadata (when the customer can be read: an expanded object or the lookup), then the
 * e-mail: a client's own address or one of its contacts'. An unknown customer is remembered unlinked and tried again
 * at the next event.
 */
export async function linkCustomer(
  db: DbExecutor,
  stripeCustomer: string | Stripe.Customer | Stripe.DeletedCustomer | null,
  email: string | null,
  lookup?: CustomerLookup,
): Promise<number | null> {
  const stripeId = idOf(stripeCustomer);
  if (!stripeId) {
    return email ? customerByEmail(db, email) : null;
  }
  const known = await db.execute<{ customer_id: number | null }>(
    sql`select customer_id from stripe_customers where stripe_id = ${stripeId}`,
  );
  if (known.rows[0]?.customer_id) {
    return known.rows[0].customer_id;
  }
  let customer =
    typeof stripeCustomer === 'object' && stripeCustomer && !stripeCustomer.deleted ? stripeCustomer : null;
  if (!customer && lookup) {
    customer = await lookup(stripeId).catch(() => null);
  }
  const portalUuid = customer?.metadata?.portal_customer_uuid;
  let customerId: number | null = null;
  let linkedBy: 'metadata' | 'email' | null = null;
  if (portalUuid && /^[0-9a-f-]{36}$/i.test(portalUuid)) {
    const byUuid = await db.execute<{ id: number }>(sql`select id from customers where uuid = ${portalUuid}::uuid`);
    customerId = byUuid.rows[0]?.id ?? null;
    linkedBy = customerId ? 'metadata' : null;
  }
  const address = customer?.email ?? email;
  if (!customerId && address) {
    customerId = await customerByEmail(db, address);
    linkedBy = customerId ? 'email' : null;
  }
  await db.execute(sql`insert into stripe_customers (stripe_id, customer_id, email, linked_by)
    values (${stripeId}, ${customerId}, ${address}, ${linkedBy})
    on conflict (stripe_id) do update set customer_id = excluded.customer_id, email = excluded.email,
      linked_by = excluded.linked_by, updated_at = now()`);
  return customerId;
}

/** The client whose own e-mail, or whose contact's e-mail, is this address (the oldest client when several are). */
async function customerByEmail(db: DbExecutor, email: string): Promise<number | null> {
  const found = await db.execute<{ id: number }>(sql`
    select c.id from customers c where lower(c.email) = lower(${email})
    union all
    select cc.customer_id from contact_customers cc join contacts k on k.id = cc.contact_id
      left join users u on u.id = k.user_id
    where lower(coalesce(k.email, u.email)) = lower(${email})
    limit 1`);
  return found.rows[0]?.id ?? null;
}

/** Stripe's statuses as stored; anything newer than our list is kept as open only when money is still due. */
function statusOf(invoice: Stripe.Invoice): string {
  return invoice.status ?? 'draft';
}

/**
 * Writes what Stripe says of an invoice, unless we already applied something newer (`asOf`: the event's `created`,
 * or the sync's start). The due date is the agency's calendar day of Stripe's due timestamp.
 */
export async function upsertInvoice(
  db: DbExecutor,
  invoice: Stripe.Invoice,
  asOf: Date,
  timeZone: string,
  lookup?: CustomerLookup,
): Promise<void> {
  const customerId = await linkCustomer(db, invoice.customer, invoice.customer_email ?? null, lookup);
  const dueDate = invoice.due_date ? todayIn(timeZone, new Date(invoice.due_date * 1000)) : null;
  await db.execute(sql`insert into stripe_invoices (stripe_id, stripe_customer_id, customer_id, number,
      amount_due_cents, amount_remaining_cents, currency, due_date, status, hosted_invoice_url, source_at)
    values (${invoice.id}, ${idOf(invoice.customer)}, ${customerId}, ${invoice.number ?? null}, ${invoice.amount_due},
      ${invoice.amount_remaining}, ${invoice.currency}, ${dueDate}, ${statusOf(invoice)},
      ${invoice.hosted_invoice_url ?? null}, ${asOf.toISOString()})
    on conflict (stripe_id) do update set stripe_customer_id = excluded.stripe_customer_id,
      customer_id = coalesce(excluded.customer_id, stripe_invoices.customer_id), number = excluded.number,
      amount_due_cents = excluded.amount_due_cents, amount_remaining_cents = excluded.amount_remaining_cents,
      currency = excluded.currency, due_date = excluded.due_date, status = excluded.status,
      hosted_invoice_url = excluded.hosted_invoice_url, source_at = excluded.source_at, updated_at = now()
    where stripe_invoices.source_at <= excluded.source_at`);
}

export type FailedPaymentRecord = {
  key: string;
  stripeCustomer: string | Stripe.Customer | Stripe.DeletedCustomer | null;
  email: string | null;
  invoiceNumber: string | null;
  amountCents: number;
  reason: string | null;
  failedAt: Date;
};

/** One row per failed attempt; a later event of the same attempt only fills in what the first lacked. */
export async function recordFailedPayment(
  db: DbExecutor,
  failure: FailedPaymentRecord,
  lookup?: CustomerLookup,
): Promise<void> {
  const customerId = await linkCustomer(db, failure.stripeCustomer, failure.email, lookup);
  await db.execute(sql`insert into stripe_failed_payments (failure_key, stripe_customer_id, customer_id,
      invoice_number, amount_cents, reason, failed_at)
    values (${failure.key}, ${idOf(failure.stripeCustomer)}, ${customerId}, ${failure.invoiceNumber},
      ${failure.amountCents}, ${failure.reason}, ${failure.failedAt.toISOString()})
    on conflict (failure_key) do update set
      customer_id = coalesce(stripe_failed_payments.customer_id, excluded.customer_id),
      invoice_number = coalesce(stripe_failed_payments.invoice_number, excluded.invoice_number),
      reason = coalesce(stripe_failed_payments.reason, excluded.reason)`);
}
