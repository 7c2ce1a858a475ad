import type { RequestRelatedTask, TaskStatus } from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { tasks } from '../../db/schema';
import { loadPeople, splitPeople } from '../tasks/task-people';

/**
 * The tasks related to a request (its Tasks tab, GET requests/{uuid}?with=tasks), oldest first, with their people
 * and completed minutes. The caller has already checked that the request is visible; a request's tasks are shown
 * to whoever may see the request, as the relation is part of the request.
 */
export async function listRequestTasks(db: DbExecutor, requestId: number): Promise<RequestRelatedTask[]> {
  const rows = await db
    .select({
      id: tasks.id,
      uuid: tasks.uuid,
      title: tasks.title,
      status: tasks.status,
      endDate: tasks.endDate,
      logged: sql<number>`(select coalesce(sum(tl.minutes), 0) from time_logs tl where tl.task_id = ${tasks.id} and tl.status = 'completed')::int`,
    })
    .from(tasks)
    .where(eq(tasks.requestId, requestId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  const people = await loadPeople(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const { responsibles, followers } = splitPeople(people.get(row.id));
    return {
      uuid: row.uuid,
      title: row.title,
      status: row.status as TaskStatus,
      end_date: row.endDate,
      responsibles,
      followers,
      responsibles_count: responsibles.length,
      total_timelogs: row.logged,
    };
  });
}
