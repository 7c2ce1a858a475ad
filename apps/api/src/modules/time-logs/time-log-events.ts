import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { DomainEvent } from '../../events/domain-events';

type Row = {
  uuid: string;
  status: string;
  user_uuid: string;
  task_uuid: string | null;
  request_uuid: string | null;
  project_id: number | null;
  project_uuid: string | null;
};

/** A time log as its live events describe it: its task or request and the plan whose spent time it counts in. */
export async function describeTimeLog(db: DbExecutor, uuid: string): Promise<Row | undefined> {
  const result = await db.execute<Row>(sql`
    select l.uuid, l.status, u.uuid as user_uuid, t.uuid as task_uuid, r.uuid as request_uuid,
      p.id as project_id, p.uuid as project_uuid
    from time_logs l
    join users u on u.id = l.user_id
    left join tasks t on t.id = l.task_id
    left join requests r on r.id = l.request_id
    left join projects p on p.id = coalesce(t.project_id, r.project_id)
    where l.uuid = ${uuid}`);
  return result.rows[0];
}

/**
 * A committed log write: `timelog` (a task's log) or `requesttimelog` on model.changes, and the plan's `budget`
 * event on project.{uuid} (its spent time changed). Timers are logs too: start, pause and stop announce the same way.
 */
export function timeLogEvents(
  log: Row,
  action: 'created' | 'updated' | 'deleted',
  actorId: number,
  refToken: string | null | undefined,
): DomainEvent[] {
  const events: DomainEvent[] = [
    {
      model: log.task_uuid ? 'timelog' : 'requesttimelog',
      action,
      id: log.uuid,
      actorId,
      refToken: refToken ?? null,
      projectId: log.project_id,
      payload: {
        status: log.status,
        user_uuid: log.user_uuid,
        task_uuid: log.task_uuid,
        request_uuid: log.request_uuid,
        project_uuid: log.project_uuid,
      },
    },
  ];
  if (log.project_uuid) {
    events.push({
      model: 'project',
      action: 'budget',
      id: log.project_uuid,
      actorId,
      refToken: refToken ?? null,
      projectId: log.project_id,
      payload: { reason: 'timelog' },
    });
  }
  return events;
}
