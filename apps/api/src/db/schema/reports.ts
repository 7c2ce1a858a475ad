import { integer, pgTable } from 'drizzle-orm/pg-core';
import { projects } from './plans';

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
