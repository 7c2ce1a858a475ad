import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters of the sign-in and reset limits, shared by every instance on this database (in memory,
 * each instance would grant its own budget). One row per key ('login:pair:<e-mail>:<ip>' …); a window that has
 * passed restarts at the next hit, and old rows are swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    count: integer().notNull().default(0),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);
