import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, publicId, updatedAt } from './columns';
import { projects } from './plans';
import { requests } from './requests';
import { users } from './users';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    uuid: publicId(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_name_lower_idx').on(sql`lower(${t.name})`)],
);

/**
 * Tasks (doc 2 §3). Subtasks point at their parent; occurrences of a recurring task point at their seed (the
 * 'Master'), and (seed_id, occurrence_date) is unique so the recurrence job can run twice without duplicates.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    uuid: publicId(),
    title: text().notNull(),
    projectId: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    priority: smallint().notNull().default(0),
    status: text().notNull().default('todo'),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    /** Estimated range in minutes: min and max. */
    estimatedTimeMin: integer(),
    estimatedTime: integer(),
    recurrenceType: text(),
    recurrenceLimit: integer(),
    seedId: integer().references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    occurrenceDate: date({ mode: 'string' }),
    /** On a seed: the last occurrence date the recurrence job created, so a deleted occurrence is never recreated. */
    recurrenceGeneratedUntil: date({ mode: 'string' }),
    parentId: integer().references((): AnyPgColumn => tasks.id, { onDelete: 'set null' }),
    descriptionDelta: jsonb(),
    descriptionText: text(),
    /** Position within a status column of the kanban (and the task_sort order). */
    sortOrder: doublePrecision().notNull().default(0),
    creatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The client token of the last change, so a live-update layer can skip a client's own echoes. */
    refToken: text(),
    /** The request this task serves: a task holds at most one (doc 2 §4 Relations), hence a column. */
    requestId: integer().references(() => requests.id, { onDelete: 'set null' }),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'tasks_status_check',
      sql`${t.status} in ('todo', 'in_progress', 'waiting_approval', 'working_on_now', 'pending', 'approved', 'needs_attention', 'completed', 'cancelled', 'seed')`,
    ),
    check('tasks_priority_check', sql`${t.priority} between 0 and 2`),
    check('tasks_title_length_check', sql`char_length(${t.title}) between 1 and 72`),
    check(
      'tasks_recurrence_type_check',
      sql`${t.recurrenceType} is null or ${t.recurrenceType} in ('weekly', 'bi_weekly', 'monthly', 'every_3_months', 'every_6_months', 'yearly')`,
    ),
    check('tasks_recurrence_limit_check', sql`${t.recurrenceLimit} is null or ${t.recurrenceLimit} >= 0`),
    check('tasks_not_own_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
    check(
      'tasks_estimate_check',
      sql`${t.estimatedTimeMin} is null or ${t.estimatedTime} is null or ${t.estimatedTime} >= ${t.estimatedTimeMin}`,
    ),
    unique('tasks_seed_occurrence_unique').on(t.seedId, t.occurrenceDate),
    index('tasks_project_status_idx').on(t.projectId, t.status),
    index('tasks_project_created_idx').on(t.projectId, t.createdAt),
    index('tasks_parent_idx').on(t.parentId),
    index('tasks_end_date_idx').on(t.endDate),
    // The calendar's spans that cover a whole range (begin before it, end after it): neither date falls inside, so
    // only a range index finds them. Partial, so a row whose start is after its due date never builds a bad range.
    index('tasks_span_idx')
      .using('gist', sql`daterange(${t.startDate}, ${t.endDate}, '[]')`)
      .where(sql`${t.startDate} <= ${t.endDate}`),
    index('tasks_creator_idx').on(t.creatorId),
    index('tasks_request_idx').on(t.requestId),
    // The task lists' default order (newest first) and the kanban's order, across plans (bench tasks). project_id
    // rides along so a page's ids come from an index-only scan: the visibility test reads it, and a deep page skips
    // thousands of entries without visiting the table (page 100 of 50: ~25 ms of heap visits → ~1 ms).
    index('tasks_created_project_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.projectId),
    index('tasks_sort_idx').on(t.sortOrder, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The tasks table's sortable columns (sort[by], task-list.query.ts), each ending in id like the order and with
    // project_id for the visibility test: a page is a short walk either way instead of a sort of 200,000 rows.
    index('tasks_title_sort_idx').on(sql`lower(${t.title})`, t.id, t.projectId),
    index('tasks_status_sort_idx').on(t.status, t.id, t.projectId),
    index('tasks_priority_sort_idx').on(t.priority, t.id, t.projectId),
    index('tasks_start_date_sort_idx').on(t.startDate, t.id, t.projectId),
    index('tasks_end_date_sort_idx').on(t.endDate, t.id, t.projectId),
  ],
);

/** Responsible people and followers; one row per person, so nobody is both (doc 2 §5). */
export const taskUsers = pgTable(
  'task_users',
  {
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pivot: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    check('task_users_pivot_check', sql`${t.pivot} in ('responsible', 'follower')`),
    index('task_users_user_idx').on(t.userId, t.pivot),
  ],
);

export const taskTags = pgTable(
  'task_tags',
  {
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.tagId] }), index('task_tags_tag_idx').on(t.tagId)],
);

/** History of a task (and later of requests): who changed what (doc 2 §3 History log entry). */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    subjectType: text().notNull(),
    subjectId: integer().notNull(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    /** Per field: { added, removed }. */
    changes: jsonb().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('activity_logs_action_check', sql`${t.action} in ('create', 'update')`),
    index('activity_logs_subject_idx').on(t.subjectType, t.subjectId, t.id),
  ],
);

/**
 * Time logs and timers (doc 2 §3, §4). A running log has started_at set; minutes hold what was accumulated before
 * it. The partial unique index makes "one running timer per user" a database guarantee.
 */
export const timeLogs = pgTable(
  'time_logs',
  {
    id: id(),
    uuid: publicId(),
    taskId: integer().references(() => tasks.id, { onDelete: 'cascade' }),
    requestId: integer().references(() => requests.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    startedAt: timestamp({ withTimezone: true }),
    minutes: integer().notNull().default(0),
    description: text(),
    status: text().notNull().default('completed'),
    category: text(),
    refToken: text(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('time_logs_status_check', sql`${t.status} in ('running', 'paused', 'completed')`),
    check('time_logs_minutes_check', sql`${t.minutes} >= 0`),
    check(
      'time_logs_category_check',
      sql`${t.category} is null or ${t.category} in ('billable', 'non-billable', 'sgm-non-billable')`,
    ),
    check('time_logs_source_check', sql`${t.taskId} is not null or ${t.requestId} is not null`),
    uniqueIndex('time_logs_one_running_per_user_idx').on(t.userId).where(sql`${t.status} = 'running'`),
    index('time_logs_user_date_idx').on(t.userId, t.date),
    // The header's active timers: a user's few open logs among thousands of completed ones.
    index('time_logs_user_open_idx').on(t.userId).where(sql`${t.status} <> 'completed'`),
    index('time_logs_task_idx').on(t.taskId),
    index('time_logs_request_idx').on(t.requestId),
  ],
);
