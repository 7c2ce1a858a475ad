import type { ReportWindow } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { addDays, textArray } from './report-scope';

/**
 * `people`: the active staff a report's thresholds apply to (regular users and freelancers, narrowed by user_type,
 * the freelancer's own scope or user_uuid), with the day their account began (no missed days before it).
 */
export function peopleCte(options: {
  userTypes?: readonly string[];
  scopeUserId: number | null;
  userUuid?: string;
}): SQL {
  const conditions: SQL[] = [sql`u.status = 'active'`, sql`c.type in ('regular_user', 'freelancer')`];
  if (options.userTypes?.length) {
    conditions.push(sql`c.type = any(${textArray(options.userTypes)})`);
  }
  if (options.scopeUserId !== null) {
    conditions.push(sql`u.id = ${options.scopeUserId}`);
  }
  if (options.userUuid) {
    conditions.push(sql`u.uuid = ${options.userUuid}`);
  }
  return sql`people as (
    select u.id as user_id, u.created_at::date as since
    from users u join contacts c on c.user_id = u.id
    where ${sql.join(conditions, sql` and `)}
  )`;
}

/** Monday of the week holding the day (weeks run Monday–Sunday, as the header's weekly summary). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * `missed`: each person's days of the window (up to today) on which the week's minutes so far — Monday through
 * that day, every log of theirs whatever its plan, source or category — were below that weekday's threshold
 * (WEEKLY_MINUTES_THRESHOLDS, the header's rule at the day's end). Needs the `people` CTE. One pass over the
 * window's logs (plus the days of its first week before date_from) by the date index.
 */
export function missedDaysCte(window: ReportWindow, today: string, thresholds: readonly number[]): SQL {
  const first = mondayOf(window.date_from);
  const last = window.date_to < today ? window.date_to : today;
  return sql`missed as materialized (
    select x.user_id, x.day, x.week_minutes, x.threshold
    from (
      select pe.user_id, pe.since, d.day,
             sum(coalesce(dl.minutes, 0)) over (
               partition by pe.user_id, date_trunc('week', d.day) order by d.day
             ) as week_minutes,
             (${sql.param([...thresholds])}::int[])[extract(dow from d.day)::int + 1] as threshold
      from people pe
      cross join (
        select g::date as day from generate_series(${first}::date, ${last}::date, interval '1 day') g
      ) d
      left join (
        select ml.user_id, ml.date, sum(ml.minutes) as minutes
        from report_time_logs ml
        where ml.date between ${first}::date and ${last}::date and ml.user_id in (select user_id from people)
        group by ml.user_id, ml.date
      ) dl on dl.user_id = pe.user_id and dl.date = d.day
    ) x
    where x.day >= ${window.date_from}::date and x.day >= x.since and x.week_minutes < x.threshold
  )`;
}
