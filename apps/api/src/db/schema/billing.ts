import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './clients';
import { createdAt, id, publicId, updatedAt } from './columns';

/**
 * The card payment provider's settings (modules/billing): one row (id 1). The API key and webhook signing secret are
 * sealed with secret-box.ts; the hints (`sk_…abcd`) are what the answers show.
 */
export const stripeSettings = pgTable(
  'stripe_settings',
  {
    id: integer().primaryKey(),
    apiKeySealed: text(),
    apiKeyHint: text(),
    webhookSecretSealed: text(),
    webhookSecretHint: text(),
    overdueRequestPolicy: text({ enum: ['off', 'warn', 'refuse'] })
      .notNull()
      .default('off'),
    overdueDays: integer().notNull().default(30),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastSyncError: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stripe_settings_one_row', sql`${t.id} = 1`),
    check('stripe_settings_policy_check', sql`${t.overdueRequestPolicy} in ('off', 'warn', 'refuse')`),
  ],
);

/** A Stripe customer and the client it was linked to (by `portal_customer_uuid` metadata, else by e-mail). */
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    stripeId: text().primaryKey(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    email: text(),
    linkedBy: text({ enum: ['metadata', 'email'] }),
    updatedAt: updatedAt(),
  },
  (t) => [index('stripe_customers_customer_idx').on(t.customerId)],
);

/** The provider's invoices as last told (webhook or sync); amounts in cents, the due date as an agency day. */
export const stripeInvoices = pgTable(
  'stripe_invoices',
  {
    id: id(),
    uuid: publicId(),
    stripeId: text().notNull().unique(),
    stripeCustomerId: text(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    number: text(),
    amountDueCents: integer().notNull(),
    amountRemainingCents: integer().notNull(),
    currency: text().notNull(),
    dueDate: date({ mode: 'string' }),
    status: text().notNull(),
    hostedInvoiceUrl: text(),
    /** The Stripe time of what we last applied (an event's `created`, or the sync's time): older news is ignored. */
    sourceAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stripe_invoices_customer_idx').on(t.customerId),
    index('stripe_invoices_open_due_idx').on(t.dueDate).where(sql`${t.status} = 'open'`),
  ],
);

/** Every webhook event received, once per event id (a repeated delivery is acknowledged and not recorded again). */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: id(),
    eventId: text().notNull().unique(),
    type: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [index('stripe_events_unprocessed_idx').on(t.id).where(sql`${t.processedAt} is null`)],
);

/**
 * Payment failures (invoice.payment_failed, payment_intent.payment_failed, charge.failed). One failed attempt comes
 * as up to three events, so a failure is keyed by its payment intent when one is named, else by the event id.
 */
export const stripeFailedPayments = pgTable(
  'stripe_failed_payments',
  {
    id: id(),
    uuid: publicId(),
    failureKey: text().notNull().unique(),
    stripeCustomerId: text(),
    customerId: integer().references(() => customers.id, { onDelete: 'set null' }),
    invoiceNumber: text(),
    amountCents: integer().notNull(),
    reason: text(),
    failedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('stripe_failed_payments_customer_idx').on(t.customerId, t.failedAt)],
);

/** The overdue notices sent: one per invoice and stage (1, 7, 30 days), so a second run sends nothing twice. */
export const invoiceOverdueNotices = pgTable(
  'invoice_overdue_notices',
  {
    invoiceId: integer()
      .notNull()
      .references(() => stripeInvoices.id, { onDelete: 'cascade' }),
    stage: integer().notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.stage] })],
);
