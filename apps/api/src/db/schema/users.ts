import { type SQL, sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId, updatedAt } from './columns';

/**
 * An address with its look-alikes folded together: a `+tag` dropped, 'rn'→'m', 'vv'→'w', dots dropped, '0'→'o' and
 * 'i', '1', '|'→'l'. The generated column users.email_skeleton and registration's look-alike check
 * (modules/auth/register.ts) both use this one expression. Changing it changes the column's expression, so the
 * migration drizzle-kit generates re-adds the column and every stored skeleton is recomputed.
 */
export function emailSkeletonOf(email: SQL): SQL {
  return sql`translate(replace(replace(replace(regexp_replace(lower(${email}), '[+][^@]*@', '@'), 'rn', 'm'), 'vv', 'w'), '.', ''), '01|i', 'olll')`;
}

/** Identity: who can sign in. The person behind it (name, type, preferences) lives in contacts. */
export const users = pgTable(
  'users',
  {
    id: id(),
    uuid: publicId(),
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    status: text().notNull().default('active'),
    passwordChangedAt: timestamp({ withTimezone: true }),
    /**
     * When the person proved they receive mail at `email`. Null only for a self-registration whose link has not
     * been followed yet: such an account cannot sign in, and an admin adding that address takes it over.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }).defaultNow(),
    /** `emailSkeletonOf(email)`: a registration whose skeleton matches another account's is refused. */
    emailSkeleton: text().generatedAlwaysAs(emailSkeletonOf(sql.raw('email'))),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_email_skeleton_idx').on(t.emailSkeleton),
  ],
);

export type ContactPreferences = {
  email_notifications: '1' | '0';
  sms_notifications: '1' | '0' | null;
  push_notifications: '1' | '0';
  auto_follow_tasks?: '1' | '0';
  theme?: 'system' | 'light' | 'dark';
};

/** The profile of a person: staff, freelancer or client contact. A contact may exist without a login. */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    uuid: publicId(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    jobTitle: text(),
    type: text().notNull(),
    status: text().notNull().default('active'),
    preferences: jsonb()
      .$type<ContactPreferences>()
      .notNull()
      .default({ email_notifications: '1', sms_notifications: null, push_notifications: '1' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('contacts_user_id_unique').on(t.userId),
    index('contacts_email_idx').on(t.email),
    check('contacts_type_check', sql`${t.type} in ('regular_user', 'freelancer', 'contact')`),
    check('contacts_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

export const pushTokens = pgTable(
  'push_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('push_tokens_user_token_unique').on(t.userId, t.token)],
);
