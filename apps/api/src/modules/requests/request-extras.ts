import type { RequestProjectTime, RequestTask, TaskStatus } from '@portal/domain';
import { asc, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { idIn } from '../../db/id-in';
import { projects, tasks } from '../../db/schema';

// Correlated subqueries name the outer table literally: drizzle leaves columns unqualified in a single-table
// select, and an unqualified "id" inside the subquery would bind to the inner table.
/**
 * with=project_time: per plan, the reload amount (budget) against the completed minutes logged on its tasks and
 * requests. One query for all plans of a page.
 */
export async function loadProjectTimes(
  db: DbExecutor,
  planIds: readonly number[],
): Promise<Map<number, RequestProjectTime>> {
  const byPlan = new Map<number, RequestProjectTime>();
  const ids = [...new Set(planIds)];
  if (ids.length === 0) {
    return byPlan;
  }
  const rows = await db
    .select({
      id: projects.id,
      budget: projects.refillMinutes,
      spent: sql<number>`(
        coalesce((select sum(tl.minutes) from time_logs tl join tasks pt on pt.id = tl.task_id
          where pt.project_id = projects.id and tl.status = 'completed'), 0)
        + coalesce((select sum(tl.minutes) from time_logs tl join requests pr on pr.id = tl.request_id
          where pr.project_id = projects.id and tl.status = 'completed'), 0))::int`,
    })
    .from(projects)
    .where(idIn(projects.id, ids));
  for (const row of rows) {
    byPlan.set(row.id, { budget: row.budget, spent: row.spent, available: row.budget - row.spent });
  }
  return byPlan;
}

/** with=tasks: the tasks of each request (tasks.request_id), oldest first, with assignee counts and logged time. */
export async function loadRequestTasks(
  db: DbExecutor,
  requestIds: readonly number[],
): Promise<Map<number, RequestTask[]>> {
  const byRequest = new Map<number, RequestTask[]>();
  if (requestIds.length === 0) {
    return byRequest;
  }
  const rows = await db
    .select({
      requestId: tasks.requestId,
      uuid: tasks.uuid,
      title: tasks.title,
      status: tasks.status,
      endDate: tasks.endDate,
      responsibles: sql<number>`(select count(*) from task_users tu where tu.task_id = tasks.id and tu.pivot = 'responsible')::int`,
      logged: sql<number>`(select coalesce(sum(tl.minutes), 0) from time_logs tl where tl.task_id = tasks.id and tl.status = 'completed')::int`,
    })
    .from(tasks)
    .where(idIn(tasks.requestId, requestIds))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  for (const row of rows) {
    if (row.requestId === null) {
      continue;
    }
    const list = byRequest.get(row.requestId) ?? [];
    list.push({
      uuid: row.uuid,
      title: row.title,
      status: row.status as TaskStatus,
      end_date: row.endDate,
      responsibles_count: row.responsibles,
      total_timelogs: row.logged,
    });
    byRequest.set(row.requestId, list);
  }
  return byRequest;
}
