import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import type { DomainEvent } from '../../events/domain-events';

type Row = {
  uuid: string;
  project_id: number;
  project_uuid: string;
  status: string;
  title: string;
  parent_uuid: string | null;
};

/** What a task's live event carries: what the views need to refresh (doc 2 §7), public fields only. */
export async function describeTask(db: DbExecutor, taskId: number): Promise<Row | undefined> {
  const result = await db.execute<Row>(sql`
    select t.uuid, t.project_id, p.uuid as project_uuid, t.status, t.title, pt.uuid as parent_uuid
    from tasks t join projects p on p.id = t.project_id left join tasks pt on pt.id = t.parent_id
    where t.id = ${taskId}`);
  return result.rows[0];
}

/**
 * The events of one committed task write: model.changes (created, updated, deleted) and, when the status or the
 * kanban order changed, task.move. `statusFrom` (the status before the write) puts `status_from` in the payload
 * when the status really changed: webhooks' "task status changed" listens for it.
 */
export function taskEvents(
  task: Row,
  action: 'created' | 'updated' | 'deleted',
  actorId: number,
  refToken: string | null | undefined,
  moved = false,
  statusFrom?: string,
): DomainEvent[] {
  const base = {
    model: 'task' as const,
    id: task.uuid,
    actorId,
    refToken: refToken ?? null,
    projectId: task.project_id,
    payload: {
      project_uuid: task.project_uuid,
      parent_uuid: task.parent_uuid,
      status: task.status,
      title: task.title,
      ...(statusFrom !== undefined && statusFrom !== task.status ? { status_from: statusFrom } : {}),
    },
  };
  const events: DomainEvent[] = [{ ...base, action }];
  if (moved) {
    events.push({ ...base, action: 'move' });
  }
  return events;
}
