import type { TimeLog, TimelogCategory, TimerStatus } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, projects, requests, tasks, timeLogs, users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { elapsedMinutes } from './timer-state';

/** The columns a time log is presented from; joined with its task, plan (for visibility), request and user. */
export function selectTimeLogs(db: Database) {
  return db
    .select({
      id: timeLogs.id,
      uuid: timeLogs.uuid,
      userId: timeLogs.userId,
      taskUuid: tasks.uuid,
      taskTitle: tasks.title,
      requestUuid: requests.uuid,
      requestSubject: requests.subject,
      userUuid: users.uuid,
      userName: contacts.name,
      userEmail: users.email,
      date: timeLogs.date,
      minutes: timeLogs.minutes,
      startedAt: timeLogs.startedAt,
      description: timeLogs.description,
      status: timeLogs.status,
      category: timeLogs.category,
      createdAt: timeLogs.createdAt,
    })
    .from(timeLogs)
    .innerJoin(users, eq(users.id, timeLogs.userId))
    .leftJoin(contacts, eq(contacts.userId, users.id))
    .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(requests, eq(requests.id, timeLogs.requestId))
    .$dynamic();
}

export type TimeLogRow = Awaited<ReturnType<ReturnType<typeof selectTimeLogs>['execute']>>[number];

/** Freelancers never edit or delete time logs; others edit their own, or anyone's with TIMELOG_FOR_OTHERS. */
export function mayChangeTimeLog(
  viewer: Principal,
  ownerId: number,
  permission: 'TIMELOG_UPDATE' | 'TIMELOG_DESTROY',
): boolean {
  if (viewer.type !== 'regular_user' || !viewer.permissions.has(permission)) {
    return false;
  }
  return ownerId === viewer.userId || viewer.permissions.has('TIMELOG_FOR_OTHERS');
}

/**
 * Running one's own timer: anyone who may log time (freelancers included) pauses, resumes and completes their own
 * open log. Only a completed log is "a time log" that freelancers may not edit or delete (doc 2 §1, §6).
 */
export function mayRunOwnTimer(viewer: Principal, ownerId: number, status: string): boolean {
  return ownerId === viewer.userId && status !== 'completed' && viewer.permissions.has('TIMELOG_CREATE');
}

export function presentTimeLog(row: TimeLogRow, viewer: Principal, now: Date): TimeLog {
  const status = row.status as TimerStatus;
  const task = row.taskUuid ? { uuid: row.taskUuid, title: row.taskTitle ?? '' } : null;
  const request = row.requestUuid ? { uuid: row.requestUuid, subject: row.requestSubject ?? '' } : null;
  return {
    uuid: row.uuid,
    task,
    request,
    request_id: request?.uuid ?? null,
    user: { uuid: row.userUuid, name: row.userName ?? row.userEmail },
    date: row.date,
    minutes: row.minutes,
    started_at: row.startedAt?.toISOString() ?? null,
    description: row.description,
    status,
    created_at: row.createdAt.toISOString(),
    source: task ? 'task' : 'request',
    source_uuid: task?.uuid ?? request?.uuid ?? null,
    elapsed_minutes: elapsedMinutes({ status, minutes: row.minutes, startedAt: row.startedAt }, now),
    category: (row.category as TimelogCategory | null) ?? null,
    abilities: {
      update: mayChangeTimeLog(viewer, row.userId, 'TIMELOG_UPDATE'),
      delete: mayChangeTimeLog(viewer, row.userId, 'TIMELOG_DESTROY'),
    },
  };
}
