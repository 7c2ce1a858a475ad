import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roles } from './access';
import { oneTimeTokenTable } from './auth';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A person's authenticator app (TOTP). The secret is sealed under the application key (secret-box.ts), never
 * plain. confirmedAt is null while an enrolment waits for its first code; lastTimeStep is the newest 30-second
 * step a code was accepted for, so a code cannot be used twice (nor an older one after it).
 */
export const mfaTotp = pgTable('mfa_totp', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastTimeStep: integer(),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per person with a factor; only a SHA-256 of each is stored. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * The pending second step of a sign-in whose password (or e-mailed link) was right: a short-lived, single-use
 * token (SHA-256 only) that POST login/second-factor spends with a code.
 */
export const mfaChallenges = oneTimeTokenTable('mfa_challenges');

/** The roles whose people must use a second factor (admin setting); a deleted role leaves the list. */
export const mfaRequiredRoles = pgTable('mfa_required_roles', {
  roleId: integer()
    .primaryKey()
    .references(() => roles.id, { onDelete: 'cascade' }),
});
