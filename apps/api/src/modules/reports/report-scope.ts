import {
  APP_USER_TYPES,
  PROJECT_TYPES,
  REPORT_DEFAULT_DAYS,
  type ReportWindow,
  TIMELOG_CATEGORIES,
  TIMELOG_SOURCES,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../http/access';
import { forbidden } from '../../http/errors';
import { localDate } from '../credits/credit-periods';

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function today(timeZone: string, now = new Date()): string {
  return localDate(now, timeZone);
}

/** date_from/date_to as asked, else the last REPORT_DEFAULT_DAYS days up to today (agency time zone). */
export function reportWindow(
  query: { date_from?: string; date_to?: string },
  timeZone: string,
  now = new Date(),
): ReportWindow {
  const to =
    query.date_to ?? (query.date_from ? addDays(query.date_from, REPORT_DEFAULT_DAYS - 1) : today(timeZone, now));
  const from = query.date_from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  return { date_from: from, date_to: to };
}

/**
 * Freelancers' reports are their own figures: the scope is narrowed on the server (no 403), except when they name
 * someone else explicitly, which is refused. Answers the user id every row must belong to, or null (everyone).
 */
export function ownScope(viewer: Principal, userUuid: string | undefined): number | null {
  if (viewer.type === 'regular_user') {
    return null;
  }
  if (userUuid && userUuid !== viewer.uuid) {
    throw forbidden();
  }
  return viewer.userId;
}

/** The filters' value lists, or null when a filter names every value (no condition needed). */
export function narrowed<T extends string>(values: T[] | undefined, all: readonly T[]): T[] | null {
  if (!values?.length) {
    return null;
  }
  const distinct = [...new Set(values)];
  return all.every((v) => distinct.includes(v)) ? null : distinct;
}

export type ReportFilters = {
  user_type?: (typeof APP_USER_TYPES)[number][];
  project_type?: (typeof PROJECT_TYPES)[number][];
  source?: (typeof TIMELOG_SOURCES)[number][];
  category?: (typeof TIMELOG_CATEGORIES)[number][];
};

/** A text[] parameter: one bound array however many values. */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param(values)}::text[]`;
}

/**
 * Conditions over the reports' log rows, written against the aliases every report query uses: l (report_time_logs,
 * the logs with their plan), c (the author's contact), p (the log's plan: its task's, else its request's), pt (the
 * plan's type). A log on
 * someone else's personal plan is never reported (the tasks' visibility rule); project_type of a plan without a
 * type is 'others'; a log without a category reads as its plan's default.
 */
export function logConditions(viewer: Principal, filters: ReportFilters, scopeUserId: number | null): SQL[] {
  const conditions: SQL[] = [sql`(p.id is null or p.kind <> 'personal' or p.project_manager_id = ${viewer.userId})`];
  if (scopeUserId !== null) {
    conditions.push(sql`l.user_id = ${scopeUserId}`);
  }
  const userTypes = narrowed(filters.user_type, APP_USER_TYPES);
  if (userTypes) {
    conditions.push(sql`c.type = any(${textArray(userTypes)})`);
  }
  const projectTypes = narrowed(filters.project_type, PROJECT_TYPES);
  if (projectTypes) {
    conditions.push(sql`coalesce(pt.project_type, 'others') = any(${textArray(projectTypes)})`);
  }
  const sources = narrowed(filters.source, TIMELOG_SOURCES);
  if (sources) {
    conditions.push(sources[0] === 'task' ? sql`l.task_id is not null` : sql`l.task_id is null`);
  }
  const categories = narrowed(filters.category, TIMELOG_CATEGORIES);
  if (categories) {
    conditions.push(sql`${logCategory} = any(${textArray(categories)})`);
  }
  return conditions;
}

export const logCategory = sql`coalesce(l.category, p.default_timelog_category, 'billable')`;

/** The joins logConditions reads, from report_time_logs l (the logs with their plan resolved). */
export const logJoins = sql`
  join contacts c on c.user_id = l.user_id
  left join projects p on p.id = l.project_id
  left join plan_types pt on pt.id = p.plan_type_id`;
