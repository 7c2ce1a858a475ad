import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId } from './columns';
import { projects } from './plans';
import { users } from './users';

/**
 * A plan's credit history (doc 2 §3 credit rows: date, uuid, total time). Minutes, like every other duration here.
 * Balance = sum(minutes) − time logged on the plan, so an expiry row (negative) is how unused credit that does not
 * roll over leaves the balance. Period rows carry period_start: one period credit and one expiry per plan and period,
 * a database guarantee that makes the monthly job idempotent.
 */
export const planCredits = pgTable(
  'plan_credits',
  {
    id: id(),
    uuid: publicId(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    minutes: integer().notNull(),
    /** period_credit (the reload amount), manual_adjustment (staff, with a note), expiry (unused credit not carried). */
    kind: text().notNull(),
    periodStart: date({ mode: 'string' }),
    note: text(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('plan_credits_kind_check', sql`${t.kind} in ('period_credit', 'manual_adjustment', 'expiry')`),
    check('plan_credits_period_check', sql`(${t.kind} = 'manual_adjustment') = (${t.periodStart} is null)`),
    check('plan_credits_period_minutes_check', sql`${t.kind} <> 'period_credit' or ${t.minutes} >= 0`),
    uniqueIndex('plan_credits_one_per_period_idx')
      .on(t.projectId, t.periodStart, t.kind)
      .where(sql`${t.periodStart} is not null`),
    index('plan_credits_project_date_idx').on(t.projectId, t.date),
  ],
);

/** Per-plan rollover of unused credit into the next period: none, all, or up to rollover_cap_minutes. */
export const planCreditSettings = pgTable(
  'plan_credit_settings',
  {
    projectId: integer()
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    rollover: text().notNull().default('none'),
    rolloverCapMinutes: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plan_credit_settings_rollover_check', sql`${t.rollover} in ('none', 'all', 'up_to')`),
    check(
      'plan_credit_settings_cap_check',
      sql`(${t.rollover} = 'up_to') = (${t.rolloverCapMinutes} is not null) and coalesce(${t.rolloverCapMinutes}, 0) >= 0`,
    ),
  ],
);

/** The 80 % and 100 % notices already sent to a plan's manager, once per plan, period and threshold. */
export const planCreditNotices = pgTable(
  'plan_credit_notices',
  {
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    periodStart: date({ mode: 'string' }).notNull(),
    threshold: integer().notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.periodStart, t.threshold] }),
    check('plan_credit_notices_threshold_check', sql`${t.threshold} in (80, 100)`),
  ],
);
