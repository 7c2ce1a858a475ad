import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId } from './columns';
import { users } from './users';

/** Bearer tokens. Only a SHA-256 of the token is stored, so a database leak does not leak sessions. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    /** How the Sessions list names a session (issue 23): never the token or its hash. */
    uuid: publicId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('auth_tokens_user_id_idx').on(t.userId)],
);

/**
 * A table of single-use link tokens of a user (password reset, e-mail verification): only a SHA-256 is stored, each
 * expires and is spent once (usedAt). One shape for every such link, so their rules cannot drift apart.
 */
export function oneTimeTokenTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: id(),
      userId: integer()
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      tokenHash: text().notNull().unique(),
      createdAt: createdAt(),
      expiresAt: timestamp({ withTimezone: true }).notNull(),
      usedAt: timestamp({ withTimezone: true }),
    },
    (t) => [index(`${name}_user_id_idx`).on(t.userId)],
  );
}

export const passwordResetTokens = oneTimeTokenTable('password_reset_tokens');

/**
 * E-mailed sign-in links: the proof step of a sign-in from an unknown device once an account's guess ceiling is
 * reached (modules/auth/sign-in-link.ts). Only a SHA-256 is stored; short-lived, spent once, and voided by
 * a trigger when the account's password changes (migration 0029).
 */
export const signInLinkTokens = oneTimeTokenTable('sign_in_link_tokens');

/**
 * Single sign-on attempts (modules/auth/sso): what GET sso/start promised the identity provider — the state's and
 * the browser cookie's SHA-256, the nonce and PKCE code verifier — kept server-side for ten minutes and spent once
 * by sso/callback. A callback that signs someone in leaves a hand-off code's SHA-256 here; the web app spends it
 * once through POST sso/exchange, so no session token ever travels in a URL.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: id(),
    stateHash: text().notNull().unique(),
    browserHash: text().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    callbackAt: timestamp({ withTimezone: true }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    handoffHash: text().unique(),
    handoffExpiresAt: timestamp({ withTimezone: true }),
    exchangedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sso_sign_ins_expires_at_idx').on(t.expiresAt)],
);
