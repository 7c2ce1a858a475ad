import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId } from './columns';
import { users } from './users';

/**
 * Personal API tokens (modules/api-tokens): a script's bearer token acting as its owner, narrowed by scope. Only a
 * SHA-256 of the token is stored; revoking keeps the row (revokedAt) so the list can say the token is gone.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    uuid: publicId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: text({ enum: ['read', 'write'] }).notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId)],
);
