import {
  isWeeklyTotalBehind,
  type TaskTimeTotal,
  type TimeLogTabSort,
  type timeLogListQuerySchema,
  WEEKLY_MINUTES_THRESHOLDS,
  type WeeklySummary,
} from '@portal/domain';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { tasks, timeLogs, users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { forbidden, notFound } from '../../http/errors';
import { listMeta, type PageQuery, pageOffset } from '../../http/list-paging';
import { getVisibleRequestRef } from '../requests/request-refs';
import { findVisibleTask, visibleLogSource } from './save-time-log';
import { presentTimeLog, selectTimeLogs } from './time-logs.presenter';

type ListQuery = z.output<typeof timeLogListQuerySchema>;

/** Logs the viewer may read: their task or request is visible to them; freelancers read only their own logs. */
function visibleLogs(viewer: Principal): SQL[] {
  return [visibleLogSource(viewer), ...(viewer.type === 'freelancer' ? [eq(timeLogs.userId, viewer.userId)] : [])];
}

/**
 * A page in two steps of one statement: the page's ids from time_logs with only the joins the filters read (the
 * user's uuid, the task's plan for visibility), then the presentation's joins for those ids alone. The ids come
 * from an array subquery, planned on its own, so PostgreSQL never searches join orders over the presentation's
 * tables and the filters' subqueries together, and deep pages do not join the rows they skip.
 */
async function pageOfLogs(
  db: Database,
  conditions: SQL[],
  page: PageQuery,
  viewer: Principal,
  order: SQL[] = [desc(timeLogs.date), desc(timeLogs.id)],
) {
  const where = and(...conditions);
  const now = new Date();
  const pageIds = db
    .select({ id: timeLogs.id })
    .from(timeLogs)
    .innerJoin(users, eq(users.id, timeLogs.userId))
    .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
    .where(where)
    .orderBy(...order)
    .limit(page.size)
    .offset(pageOffset(page));
  const [rows, [total]] = await Promise.all([
    runPrepared(
      selectTimeLogs(db)
        .where(sql`${timeLogs.id} = any(array(${pageIds}))`)
        .orderBy(...order),
    ),
    db
      .select({ n: count() })
      .from(timeLogs)
      .innerJoin(users, eq(users.id, timeLogs.userId))
      .leftJoin(tasks, eq(tasks.id, timeLogs.taskId))
      .where(where),
  ]);
  return { data: rows.map((row) => presentTimeLog(row, viewer, now)), meta: listMeta(total?.n ?? 0, page) };
}

/** GET time-log's conditions (visibility and filters) over time_logs joined to users and, left, tasks. */
export function timeLogListConditions(filters: NonNullable<ListQuery['filters']>, viewer: Principal): SQL[] {
  const conditions = visibleLogs(viewer);
  if (filters['user.uuid']?.length) {
    conditions.push(inArray(users.uuid, filters['user.uuid']));
  }
  if (filters.status?.length) {
    conditions.push(inArray(timeLogs.status, filters.status));
  }
  if (filters['task.uuid']) {
    conditions.push(eq(tasks.uuid, filters['task.uuid']));
  }
  if (filters['request.uuid']) {
    conditions.push(
      sql`${timeLogs.requestId} = (select fr.id from requests fr where fr.uuid = ${filters['request.uuid']})`,
    );
  }
  if (filters.date?.greater_than_or_equals) {
    conditions.push(gte(timeLogs.date, filters.date.greater_than_or_equals));
  }
  if (filters.date?.less_than_or_equals) {
    conditions.push(lte(timeLogs.date, filters.date.less_than_or_equals));
  }
  return conditions;
}

/** GET time-log: newest date first; filters by users, statuses, task and date range. */
export async function listTimeLogs(db: Database, query: ListQuery, viewer: Principal) {
  return pageOfLogs(db, timeLogListConditions(query.filters ?? {}, viewer), query.page, viewer);
}

export interface TabSort {
  by?: TimeLogTabSort;
  direction?: 'asc' | 'desc';
}

/**
 * A Timelogs tab's order: the column asked for, then the id in the same direction so pages never overlap. The
 * person's name is read by a subquery on the log's user, so the page's id step needs no join to contacts.
 */
function tabOrder(sort: TabSort | undefined): SQL[] | undefined {
  if (!sort?.by) {
    return undefined;
  }
  const dir = sort.direction === 'desc' ? desc : asc;
  const column: Record<TimeLogTabSort, SQL> = {
    minutes: sql`${timeLogs.minutes}`,
    date: sql`${timeLogs.date}`,
    created_at: sql`${timeLogs.createdAt}`,
    'user.name': sql`(select c.name from contacts c where c.user_id = ${timeLogs.userId} limit 1)`,
  };
  return [dir(column[sort.by]), dir(timeLogs.id)];
}

/** GET tasks/{uuid}/time-logs: the Timelogs tab (meta.total = '{n} timelogs found'). */
export async function listTaskTimeLogs(
  db: Database,
  taskUuid: string,
  page: PageQuery,
  viewer: Principal,
  sort?: TabSort,
) {
  const task = await findVisibleTask(db, taskUuid, viewer);
  return pageOfLogs(db, [...visibleLogs(viewer), eq(timeLogs.taskId, task.id)], page, viewer, tabOrder(sort));
}

/** GET requests/{uuid}/time-logs: the request's Timelogs tab (meta.total = '{n} timelogs found'). */
export async function listRequestTimeLogs(
  db: Database,
  requestUuid: string,
  page: PageQuery,
  viewer: Principal,
  sort?: TabSort,
) {
  const request = await getVisibleRequestRef(db, requestUuid, viewer);
  return pageOfLogs(db, [...visibleLogs(viewer), eq(timeLogs.requestId, request.id)], page, viewer, tabOrder(sort));
}

/** GET project-tasks/{taskUuid}/time-logs/{userUuid}: completed minutes of that user and of everyone. */
export async function getTaskTimeTotal(
  db: Database,
  taskUuid: string,
  userUuid: string,
  viewer: Principal,
): Promise<TaskTimeTotal> {
  const task = await findVisibleTask(db, taskUuid, viewer);
  if (viewer.type === 'freelancer' && userUuid !== viewer.uuid) {
    throw forbidden();
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.uuid, userUuid)).limit(1);
  if (!user) {
    throw notFound();
  }
  const [sums] = await db
    .select({
      user: sql<number>`coalesce(sum(${timeLogs.minutes}) filter (where ${timeLogs.userId} = ${user.id}), 0)::int`,
      all: sql<number>`coalesce(sum(${timeLogs.minutes}), 0)::int`,
    })
    .from(timeLogs)
    .where(and(eq(timeLogs.taskId, task.id), eq(timeLogs.status, 'completed')));
  return { sum_user_completed: sums?.user ?? 0, sum_completed: sums?.all ?? 0 };
}

/** The calendar day of `now` in the time zone, as YYYY-MM-DD. */
export function dayInZone(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * GET time-log/weekly-summary: the caller's Monday–Sunday week in the agency time zone, every log of the week
 * counted (a running timer up to now), and whether the total is behind today's threshold (doc 1 §9).
 * One index range scan on (user_id, date).
 */
export async function getWeeklySummary(
  db: Database,
  userId: number,
  timeZone: string,
  now = new Date(),
): Promise<WeeklySummary> {
  const today = dayInZone(now, timeZone);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const weekStart = addDays(today, -((weekday + 6) % 7));
  const weekEnd = addDays(weekStart, 6);
  const nowIso = now.toISOString();
  const rows = await db
    .select({
      date: timeLogs.date,
      minutes: sql<number>`sum(${timeLogs.minutes} + case when ${timeLogs.status} = 'running' and ${timeLogs.startedAt} is not null then greatest(0, floor(extract(epoch from (${nowIso}::timestamptz - ${timeLogs.startedAt})) / 60)) else 0 end)::int`,
    })
    .from(timeLogs)
    .where(and(eq(timeLogs.userId, userId), gte(timeLogs.date, weekStart), lte(timeLogs.date, weekEnd)))
    .groupBy(timeLogs.date);
  const byDate = new Map(rows.map((r) => [r.date, Number(r.minutes)]));
  const byDay = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(weekStart, i);
    return { date, minutes: byDate.get(date) ?? 0 };
  });
  const total = byDay.reduce((sum, d) => sum + d.minutes, 0);
  return {
    week_start: weekStart,
    week_end: weekEnd,
    today,
    total_minutes: total,
    by_day: byDay,
    threshold_minutes: WEEKLY_MINUTES_THRESHOLDS[weekday] ?? 0,
    behind: isWeeklyTotalBehind(total, weekday),
  };
}
