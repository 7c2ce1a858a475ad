import { MESSAGES, type TaskStatus, type taskCreateSchema } from '@portal/domain';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { tasks, taskUsers } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import type { DeliverNotifications } from '../notifications/deliver';
import { NO_OUTGOING } from '../notifications/notify';
import { applyTaskRequestChange, resolveTaskRequestChange } from '../requests/request-relations';
import type { FileStorage } from '../uploads/storage';
import { addDays, todayIn } from './calendar';
import { findVisibleTaskRef, type Viewer } from './task-access';
import { type FieldChanges, logTaskActivity } from './task-history';
import { notifyTaskPeople } from './task-notifications';
import {
  addError,
  contactStatusAllowed,
  descriptionText,
  type FieldErrors,
  findPersonById,
  findPlanById,
  findTaskablePlan,
  type Person,
  rejectPendingReferences,
  resolvePeople,
} from './task-rules';
import { replaceTaskTags } from './task-tags';
import { attachTaskUploads } from './task-uploads';

type TaskCreateInput = z.output<typeof taskCreateSchema>;

const personRef = (p: Person) => ({ uuid: p.uuid, name: p.name });

/** Start today and due tomorrow unless given (doc 2 §4); a due date in the past pulls the start back to it. */
function dueRange(input: TaskCreateInput, today: string) {
  const start =
    input.start_date !== undefined
      ? input.start_date
      : input.end_date && input.end_date < today
        ? input.end_date
        : today;
  const end = input.end_date !== undefined ? input.end_date : start ? addDays(start, 1) : null;
  return { start, end };
}

/**
 * POST tasks: checks every rule first so the answer lists all field errors at once, then writes the task, its
 * people, tags and the 'create' history entry in one transaction. Answers the new task's id.
 */
export async function createTask(
  db: Database,
  input: TaskCreateInput,
  viewer: Viewer,
  timeZone: string,
  deliver: DeliverNotifications,
  storage?: FileStorage,
  /** Collects the events of files attached; publish them after this answers (the write committed). */
  announceUploads?: Emit,
) {
  const errors: FieldErrors = {};
  const creator = await findPersonById(db, viewer.userId);

  // A subtask lives in its parent's plan, whatever plan was sent.
  const parent = input.parent_id ? await findVisibleTaskRef(db, input.parent_id, viewer) : undefined;
  if (input.parent_id && !parent) {
    addError(errors, 'parent_id', MESSAGES.unknownReference);
  }
  let plan: Awaited<ReturnType<typeof findTaskablePlan>>;
  if (parent) {
    plan = await findPlanById(db, parent.projectId);
  } else if (input.project_id) {
    plan = await findTaskablePlan(db, input.project_id, viewer);
    if (!plan) {
      addError(errors, 'project_id', MESSAGES.unknownReference);
    }
  } else if (!input.parent_id) {
    addError(errors, 'project_id', MESSAGES.required);
  }

  const people = await resolvePeople(db, input, errors);
  let responsibles = people.responsibles ?? [];
  let followers = people.followers ?? [];
  if (plan?.kind === 'personal') {
    // On a personal plan the responsible is its owner, the current user.
    const owner = plan.ownerId === viewer.userId ? creator : await findPersonById(db, plan.ownerId ?? viewer.userId);
    responsibles = [owner];
    followers = followers.filter((p) => p.id !== owner.id);
  }
  if (
    creator.autoFollow &&
    !responsibles.some((p) => p.id === creator.id) &&
    !followers.some((p) => p.id === creator.id)
  ) {
    followers = [...followers, creator];
  }

  let status: TaskStatus;
  if (input.recurrence_type) {
    status = 'seed';
  } else if (input.status === 'seed') {
    addError(errors, 'recurrence_type', MESSAGES.required);
    status = 'todo';
  } else {
    // A client-responsible task cannot be todo; without a status it starts pending.
    status = input.status ?? (responsibles.some((p) => p.type === 'contact') ? 'pending' : 'todo');
  }
  if (!contactStatusAllowed(status, null, responsibles)) {
    addError(errors, 'status', MESSAGES.contactResponsibleStatus);
  }
  if (input.recurrence_type && responsibles.length === 0) {
    addError(errors, 'responsibles', MESSAGES.required);
  }
  rejectPendingReferences(input, errors);
  const requestChange = await resolveTaskRequestChange(db, null, input, viewer, errors);
  const { start, end } = dueRange(input, todayIn(timeZone));
  if (start && end && end < start) {
    addError(errors, 'end_date', MESSAGES.dueBeforeStart);
  }
  if (Object.keys(errors).length || !plan) {
    throw validationError(errors);
  }
  const planId = plan.id;

  let outgoing = NO_OUTGOING;
  const id = await db.transaction(async (tx) => {
    const [task] = await tx
      .insert(tasks)
      .values({
        title: input.title,
        projectId: planId,
        priority: input.priority ?? 0,
        status,
        startDate: start,
        endDate: end,
        estimatedTimeMin: input.estimated_time_min ?? null,
        estimatedTime: input.estimated_time ?? null,
        recurrenceType: input.recurrence_type ?? null,
        recurrenceLimit: input.recurrence_type ? (input.recurrence_limit ?? 0) : null,
        parentId: parent?.id ?? null,
        descriptionDelta: input.description_delta ?? null,
        descriptionText: descriptionText(input.description_delta),
        creatorId: viewer.userId,
        refToken: input.ref_token ?? null,
        completedAt: status === 'completed' ? new Date() : null,
      })
      .returning({ id: tasks.id, uuid: tasks.uuid });
    if (!task) {
      throw new Error('task not created');
    }
    const rows = [
      ...responsibles.map((p) => ({ taskId: task.id, userId: p.id, pivot: 'responsible' })),
      ...followers.map((p) => ({ taskId: task.id, userId: p.id, pivot: 'follower' })),
    ];
    if (rows.length) {
      await tx.insert(taskUsers).values(rows);
    }
    const tagged = input.tags?.length ? (await replaceTaskTags(tx, task.id, input.tags)).after : [];
    if (input.uploads?.length) {
      await attachTaskUploads(tx, storage, task.id, input.uploads, viewer.userId, announceUploads);
    }

    const changes: FieldChanges = {
      title: { added: input.title, removed: null },
      status: { added: status, removed: null },
      priority: { added: input.priority ?? 0, removed: null },
      start_date: { added: start, removed: null },
      end_date: { added: end, removed: null },
    };
    if (responsibles.length) {
      changes.responsibles = { added: responsibles.map(personRef), removed: [] };
    }
    if (followers.length) {
      changes.followers = { added: followers.map(personRef), removed: [] };
    }
    if (tagged.length) {
      changes.tags = { added: tagged, removed: [] };
    }
    if (requestChange) {
      const taskRef = { id: task.id, uuid: task.uuid, title: input.title };
      Object.assign(changes, await applyTaskRequestChange(tx, taskRef, requestChange, viewer.userId));
    }
    await logTaskActivity(tx, task.id, viewer.userId, 'create', changes);
    outgoing = await notifyTaskPeople(
      tx,
      { uuid: task.uuid, title: input.title },
      { before: { responsibles: [], followers: [] }, after: { responsibles, followers } },
      viewer.userId,
    );
    return task.id;
  });
  await deliver(outgoing);
  return id;
}
