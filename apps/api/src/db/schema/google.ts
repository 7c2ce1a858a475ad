import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * A person's Google Calendar connection (modules/google): one per user. The refresh and access tokens are sealed
 * with the secret-box and never leave the server; `calendarId` is null until the person picks a calendar, and
 * nothing is synced before.
 */
export const googleAccounts = pgTable(
  'google_accounts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Google account's address (its primary calendar's id), shown as "connected as". */
    email: text().notNull(),
    refreshTokenSealed: text().notNull(),
    accessTokenSealed: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    calendarId: text(),
    calendarName: text(),
    /** due_date: one all-day event on the due date; span: from the start date to the due date. */
    eventShape: text().notNull().default('due_date'),
    /** responsible: tasks the person is responsible for; visible: every task they can see. */
    taskScope: text().notNull().default('responsible'),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('google_accounts_shape_check', sql`${t.eventShape} in ('due_date', 'span')`),
    check('google_accounts_scope_check', sql`${t.taskScope} in ('responsible', 'visible')`),
  ],
);

/**
 * An OAuth authorization in progress: the state (hashed) is bound to the session that started it, used once and
 * expires; the PKCE code verifier is sealed until the callback sends it to the token endpoint.
 */
export const googleOauthStates = pgTable(
  'google_oauth_states',
  {
    id: id(),
    stateHash: text().notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionTokenHash: text().notNull(),
    codeVerifierSealed: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('google_oauth_states_expires_idx').on(t.expiresAt)],
);

/**
 * Which Google event holds which task on a person's calendar. Keyed by the task's uuid, not its id: a deleted task
 * must still find its event to delete it.
 */
export const googleEvents = pgTable(
  'google_events',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskUuid: text().notNull(),
    calendarId: text().notNull(),
    eventId: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('google_events_user_task_unique').on(t.userId, t.taskUuid),
    index('google_events_task_idx').on(t.taskUuid),
  ],
);
