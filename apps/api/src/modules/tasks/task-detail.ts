import type {
  PlanKind,
  PlanStatus,
  RecurrenceType,
  RequestStatus,
  Task,
  TaskPriority,
  TaskRequestRef,
  TaskStatus,
} from '@portal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { DbExecutor } from '../../db/client';
import { contacts, projects, requests, tasks, timeLogs, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { loadUploads } from '../uploads/attach-uploads';
import { loadPeople, splitPeople } from './task-people';
import { loadTags } from './task-tags';

export const seeds = alias(tasks, 'seeds');
export const parents = alias(tasks, 'parents');
export const creators = alias(users, 'creators');
export const creatorContacts = alias(contacts, 'creator_contacts');

/** The columns every task answer needs: the task, its plan, creator, seed and parent. */
export const taskColumns = {
  id: tasks.id,
  uuid: tasks.uuid,
  title: tasks.title,
  priority: tasks.priority,
  status: tasks.status,
  startDate: tasks.startDate,
  endDate: tasks.endDate,
  estimatedTimeMin: tasks.estimatedTimeMin,
  estimatedTime: tasks.estimatedTime,
  recurrenceType: tasks.recurrenceType,
  recurrenceLimit: tasks.recurrenceLimit,
  sortOrder: tasks.sortOrder,
  refToken: tasks.refToken,
  createdAt: tasks.createdAt,
  completedAt: tasks.completedAt,
  projectUuid: projects.uuid,
  projectTitle: projects.title,
  projectStatus: projects.status,
  projectKind: projects.kind,
  creatorUuid: creators.uuid,
  creatorName: creatorContacts.name,
  seedUuid: seeds.uuid,
  seedTitle: seeds.title,
  parentUuid: parents.uuid,
  parentTitle: parents.title,
  requestUuid: requests.uuid,
  requestSubject: requests.subject,
  requestStatus: requests.status,
};

/** tasks joined to what taskColumns reads; callers add where/order/limit. */
export function selectTasks<T extends SelectedFields>(db: DbExecutor, extra: T) {
  return db
    .select({ ...taskColumns, ...extra })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(creators, eq(creators.id, tasks.creatorId))
    .leftJoin(creatorContacts, eq(creatorContacts.userId, tasks.creatorId))
    .leftJoin(seeds, eq(seeds.id, tasks.seedId))
    .leftJoin(parents, eq(parents.id, tasks.parentId))
    .leftJoin(requests, eq(requests.id, tasks.requestId));
}

/** A row of selectTasks without extra columns. */
export type TaskRow = Awaited<ReturnType<typeof selectTasks<Record<never, never>>>>[number];

/** The request a task row holds (left-joined, so its columns are null when there is none). */
function requestRef(row: {
  requestUuid: string | null;
  requestSubject: string | null;
  requestStatus: string | null;
}): TaskRequestRef | null {
  return row.requestUuid
    ? { uuid: row.requestUuid, subject: row.requestSubject ?? '', status: row.requestStatus as RequestStatus }
    : null;
}

/** The fields a list row and the full task share. */
export function presentTaskBase(row: TaskRow) {
  const request = requestRef(row);
  return {
    uuid: row.uuid,
    title: row.title,
    project: {
      uuid: row.projectUuid,
      title: row.projectTitle,
      status: row.projectStatus as PlanStatus,
      kind: row.projectKind as PlanKind,
      personal: row.projectKind === 'personal',
    },
    priority: row.priority as TaskPriority,
    status: row.status as TaskStatus,
    start_date: row.startDate,
    end_date: row.endDate,
    estimated_time_min: row.estimatedTimeMin,
    estimated_time: row.estimatedTime,
    recurrence_type: row.recurrenceType as RecurrenceType | null,
    seed: row.seedUuid ? { uuid: row.seedUuid, title: row.seedTitle ?? '' } : null,
    parent: row.parentUuid ? { uuid: row.parentUuid, title: row.parentTitle ?? '' } : null,
    creator: row.creatorUuid ? { uuid: row.creatorUuid, name: row.creatorName ?? '' } : null,
    created_at: row.createdAt.toISOString(),
    sort_order: row.sortOrder,
    // A task holds at most one request (doc 2 §4 Relations).
    requests_count: request ? 1 : 0,
    request,
  };
}

/** GET tasks/{uuid}: the task with people, tags, subtasks (with their people) and its completed time total. */
export async function loadTask(db: DbExecutor, taskId: number): Promise<Task> {
  const [row] = await selectTasks(db, { descriptionDelta: tasks.descriptionDelta }).where(eq(tasks.id, taskId));
  if (!row) {
    throw notFound();
  }
  const subtasks = await db
    .select({
      id: tasks.id,
      uuid: tasks.uuid,
      title: tasks.title,
      status: tasks.status,
      endDate: tasks.endDate,
      requestUuid: requests.uuid,
      requestSubject: requests.subject,
      requestStatus: requests.status,
    })
    .from(tasks)
    .leftJoin(requests, eq(requests.id, tasks.requestId))
    .where(eq(tasks.parentId, taskId))
    .orderBy(asc(tasks.createdAt), asc(tasks.id));
  const people = await loadPeople(db, [taskId, ...subtasks.map((s) => s.id)]);
  const tagNames = (await loadTags(db, [taskId])).get(taskId) ?? [];
  const [logged] = await db
    .select({ minutes: sql<number>`coalesce(sum(${timeLogs.minutes}), 0)::int` })
    .from(timeLogs)
    .where(and(eq(timeLogs.taskId, taskId), eq(timeLogs.status, 'completed')));
  const base = presentTaskBase(row);
  return {
    ...base,
    ...splitPeople(people.get(taskId)),
    tags: tagNames.map((name) => ({ name })),
    recurrence_limit: row.recurrenceLimit,
    subtasks: subtasks.map((s) => {
      const { responsibles, followers } = splitPeople(people.get(s.id));
      return {
        uuid: s.uuid,
        title: s.title,
        status: s.status as TaskStatus,
        end_date: s.endDate,
        responsibles,
        followers,
        request: requestRef(s),
      };
    }),
    requests: base.request ? [base.request] : [],
    uploads: await loadUploads(db, { type: 'task', id: row.id }),
    description_delta: row.descriptionDelta ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    total_timelogs: logged?.minutes ?? 0,
    ref_token: row.refToken,
  };
}
