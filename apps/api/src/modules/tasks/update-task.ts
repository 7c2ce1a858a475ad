import { MESSAGES, type TaskStatus, type taskUpdateSchema } from '@portal/domain';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { tasks, taskUsers } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { deleteThreadOf } from '../comments/commentable-lifecycle';
import type { DeliverNotifications } from '../notifications/deliver';
import { NO_OUTGOING } from '../notifications/notify';
import { applyTaskRequestChange, resolveTaskRequestChange } from '../requests/request-relations';
import type { FileStorage } from '../uploads/storage';
import { findVisibleTask, findVisibleTaskRef, type TaskCore, type Viewer } from './task-access';
import { type FieldChanges, listDiff, logTaskActivity } from './task-history';
import { notifyTaskPeople } from './task-notifications';
import { loadPeople } from './task-people';
import {
  addError,
  CLOSED_TASK_STATUSES,
  contactStatusAllowed,
  dateOrderError,
  descriptionText,
  existingSubtasksError,
  type FieldErrors,
  findPersonById,
  findPlanById,
  findTaskablePlan,
  mergePeople,
  type Person,
  planMoveError,
  rejectPendingReferences,
  resolvePeople,
  statusMoveError,
} from './task-rules';
import { replaceTaskTags } from './task-tags';
import { attachTaskUploads } from './task-uploads';

type TaskUpdateInput = z.output<typeof taskUpdateSchema>;

/** Plain columns PUT may change, by input name; each is written only when sent. */
const SIMPLE_FIELDS = {
  title: 'title',
  priority: 'priority',
  start_date: 'startDate',
  end_date: 'endDate',
  estimated_time_min: 'estimatedTimeMin',
  estimated_time: 'estimatedTime',
} as const;

/** Whether `candidate` lies below `taskId` in the subtask tree (relating them would make a cycle). */
async function isDescendant(db: DbExecutor, candidateId: number, taskId: number): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    with recursive ancestors(id, parent_id, depth) as (
      select id, parent_id, 0 from tasks where id = ${candidateId}
      union all
      select t.id, t.parent_id, a.depth + 1 from tasks t join ancestors a on t.id = a.parent_id where a.depth < 100
    )
    select exists (select 1 from ancestors where id = ${taskId}) as found`);
  return Boolean(result.rows[0]?.found);
}

async function currentPeople(db: DbExecutor, taskId: number): Promise<{ responsibles: Person[]; followers: Person[] }> {
  const rows = (await loadPeople(db, [taskId])).get(taskId) ?? [];
  const as = (pivot: string) =>
    rows.filter((r) => r.pivot === pivot).map((r) => ({ id: r.userId, uuid: r.uuid, type: r.type, name: r.name }));
  return { responsibles: as('responsible'), followers: as('follower') };
}

/** Relation rules: never to itself, nor to its existing parent or child, nor below itself (doc 2 §4). */
async function checkParent(db: DbExecutor, task: TaskCore, parentUuid: string, viewer: Viewer, errors: FieldErrors) {
  const parent = await findVisibleTaskRef(db, parentUuid, viewer);
  if (!parent) {
    addError(errors, 'parent_id', MESSAGES.unknownReference);
    return undefined;
  }
  if (
    parent.id === task.id ||
    parent.id === task.parentId ||
    parent.parentId === task.id ||
    (await isDescendant(db, parent.id, task.id))
  ) {
    addError(errors, 'parent_id', MESSAGES.invalidRelation);
    return undefined;
  }
  return parent;
}

/**
 * PUT tasks/{uuid}: writes only the fields sent (autosave), under a row lock so rules see the stored task; edits
 * of different fields by two people both survive. Every change lands in the task's history.
 */
export async function updateTask(
  db: Database,
  uuid: string,
  input: TaskUpdateInput,
  viewer: Viewer,
  deliver: DeliverNotifications,
  storage?: FileStorage,
  /** Collects the events of files attached; publish them after this answers (the write committed). */
  announceUploads?: Emit,
) {
  let outgoing = NO_OUTGOING;
  const id = await db.transaction(async (tx) => {
    const task = await findVisibleTask(tx, uuid, viewer, { lock: true });
    const errors: FieldErrors = {};
    const set: Partial<typeof tasks.$inferInsert> = {};
    const log: FieldChanges = {};
    const note = (field: string, added: unknown, removed: unknown) => {
      if (JSON.stringify(added) !== JSON.stringify(removed)) {
        log[field] = { added, removed };
      }
    };

    for (const [field, column] of Object.entries(SIMPLE_FIELDS) as [keyof typeof SIMPLE_FIELDS, keyof TaskCore][]) {
      const value = input[field];
      if (value !== undefined) {
        (set as Record<string, unknown>)[column] = value;
        note(field, value, task[column]);
      }
    }
    const start = set.startDate !== undefined ? set.startDate : task.startDate;
    const end = set.endDate !== undefined ? set.endDate : task.endDate;
    const dateError = dateOrderError(start, end);
    if (dateError) {
      addError(errors, 'end_date', dateError);
    }
    const min = set.estimatedTimeMin !== undefined ? set.estimatedTimeMin : task.estimatedTimeMin;
    const max = set.estimatedTime !== undefined ? set.estimatedTime : task.estimatedTime;
    if (min != null && max != null && max < min) {
      addError(errors, 'estimated_time', MESSAGES.maxBelowMin);
    }

    // Plan and parent: a subtask follows its parent's plan, a personal task stays on its personal plan.
    let plan = await findPlanById(tx, task.projectId);
    const personal = plan.kind === 'personal';
    if (input.parent_id !== undefined) {
      const parent = input.parent_id === null ? null : await checkParent(tx, task, input.parent_id, viewer, errors);
      if (parent !== undefined && (parent?.id ?? null) !== task.parentId) {
        if (parent && parent.projectId !== task.projectId && personal) {
          addError(errors, 'parent_id', MESSAGES.personalProjectFixed);
        }
        set.parentId = parent?.id ?? null;
        const [previous] = task.parentId
          ? await tx.select({ uuid: tasks.uuid, title: tasks.title }).from(tasks).where(eq(tasks.id, task.parentId))
          : [];
        note('parent', parent ? { uuid: parent.uuid, title: parent.title } : null, previous ?? null);
        if (parent && parent.projectId !== task.projectId) {
          set.projectId = parent.projectId;
        }
      }
    }
    if (input.project_id !== undefined && input.project_id !== plan.uuid) {
      const hasParent = set.parentId !== undefined ? set.parentId !== null : task.parentId !== null;
      const target = hasParent || personal ? undefined : await findTaskablePlan(tx, input.project_id, viewer);
      const projectError = planMoveError(hasParent, personal, target);
      if (projectError) {
        addError(errors, 'project_id', projectError);
      } else if (target) {
        set.projectId = target.id;
      }
    }
    if (set.projectId !== undefined && set.projectId !== task.projectId) {
      const before = plan;
      plan = await findPlanById(tx, set.projectId);
      note('project', plan.uuid, before.uuid);
    }

    // People: a person is responsible or follower, never both; naming them in one list takes them off the other.
    const before = await currentPeople(tx, task.id);
    const sent = await resolvePeople(tx, input, errors);
    const owner =
      personal && (sent.responsibles || sent.followers)
        ? await findPersonById(tx, plan.ownerId ?? viewer.userId)
        : undefined;
    const { responsibles, followers } = mergePeople(before, sent, owner);

    // Status rules of doc 2 §4.
    const current = task.status as TaskStatus;
    const status = input.status ?? current;
    if (input.status !== undefined && input.status !== current) {
      const moveError = statusMoveError(current, input.status);
      if (moveError) {
        addError(errors, 'status', moveError);
      } else if (input.status === 'completed') {
        const [open] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(tasks)
          .where(and(eq(tasks.parentId, task.id), notInArray(tasks.status, [...CLOSED_TASK_STATUSES])));
        if (open?.n) {
          throw existingSubtasksError();
        }
      }
      set.status = input.status;
      set.completedAt = input.status === 'completed' ? new Date() : null;
      note('status', input.status, current);
    }
    if (!contactStatusAllowed(status, current, responsibles)) {
      addError(errors, 'status', MESSAGES.contactResponsibleStatus);
    }
    rejectPendingReferences(input, errors);
    const requestChange = await resolveTaskRequestChange(tx, task.requestId, input, viewer, errors);
    if (Object.keys(errors).length) {
      throw validationError(errors);
    }

    if (input.sort_order !== undefined) {
      set.sortOrder = input.sort_order;
    }
    if (input.description_delta !== undefined) {
      set.descriptionDelta = input.description_delta ?? null;
      set.descriptionText = descriptionText(input.description_delta);
      note('description', set.descriptionText, task.descriptionText);
    }
    if (input.ref_token !== undefined) {
      set.refToken = input.ref_token;
    }
    if (Object.keys(set).length) {
      await tx.update(tasks).set(set).where(eq(tasks.id, task.id));
    }
    if (set.projectId !== undefined && set.projectId !== task.projectId) {
      // Subtasks live in their parent's plan.
      await moveSubtree(tx, task.id, set.projectId);
    }
    if (sent.responsibles || sent.followers) {
      await writePeople(tx, task.id, responsibles, followers);
      const ref = (p: Person) => ({ uuid: p.uuid, name: p.name });
      const key = (p: { uuid: string }) => p.uuid;
      const r = listDiff(before.responsibles.map(ref), responsibles.map(ref), key);
      const f = listDiff(before.followers.map(ref), followers.map(ref), key);
      if (r) {
        log.responsibles = r;
      }
      if (f) {
        log.followers = f;
      }
    }
    if (input.tags !== undefined) {
      const tagged = await replaceTaskTags(tx, task.id, input.tags);
      const diff = listDiff(tagged.before, tagged.after, (t) => t.toLowerCase());
      if (diff) {
        log.tags = diff;
      }
    }
    if (input.uploads?.length) {
      await attachTaskUploads(tx, storage, task.id, input.uploads, viewer.userId, announceUploads);
    }
    if (requestChange) {
      const title = set.title ?? task.title;
      Object.assign(log, await applyTaskRequestChange(tx, { ...task, title }, requestChange, viewer.userId));
    }
    await logTaskActivity(tx, task.id, viewer.userId, 'update', log);
    outgoing = await notifyTaskPeople(
      tx,
      { uuid: task.uuid, title: set.title ?? task.title },
      { before, after: { responsibles, followers }, status: { from: current, to: status } },
      viewer.userId,
    );
    return task.id;
  });
  await deliver(outgoing);
  return id;
}

async function writePeople(db: DbExecutor, taskId: number, responsibles: Person[], followers: Person[]) {
  const keep = [...responsibles, ...followers].map((p) => p.id);
  await db
    .delete(taskUsers)
    .where(and(eq(taskUsers.taskId, taskId), keep.length ? notInArray(taskUsers.userId, keep) : undefined));
  const rows = [
    ...responsibles.map((p) => ({ taskId, userId: p.id, pivot: 'responsible' })),
    ...followers.map((p) => ({ taskId, userId: p.id, pivot: 'follower' })),
  ];
  if (rows.length) {
    await db
      .insert(taskUsers)
      .values(rows)
      .onConflictDoUpdate({ target: [taskUsers.taskId, taskUsers.userId], set: { pivot: sql`excluded.pivot` } });
  }
}

async function moveSubtree(db: DbExecutor, taskId: number, projectId: number) {
  await db.execute(sql`
    with recursive subtree(id, depth) as (
      select id, 0 from tasks where parent_id = ${taskId}
      union all
      select t.id, s.depth + 1 from tasks t join subtree s on t.parent_id = s.id where s.depth < 100
    )
    update tasks set project_id = ${projectId} where id in (select id from subtree)`);
}

/**
 * DELETE tasks/{uuid}: subtasks stay, without a parent; time logs go with the task, and so does its comment thread
 * (the comments module owns it and releases its files). Run inside the caller's transaction; `emit` collects what
 * the thread's removal announces.
 */
export async function deleteTask(tx: DbExecutor, uuid: string, viewer: Viewer, emit: Emit) {
  const task = await findVisibleTask(tx, uuid, viewer);
  await deleteThreadOf(tx, emit, { type: 'task', id: task.id }, viewer.userId);
  await tx.delete(tasks).where(eq(tasks.id, task.id));
}
