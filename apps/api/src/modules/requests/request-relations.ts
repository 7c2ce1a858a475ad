import {
  MESSAGES,
  RELATABLE_REQUEST_STATUSES,
  RELATABLE_TASK_STATUSES,
  type RequestRelatedTask,
  type TaskStatus,
} from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, DbExecutor, Tx } from '../../db/client';
import { tasks } from '../../db/schema';
import { AppError, forbidden, notFound, validationError } from '../../http/errors';
import { findVisibleTask, type Viewer, visibleTasks } from '../tasks/task-access';
import { type FieldChanges, logTaskActivity } from '../tasks/task-history';
import { addError, type FieldErrors } from '../tasks/task-rules';
import {
  findRequestById,
  findVisibleRequestRef,
  getVisibleRequestRef,
  logRequestActivity,
  type RequestRef,
} from './request-refs';
import { listRequestTasks } from './request-tasks.query';
import { touchRequestInteraction } from './request-temperature';

/** Freelancers work on tasks but never relate or unrelate requests (403), from either side. */
export function assertMayRelateRequests(viewer: Viewer) {
  if (viewer.type !== 'regular_user') {
    throw forbidden();
  }
}

const requestRef = (r: RequestRef) => ({ uuid: r.uuid, subject: r.subject });
const taskRef = (t: { uuid: string; title: string }) => ({ uuid: t.uuid, title: t.title });

/** What add_requests / remove_requests of a task call lead to: the request the task holds before and after. */
export type TaskRequestChange = { previous: RequestRef | null; next: RequestRef | null };

/**
 * Checks add_requests / remove_requests against the task's current request (doc 2 §4 Relations): a task holds at
 * most one request ('This task is already related'); only active, visible requests can be added; only the request
 * the task holds can be removed. Problems land in errors; undefined means nothing changes.
 */
export async function resolveTaskRequestChange(
  db: DbExecutor,
  currentRequestId: number | null,
  input: { add_requests?: string[]; remove_requests?: string[] },
  viewer: Viewer,
  errors: FieldErrors,
): Promise<TaskRequestChange | undefined> {
  const addUuid = input.add_requests?.[0];
  const removeUuid = input.remove_requests?.[0];
  if (!addUuid && !removeUuid) {
    return undefined;
  }
  assertMayRelateRequests(viewer);
  const previous = currentRequestId ? await findRequestById(db, currentRequestId) : null;
  let remaining = previous;
  if (removeUuid) {
    if (!previous || previous.uuid !== removeUuid) {
      addError(errors, 'remove_requests', MESSAGES.unknownReference);
    } else {
      remaining = null;
    }
  }
  let next = remaining;
  if (addUuid && addUuid !== remaining?.uuid) {
    const request = await findVisibleRequestRef(db, addUuid, viewer);
    if (!request) {
      addError(errors, 'add_requests', MESSAGES.unknownReference);
    } else if (!RELATABLE_REQUEST_STATUSES.includes(request.status)) {
      addError(errors, 'add_requests', MESSAGES.requestNotActive);
    } else if (remaining) {
      addError(errors, 'add_requests', MESSAGES.alreadyRelated);
    } else {
      next = request;
    }
  }
  return (previous?.id ?? null) === (next?.id ?? null) ? undefined : { previous, next };
}

/**
 * Writes a resolved change: the task's column and the request side's history. Answers the task-history change,
 * which the caller records in its own create/update entry.
 */
export async function applyTaskRequestChange(
  tx: Tx,
  task: { id: number; uuid: string; title: string },
  change: TaskRequestChange,
  authorId: number,
): Promise<FieldChanges> {
  await tx
    .update(tasks)
    .set({ requestId: change.next?.id ?? null })
    .where(eq(tasks.id, task.id));
  if (change.previous) {
    await logRequestActivity(tx, change.previous.id, authorId, { tasks: { added: [], removed: [taskRef(task)] } });
    await touchRequestInteraction(tx, change.previous.id);
  }
  if (change.next) {
    await logRequestActivity(tx, change.next.id, authorId, { tasks: { added: [taskRef(task)], removed: [] } });
    await touchRequestInteraction(tx, change.next.id);
  }
  return {
    request: {
      added: change.next ? requestRef(change.next) : null,
      removed: change.previous ? requestRef(change.previous) : null,
    },
  };
}

/** PUT project-tasks/{taskUuid} {add_requests} or {remove_requests}: answers the message to show. */
export async function changeTaskRequest(
  db: Database,
  taskUuid: string,
  input: { add_requests?: string[]; remove_requests?: string[] },
  viewer: Viewer,
): Promise<{ taskId: number; message: string }> {
  assertMayRelateRequests(viewer);
  const taskId = await db.transaction(async (tx) => {
    const task = await findVisibleTask(tx, taskUuid, viewer, { lock: true });
    const errors: FieldErrors = {};
    const change = await resolveTaskRequestChange(tx, task.requestId, input, viewer, errors);
    if (Object.keys(errors).length) {
      throw validationError(errors);
    }
    if (change) {
      const log = await applyTaskRequestChange(tx, task, change, viewer.userId);
      await logTaskActivity(tx, task.id, viewer.userId, 'update', log);
    }
    return task.id;
  });
  return {
    taskId,
    message: input.add_requests?.length ? MESSAGES.requestRelatedToTask : MESSAGES.relationUpdated,
  };
}

/** The request for a request-side relation call: visible (else 404) and active (else 422). */
async function findRelatableRequest(db: DbExecutor, uuid: string, viewer: Viewer) {
  const request = await getVisibleRequestRef(db, uuid, viewer);
  if (!RELATABLE_REQUEST_STATUSES.includes(request.status)) {
    throw new AppError(422, MESSAGES.requestNotActive, {
      code: 'request_not_active',
      errors: { request: [MESSAGES.requestNotActive] },
    });
  }
  return request;
}

/**
 * POST requests/{uuid}/tasks {tasks}: relates every task or none. Each task must be visible (else 'This item does
 * not exist'), active and hold no request yet ('This task is already related'); errors name the task by its index
 * in `tasks` (tasks.0, tasks.1, …) like any list field. Tasks already holding this request are left as they are.
 */
export async function relateTasksToRequest(
  db: Database,
  requestUuid: string,
  taskUuids: string[],
  viewer: Viewer,
): Promise<RequestRelatedTask[]> {
  assertMayRelateRequests(viewer);
  const uuids = [...new Set(taskUuids)];
  const request = await db.transaction(async (tx) => {
    const target = await findRelatableRequest(tx, requestUuid, viewer);
    // Row locks, so two people relating the same task to different requests cannot both succeed.
    const rows = await tx
      .select({ id: tasks.id, uuid: tasks.uuid, title: tasks.title, status: tasks.status, requestId: tasks.requestId })
      .from(tasks)
      .where(and(inArray(tasks.uuid, uuids), visibleTasks(viewer)))
      .orderBy(tasks.id)
      .for('update', { of: tasks });
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    const errors: FieldErrors = {};
    const toRelate: typeof rows = [];
    uuids.forEach((uuid, index) => {
      const task = byUuid.get(uuid);
      const field = `tasks.${index}`;
      if (!task) {
        addError(errors, field, MESSAGES.unknownReference);
      } else if (task.requestId === target.id) {
        return;
      } else if (task.requestId !== null) {
        addError(errors, field, MESSAGES.alreadyRelated);
      } else if (!RELATABLE_TASK_STATUSES.includes(task.status as TaskStatus)) {
        addError(errors, field, MESSAGES.taskNotActive);
      } else {
        toRelate.push(task);
      }
    });
    if (Object.keys(errors).length) {
      throw validationError(errors);
    }
    if (toRelate.length) {
      await tx
        .update(tasks)
        .set({ requestId: target.id })
        .where(
          inArray(
            tasks.id,
            toRelate.map((t) => t.id),
          ),
        );
      for (const task of toRelate) {
        await logTaskActivity(tx, task.id, viewer.userId, 'update', {
          request: { added: requestRef(target), removed: null },
        });
      }
      await logRequestActivity(tx, target.id, viewer.userId, { tasks: { added: toRelate.map(taskRef), removed: [] } });
      await touchRequestInteraction(tx, target.id);
    }
    return target;
  });
  return listRequestTasks(db, request.id);
}

/** DELETE requests/{uuid}/tasks/{taskUuid}: the task stops holding the request (404 if it does not hold it). */
export async function unrelateTaskFromRequest(
  db: Database,
  requestUuid: string,
  taskUuid: string,
  viewer: Viewer,
): Promise<RequestRelatedTask[]> {
  assertMayRelateRequests(viewer);
  const request = await db.transaction(async (tx) => {
    const target = await getVisibleRequestRef(tx, requestUuid, viewer);
    const task = await findVisibleTask(tx, taskUuid, viewer, { lock: true });
    if (task.requestId !== target.id) {
      throw notFound();
    }
    const log = await applyTaskRequestChange(tx, task, { previous: target, next: null }, viewer.userId);
    await logTaskActivity(tx, task.id, viewer.userId, 'update', log);
    return target;
  });
  return listRequestTasks(db, request.id);
}
