import type {
  TimelogCategory,
  TimelogSource,
  UserPerformanceDetail,
  UserPerformanceListResponse,
  UserPerformanceRow,
  userPerformanceQuerySchema,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/access';
import { notFound } from '../../http/errors';
import { listMeta, pageOffset } from '../../http/list-paging';
import { logCategory, logConditions, logJoins, ownScope } from './report-scope';
import { getPerformanceFigures, personRow, personSeries } from './user-performance.query';

type Query = z.output<typeof userPerformanceQuerySchema>;

type SortKey = NonNullable<NonNullable<Query['sort']>['by']>;

function sortValue(row: UserPerformanceRow, by: SortKey): number | string {
  if (by === 'name') {
    return row.user.name.toLowerCase();
  }
  return row[by] ?? -1;
}

/** GET reports/user-performance: a row per person in scope, sorted and paged here (a few hundred people at most). */
export async function listUserPerformance(
  db: Database,
  query: Query,
  viewer: Principal,
  timeZone: string,
  now?: Date,
): Promise<UserPerformanceListResponse> {
  const figures = await getPerformanceFigures(db, {
    viewer,
    filters: query,
    scopeUserId: ownScope(viewer, undefined),
    searchTerm: query.search_term,
    dateTo: query.date_to,
    timeZone,
    now,
  });
  const series = figures.people.map((person) => personSeries(figures, person));
  const rows = figures.people.map((person, i) => personRow(figures, person, series[i] ?? []));
  const by = query.sort?.by ?? 'name';
  const direction = query.sort?.direction ?? (by === 'name' ? 'asc' : 'desc');
  rows.sort((a, b) => {
    const x = sortValue(a, by);
    const y = sortValue(b, by);
    const order = x < y ? -1 : x > y ? 1 : a.user.name.localeCompare(b.user.name);
    return direction === 'asc' ? order : -order;
  });
  const byDay = (series[0] ?? personSeries(figures, { user_id: 0, uuid: '', name: '', type: '', since: '' })).map(
    (day, i) => ({
      date: day.date,
      logged_minutes: series.reduce((t, s) => t + (s[i]?.logged_minutes ?? 0), 0),
      billable_minutes: series.reduce((t, s) => t + (s[i]?.billable_minutes ?? 0), 0),
      expected_minutes: series.reduce((t, s) => t + (s[i]?.expected_minutes ?? 0), 0),
      tasks_completed: series.reduce((t, s) => t + (s[i]?.tasks_completed ?? 0), 0),
      requests_completed: series.reduce((t, s) => t + (s[i]?.requests_completed ?? 0), 0),
    }),
  );
  const total = (pick: (r: UserPerformanceRow) => number) => rows.reduce((t, r) => t + pick(r), 0);
  return {
    data: rows.slice(pageOffset(query.page), pageOffset(query.page) + query.page.size),
    meta: { ...listMeta(rows.length, query.page), window: figures.window },
    totals: {
      logged_minutes: total((r) => r.logged_minutes),
      expected_minutes: total((r) => r.expected_minutes),
      billable_minutes: total((r) => r.billable_minutes),
      tasks_completed: total((r) => r.tasks_completed),
      requests_completed: total((r) => r.requests_completed),
      by_day: byDay,
    },
  };
}

/**
 * GET reports/user-performance/{userUuid}: one active staff member (404 otherwise; a freelancer asking for someone
 * else is refused) with the series and where the time went (category, source, the ten plans with most time).
 */
export async function getUserPerformance(
  db: Database,
  userUuid: string,
  query: Query,
  viewer: Principal,
  timeZone: string,
  now?: Date,
): Promise<UserPerformanceDetail> {
  const scopeUserId = ownScope(viewer, userUuid);
  const figures = await getPerformanceFigures(db, {
    viewer,
    filters: query,
    scopeUserId,
    userUuid,
    dateTo: query.date_to,
    timeZone,
    now,
  });
  const person = figures.people[0];
  if (!person) {
    throw notFound();
  }
  const series = personSeries(figures, person);
  const conditions: SQL[] = [
    ...logConditions(viewer, query, person.user_id),
    sql`l.status = 'completed'`,
    sql`l.date between ${figures.window.date_from}::date and ${figures.window.date_to}::date`,
  ];
  const result = await db.execute<{
    by_category: { category: TimelogCategory; minutes: number }[] | null;
    by_source: { source: TimelogSource; minutes: number }[] | null;
    by_project: { project: { uuid: string; title: string }; minutes: number }[] | null;
  }>(sql`
    with logs as materialized (
      select l.minutes, l.task_id, ${logCategory} as category, p.id as project_id
      from report_time_logs l ${logJoins}
      where ${sql.join(conditions, sql` and `)}
    )
    select
      (select json_agg(x order by x.minutes desc) from (
        select category, sum(minutes)::int as minutes from logs group by category) x) as by_category,
      (select json_agg(x order by x.minutes desc) from (
        select case when task_id is null then 'request' else 'task' end as source, sum(minutes)::int as minutes
        from logs group by 1) x) as by_source,
      (select json_agg(x) from (
        select json_build_object('uuid', p.uuid, 'title', p.title) as project, s.minutes::int as minutes
        from (select project_id, sum(minutes) as minutes from logs where project_id is not null
              group by project_id order by 2 desc, 1 limit 10) s
        join projects p on p.id = s.project_id
        order by s.minutes desc, p.title
      ) x) as by_project`);
  const extra = result.rows[0];
  return {
    ...personRow(figures, person, series),
    window: figures.window,
    by_day: series,
    by_category: extra?.by_category ?? [],
    by_source: extra?.by_source ?? [],
    by_project: extra?.by_project ?? [],
  };
}
