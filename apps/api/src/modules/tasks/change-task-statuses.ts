import type { BulkFailure, TaskStatus } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { activityLogs, projects, tasks } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { notFound } from '../../http/errors';
import { NO_OUTGOING, notifyMany, type Outgoing } from '../notifications/notify';
import { type Viewer, visibleTasks } from './task-access';
import { taskEvents } from './task-events';
import { statusChangedNotification } from './task-notifications';
import { loadPeople } from './task-people';
import { CLOSED_TASK_STATUSES, contactStatusAllowed, statusMoveError } from './task-rules';

export type StatusChangeResult = { events: DomainEvent[]; outgoing: Outgoing; failed: BulkFailure[] };

type Locked = {
  id: number;
  uuid: string;
  status: TaskStatus;
  title: string;
  projectId: number;
  projectUuid: string;
  parentUuid: string | null;
};

/**
 * PUT tasks/{uuid} {status} for many tasks at once, inside the caller's transaction: the same visibility, the same
 * status rules (task-rules.ts: statusMoveError, open subtasks, contactStatusAllowed), the same history entry,
 * notifications and events as the single-row command (update-task.ts), but a fixed handful of statements per call
 * instead of some fifteen per task. Rows are judged in the order given, as one-by-one calls would judge them: a
 * parent completes when its open subtasks were completed before it in the same call. A refused row is reported
 * with the message its single-row call would answer and changes nothing.
 */
export async function changeTaskStatuses(
  tx: DbExecutor,
  uuids: readonly string[],
  status: TaskStatus,
  viewer: Viewer,
): Promise<StatusChangeResult> {
  const parent = alias(tasks, 'parent');
  const rows: Locked[] = await tx
    .select({
      id: tasks.id,
      uuid: tasks.uuid,
      status: sql<TaskStatus>`${tasks.status}`,
      title: tasks.title,
      projectId: tasks.projectId,
      projectUuid: projects.uuid,
      parentUuid: parent.uuid,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(parent, eq(parent.id, tasks.parentId))
    .where(and(sql`${tasks.uuid} = any(${sql.param([...uuids])}::uuid[])`, visibleTasks(viewer)))
    // Locked as PUT locks its row, so the rules below judge what is stored until this transaction ends.
    .for('update', { of: tasks });
  const byUuid = new Map(rows.map((row) => [row.uuid, row]));
  const ids = rows.map((row) => row.id);
  const people = await loadPeople(tx, ids);
  const openChildren = status === 'completed' ? await openSubtasks(tx, ids) : new Map<number, number[]>();

  const failed: BulkFailure[] = [];
  const accepted: Locked[] = [];
  const changed: { row: Locked; from: TaskStatus }[] = [];
  const completedHere = new Set<number>();
  for (const uuid of uuids) {
    const row = byUuid.get(uuid);
    if (!row) {
      failed.push({ uuid, message: notFound().message });
      continue;
    }
    const responsibles = (people.get(row.id) ?? []).filter((p) => p.pivot === 'responsible');
    const message =
      statusMoveError(row.status, status) ??
      (status === 'completed' &&
      row.status !== status &&
      (openChildren.get(row.id) ?? []).some((child) => !completedHere.has(child))
        ? MESSAGES.existingSubtasks
        : undefined) ??
      (contactStatusAllowed(status, row.status, responsibles) ? undefined : MESSAGES.contactResponsibleStatus);
    if (message) {
      failed.push({ uuid, message });
      continue;
    }
    accepted.push(row);
    if (row.status !== status) {
      changed.push({ row, from: row.status });
      if (status === 'completed') {
        completedHere.add(row.id);
      }
    }
  }

  let outgoing = NO_OUTGOING;
  if (changed.length) {
    const changedIds = changed.map((c) => c.row.id);
    await tx
      .update(tasks)
      .set({ status, completedAt: status === 'completed' ? new Date() : null })
      .where(sql`${tasks.id} = any(${sql.param(changedIds)}::int[])`);
    await tx.insert(activityLogs).values(
      changed.map(({ row, from }) => ({
        subjectType: 'task' as const,
        subjectId: row.id,
        authorId: viewer.userId,
        action: 'update' as const,
        changes: { status: { added: status, removed: from } },
      })),
    );
    outgoing = await notifyMany(
      tx,
      changed.map(({ row, from }) => ({
        recipientIds: (people.get(row.id) ?? []).map((p) => p.userId),
        notification: statusChangedNotification(row, from, status),
      })),
      viewer.userId,
    );
  }
  const events = accepted.flatMap((row) =>
    taskEvents(
      {
        uuid: row.uuid,
        project_id: row.projectId,
        project_uuid: row.projectUuid,
        status,
        title: row.title,
        parent_uuid: row.parentUuid,
      },
      'updated',
      viewer.userId,
      null,
      true,
    ),
  );
  return { events, outgoing, failed };
}

/** The open subtasks of each task, by parent id. */
async function openSubtasks(tx: DbExecutor, parentIds: readonly number[]): Promise<Map<number, number[]>> {
  const result = await tx.execute<{ parent_id: number; id: number }>(sql`
    select parent_id, id from tasks
    where parent_id = any(${sql.param([...parentIds])}::int[])
      and status <> all(${sql.param([...CLOSED_TASK_STATUSES])}::text[])`);
  const map = new Map<number, number[]>();
  for (const { parent_id, id } of result.rows) {
    const children = map.get(parent_id);
    if (children) {
      children.push(id);
    } else {
      map.set(parent_id, [id]);
    }
  }
  return map;
}
