import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId } from './columns';

/** Every e-mail the product sends, kept as the email log; without SMTP this table is the delivery. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    uuid: publicId(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    transport: text().notNull(),
    /** The kind of message (password_reset, welcome, invite, notification …) for the e-mail log's filter. */
    template: text(),
    /**
     * The message carried one-time secrets (reset, verification, invite links …): they were replaced by [redacted]
     * before it was stored, so the log never holds a usable link and the message cannot be resent from it.
     */
    redacted: boolean().notNull().default(false),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress)],
);
