import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * One row per writing-assistant call (POST ai/enhance): the log of who used it, for what and how it went — never the
 * text itself, only its length — and the per-user rate limit, which counts these rows over the last hour in
 * PostgreSQL so every instance enforces the same limit.
 */
export const aiRequests = pgTable(
  'ai_requests',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    tone: text(),
    inputChars: integer().notNull(),
    outputChars: integer(),
    /** started → completed | failed | cancelled. */
    status: text().notNull().default('started'),
    /** The provider's failure as shown to the user (status code and kind), never the text sent. */
    error: text(),
    durationMs: integer(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_requests_user_time_idx').on(t.userId, t.createdAt)],
);
