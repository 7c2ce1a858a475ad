import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { projects } from './plans';
import { timeLogs } from './tasks';

/**
 * Minutes ever logged on each plan (its tasks' logs and its requests' own logs, any status — the budget panel's
 * `loggedMinutes`), kept by the triggers of the plan_time_totals migration so the project time report reads 10,000
 * plans' totals without summing a million logs. Maintained by deltas, never recomputed, so concurrent writers add up.
 * A plan without a row has logged nothing.
 */
export const planTimeTotals = pgTable('plan_time_totals', {
  projectId: integer()
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  minutes: integer().notNull().default(0),
});

/**
 * The reports' read model of time_logs: one row per log with its plan resolved (its task's plan, else its
 * request's), kept by the triggers of migration 0024 (inserts and updates of logs, tasks or requests moving between
 * plans; deletes cascade). Reports scan one covering index by date instead of joining a million logs to 200,000
 * tasks; category stays as stored (null reads as the plan's default).
 */
export const reportTimeLogs = pgTable(
  'report_time_logs',
  {
    timeLogId: integer()
      .primaryKey()
      .references(() => timeLogs.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    userId: integer().notNull(),
    projectId: integer(),
    taskId: integer(),
    requestId: integer(),
    minutes: integer().notNull(),
    status: text().notNull(),
    category: text(),
  },
  (t) => [
    index('report_time_logs_date_idx').on(
      t.date,
      t.userId,
      t.projectId,
      t.taskId,
      t.status,
      t.category,
      t.minutes,
      t.timeLogId,
    ),
  ],
);
