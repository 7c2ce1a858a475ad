import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Private ICS feed tokens (modules/calendar). The public feed finds a token by its SHA-256 (`tokenHash`); the
 * plain token is also sealed (secret-box.ts) so GET calendar/feed can show the same address again, as calendar
 * services do. Rotating revokes the row (`revokedAt`) and makes a new one; one live token per user.
 */
export const calendarFeedTokens = pgTable(
  'calendar_feed_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    tokenSealed: text().notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feed_tokens_hash_idx').on(t.tokenHash),
    uniqueIndex('calendar_feed_tokens_live_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
    index('calendar_feed_tokens_user_idx').on(t.userId),
  ],
);
