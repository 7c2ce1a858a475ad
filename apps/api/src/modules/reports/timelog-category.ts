import type { TimelogCategory } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * The category a new log gets when its author names none: its plan's default_timelog_category (a task's plan, or
 * a request's plan), billable when the source has no plan.
 */
export async function planDefaultCategory(
  db: DbExecutor,
  source: { taskId: number | null; requestId: number | null },
): Promise<TimelogCategory> {
  const result = await db.execute<{ category: TimelogCategory | null }>(sql`
    select p.default_timelog_category as category
    from projects p
    where p.id = coalesce(
      (select t.project_id from tasks t where t.id = ${source.taskId}),
      (select r.project_id from requests r where r.id = ${source.requestId})
    )`);
  return result.rows[0]?.category ?? 'billable';
}
