import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './clients';
import { createdAt, id, publicId, updatedAt } from './columns';
import { users } from './users';

/** Plan types (GET plans): retainer (default), hosting and others, each with a default reload amount. */
export const planTypes = pgTable('plan_types', {
  id: id(),
  uuid: publicId(),
  name: text().notNull().unique(),
  displayName: text().notNull(),
  /** Default reload amount in minutes. */
  refillMinutes: integer().notNull().default(0),
  refillEditable: boolean().notNull().default(false),
  /** Project type for reports and request filters: retainer, hosting or others. */
  projectType: text().notNull().default('others'),
  isDefault: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  createdAt: createdAt(),
});

/** Plans (projects in the API): a client's retainer or hosting project with an hour reload amount. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    uuid: publicId(),
    title: text().notNull(),
    kind: text().notNull().default('other'),
    isRetainer: boolean().notNull().default(false),
    status: text().notNull().default('active'),
    customerId: integer().references(() => customers.id, { onDelete: 'restrict' }),
    planTypeId: integer().references(() => planTypes.id, { onDelete: 'restrict' }),
    /** Reload amount ("refill") in minutes. */
    refillMinutes: integer().notNull().default(0),
    projectManagerId: integer().references(() => users.id, { onDelete: 'set null' }),
    startDate: date({ mode: 'string' }),
    /** Time reports enabled: the budget panel shows only for retainer plans with this on. */
    timeReport: boolean().notNull().default(true),
    /** The category a time log on this plan gets when its author names none (doc 2 §9 timelog categories). */
    defaultTimelogCategory: text().notNull().default('billable'),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'projects_status_check',
      sql`${t.status} in ('paused', 'waiting_to_launch', 'in_progress', 'completed', 'cancelled', 'active', 'blueprint')`,
    ),
    check('projects_kind_check', sql`${t.kind} in ('personal', 'other')`),
    check('projects_refill_check', sql`${t.refillMinutes} >= 0`),
    check(
      'projects_default_timelog_category_check',
      sql`${t.defaultTimelogCategory} in ('billable', 'non-billable', 'sgm-non-billable')`,
    ),
    index('projects_customer_idx').on(t.customerId),
    index('projects_status_title_idx').on(t.status, t.title),
    // The tasks table sorted by plan walks plans in this order (task-list.query.ts).
    index('projects_title_sort_idx').on(sql`lower(${t.title})`, t.id),
    // Each user has one personal plan (the home of their personal tasks); its manager is its owner.
    uniqueIndex('projects_one_personal_per_user_idx').on(t.projectManagerId).where(sql`${t.kind} = 'personal'`),
  ],
);

/** Members of a plan (project users). */
export const projectUsers = pgTable(
  'project_users',
  {
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_users_user_idx').on(t.userId)],
);
