import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId, updatedAt } from './columns';
import { users } from './users';

/**
 * Webhook subscriptions (modules/webhooks): an admin's https URL and the events it receives. Deliveries act as the
 * owner (`userId`): an object the owner cannot read is not sent. The signing secret is sealed (secret-box.ts), and
 * only the create and rotate answers show it.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    uuid: publicId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    secretSealed: text().notNull(),
    status: text({ enum: ['active', 'paused'] })
      .notNull()
      .default('active'),
    pausedReason: text({ enum: ['failing', 'manual'] }),
    /** Failed attempts in a row (any delivery); a success resets it; the failure rule pauses at a threshold. */
    consecutiveFailures: integer().notNull().default(0),
    lastDeliveryAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhooks_user_id_idx').on(t.userId),
    check('webhooks_status_check', sql`${t.status} in ('active', 'paused')`),
  ],
);

/** One event for one webhook: what to send (the object by uuid), and when its next try is due. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    uuid: publicId(),
    webhookId: integer()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    objectUuid: uuid().notNull(),
    /** When the event happened (the payload's `occurred_at`); retries keep it. */
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** pending (a try is due at nextAttemptAt), succeeded, failed (retries spent), skipped (owner may not read it). */
    status: text({ enum: ['pending', 'succeeded', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** Retries stop once this passes (24 hours after the first try); a redelivery opens a new window. */
    retryUntil: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_id_idx').on(t.webhookId, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The deliveries log: one row per attempt, with the receiver's answer (status, duration, first 1 KB). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    uuid: publicId(),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    outcome: text({ enum: ['succeeded', 'failed', 'skipped'] }).notNull(),
    responseStatus: integer(),
    durationMs: integer(),
    responseExcerpt: text(),
    error: text(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_id_idx').on(t.deliveryId)],
);
