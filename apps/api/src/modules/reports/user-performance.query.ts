import {
  EXPECTED_DAILY_MINUTES,
  PERFORMANCE_WINDOW_DAYS,
  type ReportWindow,
  TIMELOG_SOURCES,
  type UserPerformanceDay,
  type UserPerformanceRow,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/access';
import { peopleCte } from './missed-days';
import {
  addDays,
  logCategory,
  logConditions,
  logJoins,
  narrowed,
  type ReportFilters,
  textArray,
  today,
} from './report-scope';

export type PerformanceOptions = {
  viewer: Principal;
  filters: ReportFilters;
  scopeUserId: number | null;
  userUuid?: string;
  searchTerm?: string;
  dateTo?: string;
  timeZone: string;
  now?: Date;
};

type Person = { user_id: number; uuid: string; name: string; type: string; since: string };
type DayFigure = { user_id: number; day: string; logged: number; billable: number; tasks: number; requests: number };
type Outcome = { user_id: number; on_time: number; due: number; accuracy: number | null; estimated: number };

export type PerformanceFigures = {
  window: ReportWindow;
  today: string;
  people: Person[];
  days: Map<number, Map<string, DayFigure>>;
  outcomes: Map<number, Outcome>;
};

/** The 30-day window ending on date_to (default today in the agency's time zone). */
export function performanceWindow(dateTo: string | undefined, todayDay: string): ReportWindow {
  const to = dateTo ?? todayDay;
  return { date_from: addDays(to, -(PERFORMANCE_WINDOW_DAYS - 1)), date_to: to };
}

/**
 * Everything the performance screens show, for the people in scope, in one statement: completed time per day
 * (after the category/source/project_type filters; never someone else's personal plan), tasks and requests each
 * person is responsible for that were completed in the window (by the agency's calendar day of completed_at), how
 * many of those with a due date were on time, and the estimate accuracy of the completed tasks with an estimate.
 */
export async function getPerformanceFigures(db: Database, options: PerformanceOptions): Promise<PerformanceFigures> {
  const todayDay = today(options.timeZone, options.now);
  const window = performanceWindow(options.dateTo, todayDay);
  const { viewer, filters, timeZone } = options;
  const people = peopleCte({
    userTypes: filters.user_type,
    scopeUserId: options.scopeUserId,
    userUuid: options.userUuid,
  });
  const logs = logConditions(viewer, filters, options.scopeUserId);
  const sources = narrowed(filters.source, TIMELOG_SOURCES) ?? TIMELOG_SOURCES;
  const projectTypes = filters.project_type?.length ? filters.project_type : null;
  const taskConditions: SQL[] = [sql`(p.kind <> 'personal' or p.project_manager_id = ${viewer.userId})`];
  const requestConditions: SQL[] = [];
  if (projectTypes) {
    taskConditions.push(sql`coalesce(pt.project_type, 'others') = any(${textArray(projectTypes)})`);
    requestConditions.push(sql`coalesce(q.project_type, 'others') = any(${textArray(projectTypes)})`);
  }
  if (!sources.includes('task')) {
    taskConditions.push(sql`false`);
  }
  if (!sources.includes('request')) {
    requestConditions.push(sql`false`);
  }
  const search = options.searchTerm
    ? sql`and c.name ilike ${`%${options.searchTerm.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`
    : sql``;
  const start = sql`(${window.date_from}::date::timestamp at time zone ${timeZone})`;
  const end = sql`((${window.date_to}::date + 1)::timestamp at time zone ${timeZone})`;
  const result = await db.execute<{
    people: Person[] | null;
    days: DayFigure[] | null;
    outcomes: Outcome[] | null;
  }>(sql`
    with ${people},
    staff as materialized (
      select pe.user_id, u.uuid, c.name, c.type, pe.since::text as since
      from people pe join users u on u.id = pe.user_id join contacts c on c.user_id = pe.user_id
      where true ${search}
    ),
    logs as (
      select l.user_id, l.date, sum(l.minutes) as minutes,
             sum(l.minutes) filter (where ${logCategory} = 'billable') as billable
      from report_time_logs l ${logJoins}
      where l.date between ${window.date_from}::date and ${window.date_to}::date and l.status = 'completed'
        and l.user_id in (select user_id from staff) and ${sql.join(logs, sql` and `)}
      group by l.user_id, l.date
    ),
    done_tasks as materialized (
      select tu.user_id, t.id, (t.completed_at at time zone ${timeZone})::date as day, t.end_date, t.estimated_time
      from tasks t
      join task_users tu on tu.task_id = t.id and tu.pivot = 'responsible'
      join projects p on p.id = t.project_id
      left join plan_types pt on pt.id = p.plan_type_id
      where t.status = 'completed' and t.completed_at >= ${start} and t.completed_at < ${end}
        and tu.user_id in (select user_id from staff) and ${sql.join(taskConditions, sql` and `)}
    ),
    done_requests as materialized (
      select ru.user_id, q.id, (q.completed_at at time zone ${timeZone})::date as day, q.target_date
      from requests q
      join request_users ru on ru.request_id = q.id and ru.pivot = 'responsible'
      where q.status = 'completed' and q.completed_at >= ${start} and q.completed_at < ${end}
        and ru.user_id in (select user_id from staff)
        ${requestConditions.length ? sql`and ${sql.join(requestConditions, sql` and `)}` : sql``}
    ),
    accuracy as (
      select dt.user_id,
             greatest(0, 100 - abs(coalesce(a.minutes, 0) - dt.estimated_time) * 100.0 / dt.estimated_time) as score
      from done_tasks dt
      left join lateral (
        select sum(al.minutes) as minutes from time_logs al where al.task_id = dt.id and al.status = 'completed'
      ) a on true
      where dt.estimated_time > 0
    )
    select
      (select json_agg(s order by s.name, s.uuid) from staff s) as people,
      (select json_agg(d) from (
        select u.user_id, u.day::text as day, sum(u.logged)::int as logged, sum(u.billable)::int as billable,
               sum(u.tasks)::int as tasks, sum(u.requests)::int as requests
        from (
          select user_id, date as day, minutes as logged, coalesce(billable, 0) as billable, 0 as tasks, 0 as requests
          from logs
          union all select user_id, day, 0, 0, 1, 0 from done_tasks
          union all select user_id, day, 0, 0, 0, 1 from done_requests
        ) u
        group by u.user_id, u.day
      ) d) as days,
      (select json_agg(o) from (
        select x.user_id, sum(x.on_time)::int as on_time, sum(x.due)::int as due,
               (select avg(a.score) from accuracy a where a.user_id = x.user_id)::float as accuracy,
               (select count(*) from accuracy a where a.user_id = x.user_id)::int as estimated
        from (
          select user_id, (end_date is not null and day <= end_date)::int as on_time, (end_date is not null)::int as due
          from done_tasks
          union all
          select user_id, (target_date is not null and day <= target_date)::int, (target_date is not null)::int
          from done_requests
        ) x
        group by x.user_id
      ) o) as outcomes`);
  const row = result.rows[0];
  const days = new Map<number, Map<string, DayFigure>>();
  for (const d of row?.days ?? []) {
    const own = days.get(d.user_id) ?? new Map<string, DayFigure>();
    own.set(d.day, d);
    days.set(d.user_id, own);
  }
  return {
    window,
    today: todayDay,
    people: row?.people ?? [],
    days,
    outcomes: new Map((row?.outcomes ?? []).map((o) => [o.user_id, o])),
  };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const share = (part: number, whole: number) => (whole > 0 ? oneDecimal((part * 100) / whole) : null);

/** 450 minutes on each working day (Monday–Friday) of the window up to today and from the account's first day. */
export function expectedOn(day: string, todayDay: string, since: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return day <= todayDay && day >= since && weekday >= 1 && weekday <= 5 ? EXPECTED_DAILY_MINUTES : 0;
}

/** A person's day-by-day series over the window, every day, oldest first. */
export function personSeries(figures: PerformanceFigures, person: Person): UserPerformanceDay[] {
  const own = figures.days.get(person.user_id);
  const series: UserPerformanceDay[] = [];
  for (let day = figures.window.date_from; day <= figures.window.date_to; day = addDays(day, 1)) {
    const d = own?.get(day);
    series.push({
      date: day,
      logged_minutes: d?.logged ?? 0,
      billable_minutes: d?.billable ?? 0,
      expected_minutes: expectedOn(day, figures.today, person.since),
      tasks_completed: d?.tasks ?? 0,
      requests_completed: d?.requests ?? 0,
    });
  }
  return series;
}

export function personRow(
  figures: PerformanceFigures,
  person: Person,
  series: UserPerformanceDay[],
): UserPerformanceRow {
  const sum = (pick: (d: UserPerformanceDay) => number) => series.reduce((total, d) => total + pick(d), 0);
  const logged = sum((d) => d.logged_minutes);
  const expected = sum((d) => d.expected_minutes);
  const billable = sum((d) => d.billable_minutes);
  const outcome = figures.outcomes.get(person.user_id);
  return {
    user: { uuid: person.uuid, name: person.name, type: person.type as UserPerformanceRow['user']['type'] },
    logged_minutes: logged,
    expected_minutes: expected,
    logged_percent: share(logged, expected),
    billable_minutes: billable,
    billable_share: share(billable, logged),
    tasks_completed: sum((d) => d.tasks_completed),
    requests_completed: sum((d) => d.requests_completed),
    on_time_rate: outcome && outcome.due > 0 ? share(outcome.on_time, outcome.due) : null,
    estimate_accuracy:
      outcome && outcome.estimated > 0 && outcome.accuracy !== null ? oneDecimal(outcome.accuracy) : null,
  };
}
