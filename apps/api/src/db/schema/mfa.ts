import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { roles } from './access';
import { oneTimeTokenTable } from './auth';
import { createdAt, id, publicId } from './columns';
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

/**
 * A person's passkeys (WebAuthn credentials, issue 23). The public key is not a secret; the credential id is what
 * the browser answers with. `counter` is the authenticator's signature counter (a clone shows as a counter that
 * does not grow; synced passkeys keep it at 0).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    uuid: publicId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** base64url, as WebAuthn's JSON carries it. */
    credentialId: text().notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    backedUp: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * What a WebAuthn ceremony was asked to sign: a registration (the person's own), the passkey step of a sign-in
 * (`handleHash` is the SHA-256 of that sign-in's challenge token) or a passwordless sign-in (`handleHash` of the
 * handle answered with the options; no user yet). Single use and short-lived, like the sign-in challenge.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    purpose: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    handleHash: text().unique(),
    challenge: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_user_idx').on(t.userId, t.purpose)],
);

/** People who chose to sign in with a passkey alone (no password): the passkey proves possession and, verified, the person. */
export const passkeySignIn = pgTable('passkey_sign_in', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
