import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { productTypes } from './catalog';
import { createdAt, id, publicId, updatedAt } from './columns';
import { projects } from './plans';
import { users } from './users';

/**
 * The request-type catalogue (doc 2 §3): service types with their intake questionnaire. The spec names catalogue
 * ids (Email Design is 8, New Campaign 17, …), so ids are data here: the seed inserts them, new types continue the
 * sequence.
 */
export const requestTypes = pgTable(
  'request_types',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    uuid: publicId(),
    name: text().notNull(),
    imageUrl: text(),
    icon: text(),
    description: text(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Estimated time in minutes (timeEstimated). */
    timeEstimated: integer(),
    disabled: boolean().notNull().default(false),
    /** The questionnaire: a list of questions (packages/domain request-form contract). */
    form: jsonb().notNull().default([]),
    sortOrder: integer().notNull().default(0),
    /** The order catalogue (issue 20): USD cents, null = not for sale yet. */
    priceCents: integer(),
    /** one_off | retainer | hosting: what a placed order of it does to the client's plans. */
    sells: text().notNull().default('one_off'),
    /** Retainer services: the reload minutes one unit gives the plan. */
    planReloadMinutes: integer(),
    /**
     * What kind of product the service is (issue 22: discounts scoped to product types match through it). Restrict:
     * the product-types module refuses to delete a type services still use, and the key backs that refusal.
     */
    productTypeId: integer().references(() => productTypes.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('request_types_estimate_check', sql`${t.timeEstimated} is null or ${t.timeEstimated} >= 0`),
    check('request_types_price_check', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check('request_types_sells_check', sql`${t.sells} in ('one_off', 'retainer', 'hosting')`),
    check(
      'request_types_reload_check',
      sql`(${t.sells} = 'retainer') = (${t.planReloadMinutes} is not null and ${t.planReloadMinutes} > 0)`,
    ),
    index('request_types_name_idx').on(sql`lower(${t.name})`),
  ],
);

/**
 * Requests (doc 2 §3): a client's brief for a service. `description` holds the serialized form with its answers
 * (or plain text), `description_delta` the rich-text brief. `time_spent` is the sum of the request's own completed
 * time logs, kept in the same transaction as every log write so list totals need no join.
 */
export const requests = pgTable(
  'requests',
  {
    id: id(),
    uuid: publicId(),
    subject: text().notNull().default('Draft'),
    requestTypeId: integer().references(() => requestTypes.id, { onDelete: 'set null' }),
    /** Drafts may be saved before a plan is chosen; submitting needs one ('Please enter the project'). */
    projectId: integer().references(() => projects.id, { onDelete: 'cascade' }),
    requesterId: integer().references(() => users.id, { onDelete: 'set null' }),
    creatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    status: text().notNull().default('draft'),
    description: text(),
    descriptionDelta: jsonb(),
    targetDate: date({ mode: 'string' }),
    skipEstimateApproval: boolean().notNull().default(false),
    kickoffCall: boolean().notNull().default(false),
    /** Estimated range in minutes. */
    estimatedMin: integer().notNull().default(0),
    estimatedMax: integer().notNull().default(0),
    timeSpent: integer().notNull().default(0),
    /**
     * Completed minutes logged on the request's tasks, and the plan's project type (retainer, hosting, others; null
     * without a plan). Both are kept by database triggers (migration 0007), whatever path writes time logs, task
     * relations or plans, so the list filters and sums them from one index without joins.
     */
    tasksTimeSpent: integer().notNull().default(0),
    projectType: text(),
    /** 3 = hot (high), 2 = warm (medium), 1 = cold or frozen (low); null until first classified. */
    temperature: smallint(),
    heat: text(),
    ghosted: boolean().notNull().default(false),
    lastInteractionAt: timestamp({ withTimezone: true }),
    refToken: text(),
    submittedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'requests_status_check',
      sql`${t.status} in ('draft', 'new', 'in_progress', 'waiting_approval', 'approved', 'needs_attention', 'completed', 'cancelled')`,
    ),
    check('requests_temperature_check', sql`${t.temperature} is null or ${t.temperature} between 1 and 3`),
    check('requests_heat_check', sql`${t.heat} is null or ${t.heat} in ('hot', 'warm', 'cold', 'frozen')`),
    check(
      'requests_estimate_check',
      sql`${t.estimatedMin} >= 0 and ${t.estimatedMax} >= 0 and (${t.estimatedMax} = 0 or ${t.estimatedMax} >= ${t.estimatedMin})`,
    ),
    check('requests_time_spent_check', sql`${t.timeSpent} >= 0`),
    // The list's default order (newest first). The trailing columns are what the list filters on, so a deep page
    // (offset 50,000) is an index-only walk.
    index('requests_created_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
      t.projectType,
      t.temperature,
      t.projectId,
    ),
    // The Requests screen's default list (doc 2 §4: open statuses on retainer and hosting plans) is what nearly
    // every visit reads, deep pages included: a narrow index of exactly those rows makes page 1,000 a short walk.
    index('requests_open_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(
        sql`${t.status} in ('new', 'waiting_approval', 'approved', 'needs_attention', 'in_progress') and ${t.projectType} in ('retainer', 'hosting')`,
      ),
    // The list's figures (meta.total, count_per_temp, total_time): an index-only pass over the filtered set.
    index('requests_figures_idx').on(t.projectType, t.status, t.temperature, t.timeSpent, t.tasksTimeSpent),
    index('requests_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    index('requests_project_idx').on(t.projectId, t.status),
    // The calendar's delivery dates in a range (modules/calendar).
    index('requests_target_date_idx').on(t.targetDate),
    // The open requests' estimates of every plan (the project time report, the budget panel) by an index-only scan.
    index('requests_open_estimates_idx')
      .on(t.projectId, t.estimatedMin, t.estimatedMax, t.requestTypeId)
      .where(sql`${t.status} not in ('draft', 'completed', 'cancelled')`),
    index('requests_creator_idx').on(t.creatorId),
  ],
);

/** Owner (responsible) and followers of a request; one row per person. */
export const requestUsers = pgTable(
  'request_users',
  {
    requestId: integer()
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pivot: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    check('request_users_pivot_check', sql`${t.pivot} in ('responsible', 'follower')`),
    index('request_users_user_idx').on(t.userId, t.pivot),
  ],
);

/**
 * "Due tomorrow" reminders already sent, one per request and delivery date: the daily job inserts the marker in the
 * statement that picks the requests (skipping conflicts), so reruns and overlapping instances remind once, and a
 * moved delivery date is reminded again.
 */
export const requestDueReminders = pgTable(
  'request_due_reminders',
  {
    requestId: integer()
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    dueDate: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.dueDate] })],
);
