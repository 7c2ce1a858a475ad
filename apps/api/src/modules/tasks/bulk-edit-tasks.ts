import type { BulkFailure, TaskBulkEdit, TaskStatus } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { activityLogs, projects, tasks } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { notFound } from '../../http/errors';
import { NO_OUTGOING, notifyMany, type Outgoing } from '../notifications/notify';
import {
  type Accepted,
  type Locked,
  movePlans,
  openSubtasks,
  type Plan,
  personalOwners,
  writeColumns,
  writePeople,
  writeTags,
} from './bulk-edit-writes';
import { type Viewer, visibleTasks } from './task-access';
import { taskEvents } from './task-events';
import { type FieldChanges, listDiff } from './task-history';
import { taskPeopleNotifications } from './task-notifications';
import { findPeople, loadPeople, type PersonRow } from './task-people';
import {
  addError,
  checkPeople,
  contactStatusAllowed,
  dateOrderError,
  type FieldErrors,
  findTaskablePlan,
  mergePeople,
  type Person,
  planMoveError,
  statusMoveError,
} from './task-rules';
import { ensureTags, loadTags } from './task-tags';

export type BulkEditResult = { events: DomainEvent[]; outgoing: Outgoing; failed: BulkFailure[] };

const asPerson = (p: PersonRow): Person => ({ id: p.userId, uuid: p.uuid, type: p.type, name: p.name });
const uuidsOf = (list: readonly { uuid: string }[]) => list.map((p) => p.uuid);

/**
 * The people lists PUT tasks/{uuid} would receive for a row: its own list plus `*_add` minus `*_remove`, sent only
 * for the kind being edited. When both kinds are edited, someone added to one list leaves the other (as PUT moves a
 * person named in one list only), so only a uuid added to both lists is a conflict.
 */
function sentLists(edit: TaskBulkEdit, before: { responsibles: Person[]; followers: Person[] }) {
  const build = (current: Person[], add?: string[], remove?: string[], movedAway: string[] = []) => {
    if (!add?.length && !remove?.length) {
      return undefined;
    }
    const drop = new Set([...(remove ?? []), ...movedAway]);
    return [...new Set([...uuidsOf(current), ...(add ?? [])])].filter((uuid) => !drop.has(uuid));
  };
  const responsibles = build(before.responsibles, edit.responsibles_add, edit.responsibles_remove);
  const followers = build(before.followers, edit.followers_add, edit.followers_remove);
  if (responsibles && followers) {
    return {
      responsibles: build(before.responsibles, edit.responsibles_add, edit.responsibles_remove, edit.followers_add),
      followers: build(before.followers, edit.followers_add, edit.followers_remove, edit.responsibles_add),
    };
  }
  return { responsibles, followers };
}

/**
 * PUT tasks/{uuid} with the same fields for many tasks at once, inside the caller's transaction (tables bulk edit:
 * status, priority, dates, people added and removed). It asks the rule functions updateTask asks (task-rules.ts:
 * dateOrderError, checkPeople, mergePeople, statusMoveError, open subtasks, contactStatusAllowed;
 * taskPeopleNotifications) and writes the same columns, people, history entry, notifications and events, but in a
 * fixed handful of statements per call instead of some fifteen per task. Rows are judged in the order given, as
 * one-by-one calls would judge them: a parent completes when its open subtasks were completed before it in the same
 * call. A refused row is reported with the message its single-row call would answer and changes nothing.
 */
export async function editTasks(
  tx: DbExecutor,
  uuids: readonly string[],
  edit: TaskBulkEdit,
  viewer: Viewer,
): Promise<BulkEditResult> {
  const parent = alias(tasks, 'parent');
  const rows: Locked[] = await tx
    .select({
      id: tasks.id,
      uuid: tasks.uuid,
      status: sql<TaskStatus>`${tasks.status}`,
      title: tasks.title,
      priority: tasks.priority,
      startDate: tasks.startDate,
      endDate: tasks.endDate,
      projectId: tasks.projectId,
      projectUuid: projects.uuid,
      personal: sql<boolean>`${projects.kind} = 'personal'`,
      ownerId: projects.projectManagerId,
      parentId: tasks.parentId,
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
  const editsPeople = Boolean(
    edit.responsibles_add?.length ||
      edit.responsibles_remove?.length ||
      edit.followers_add?.length ||
      edit.followers_remove?.length,
  );
  const found = editsPeople
    ? await findPeople(tx, [
        ...(edit.responsibles_add ?? []),
        ...(edit.followers_add ?? []),
        ...[...people.values()].flat().map((p) => p.uuid),
        ...(await personalOwners(tx, rows, viewer)),
      ])
    : new Map();
  const openChildren = edit.status === 'completed' ? await openSubtasks(tx, ids) : new Map<number, number[]>();
  const target = edit.project_id ? await findTaskablePlan(tx, edit.project_id, viewer) : undefined;
  const editsTags = Boolean(edit.tags_add?.length || edit.tags_remove?.length);
  const tagged = editsTags ? await loadTags(tx, ids) : new Map<number, string[]>();

  const failed: BulkFailure[] = [];
  const accepted: Accepted[] = [];
  const completedHere = new Set<number>();
  for (const uuid of uuids) {
    const row = byUuid.get(uuid);
    if (!row) {
      failed.push({ uuid, message: notFound().message });
      continue;
    }
    const outcome = judge(row, edit, people.get(row.id) ?? [], found, viewer, openChildren, completedHere, target);
    if ('message' in outcome) {
      failed.push({ uuid, message: outcome.message });
      continue;
    }
    accepted.push(outcome);
    if (outcome.status === 'completed' && row.status !== 'completed') {
      completedHere.add(row.id);
    }
  }
  if (accepted.length === 0) {
    return { events: [], outgoing: NO_OUTGOING, failed };
  }
  // Tags are created only when some row takes them, as PUT creates them only for a task it saves.
  const tagIds = editsTags ? await ensureTags(tx, edit.tags_add ?? []) : new Map<string, number>();
  for (const outcome of editsTags ? accepted : []) {
    const before = tagged.get(outcome.row.id) ?? [];
    const diff = listDiff(before, editedTags(before, [...tagIds.keys()], edit.tags_remove ?? []), (t) =>
      t.toLowerCase(),
    );
    if (diff) {
      outcome.log.tags = diff;
    }
  }

  await writeColumns(tx, edit, accepted);
  await movePlans(tx, accepted);
  await writePeople(tx, accepted);
  if (editsTags) {
    await writeTags(tx, accepted, tagIds, edit.tags_remove ?? []);
  }
  // As logActivity: an update that changed nothing leaves no entry.
  const logged = accepted.filter((a) => Object.keys(a.log).length);
  if (logged.length) {
    await tx.insert(activityLogs).values(
      logged.map(({ row, log }) => ({
        subjectType: 'task' as const,
        subjectId: row.id,
        authorId: viewer.userId,
        action: 'update' as const,
        changes: log,
      })),
    );
  }
  const outgoing = await notifyMany(
    tx,
    accepted.flatMap(({ row, status, before, after }) =>
      taskPeopleNotifications(row, { before, after: after ?? before, status: { from: row.status, to: status } }),
    ),
    viewer.userId,
  );
  const events = accepted.flatMap(({ row, status, moveTo }) =>
    taskEvents(
      {
        uuid: row.uuid,
        project_id: moveTo?.id ?? row.projectId,
        project_uuid: moveTo?.uuid ?? row.projectUuid,
        status,
        title: row.title,
        parent_uuid: row.parentUuid,
      },
      'updated',
      viewer.userId,
      null,
      edit.status !== undefined,
      row.status,
    ),
  );
  return { events, outgoing, failed };
}

/** One row, as updateTask judges it: the first field error it would answer, or what it would write. */
function judge(
  row: Locked,
  edit: TaskBulkEdit,
  rowPeople: PersonRow[],
  found: Awaited<ReturnType<typeof findPeople>>,
  viewer: Viewer,
  openChildren: Map<number, number[]>,
  completedHere: Set<number>,
  target: Plan | undefined,
): Accepted | { message: string } {
  const errors: FieldErrors = {};
  const log: FieldChanges = {};
  const note = (field: string, added: unknown, removed: unknown) => {
    if (JSON.stringify(added) !== JSON.stringify(removed)) {
      log[field] = { added, removed };
    }
  };
  if (edit.priority !== undefined) {
    note('priority', edit.priority, row.priority);
  }
  if (edit.start_date !== undefined) {
    note('start_date', edit.start_date, row.startDate);
  }
  if (edit.end_date !== undefined) {
    note('end_date', edit.end_date, row.endDate);
  }
  const dateError = dateOrderError(
    edit.start_date !== undefined ? edit.start_date : row.startDate,
    edit.end_date !== undefined ? edit.end_date : row.endDate,
  );
  if (dateError) {
    addError(errors, 'end_date', dateError);
  }
  let moveTo: Plan | undefined;
  if (edit.project_id !== undefined && edit.project_id !== row.projectUuid) {
    const projectError = planMoveError(row.parentId !== null, row.personal, target);
    if (projectError) {
      addError(errors, 'project_id', projectError);
    } else {
      moveTo = target;
      note('project', target?.uuid, row.projectUuid);
    }
  }

  const before = {
    responsibles: rowPeople.filter((p) => p.pivot === 'responsible').map(asPerson),
    followers: rowPeople.filter((p) => p.pivot === 'follower').map(asPerson),
  };
  const lists = sentLists(edit, before);
  const sent = checkPeople(found, lists, errors);
  const ownerId = row.ownerId ?? viewer.userId;
  const ownerFound = [...found.entries()].find(([, p]) => p.id === ownerId);
  const owner =
    row.personal && (sent.responsibles || sent.followers) && ownerFound
      ? { id: ownerId, uuid: ownerFound[0], type: ownerFound[1].type, name: ownerFound[1].name }
      : undefined;
  const after = sent.responsibles || sent.followers ? mergePeople(before, sent, owner) : undefined;
  const responsibles = (after ?? before).responsibles;

  const status = edit.status ?? row.status;
  if (edit.status !== undefined && edit.status !== row.status) {
    const moveError = statusMoveError(row.status, edit.status);
    if (moveError) {
      addError(errors, 'status', moveError);
    } else if (
      edit.status === 'completed' &&
      (openChildren.get(row.id) ?? []).some((child) => !completedHere.has(child))
    ) {
      // PUT refuses this at once, whatever else was wrong.
      return { message: MESSAGES.existingSubtasks };
    }
    note('status', edit.status, row.status);
  }
  if (!contactStatusAllowed(status, row.status, responsibles)) {
    addError(errors, 'status', MESSAGES.contactResponsibleStatus);
  }
  const first = Object.values(errors).flat()[0];
  if (first) {
    return { message: first };
  }
  if (after) {
    const ref = (p: Person) => ({ uuid: p.uuid, name: p.name });
    const key = (p: { uuid: string }) => p.uuid;
    const r = listDiff(before.responsibles.map(ref), after.responsibles.map(ref), key);
    const f = listDiff(before.followers.map(ref), after.followers.map(ref), key);
    if (r) {
      log.responsibles = r;
    }
    if (f) {
      log.followers = f;
    }
  }
  return { row, status, log, before, after, moveTo };
}

/** The names PUT tasks/{uuid} would receive: the task's own plus the added (as stored) minus the removed. */
function editedTags(current: readonly string[], added: readonly string[], removed: readonly string[]) {
  const drop = new Set(removed.map((t) => t.trim().toLowerCase()));
  const byKey = new Map([...current, ...added].map((t) => [t.toLowerCase(), t]));
  return [...byKey.entries()]
    .filter(([key]) => !drop.has(key))
    .map(([, name]) => name)
    .sort((a, b) => a.localeCompare(b));
}
