import {
  type MissedDay,
  TIME_LOG_REPORT_BY_PROJECT_LIMIT,
  TIME_LOG_REPORT_CHART_PROJECTS,
  type TimeLogReportDay,
  type TimeLogReportProjectTotal,
  type TimeLogReportResponse,
  type TimeLogReportRow,
  type TimeLogReportUserTotal,
  type timeLogReportQuerySchema,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/access';
import { listMeta, pageOffset } from '../../http/list-paging';
import { maySeeMoney } from '../administration';
import { presentTimeLogReportRow, type ReportRowRecord } from './time-log-report.presenter';
import { reportRowOrder, reportRowSortJoins, timeLogReportSelection } from './time-log-report.selection';

type Query = z.output<typeof timeLogReportQuerySchema>;

/** by_project lists the plans with most time first, at most this many (the rest are in total and by_day). */
const BY_PROJECT_LIMIT = TIME_LOG_REPORT_BY_PROJECT_LIMIT;
const MISSED_LIMIT = 1000;

type Aggregates = {
  total_rows: number;
  total: number;
  billable: number;
  amount: string;
  page: ReportRowRecord[] | null;
  by_user:
    | { uuid: string; name: string; type: string; minutes: number; billable: number; missed_days: number }[]
    | null;
  by_project:
    | (Omit<TimeLogReportProjectTotal, 'billable_minutes' | 'amount_cents'> & { billable: number; amount: string })[]
    | null;
  project_count: number;
  day_user: { date: string; uuid: string; minutes: number }[] | null;
  day_project: { date: string; uuid: string | null; minutes: number; billable: number }[] | null;
  missed: MissedDay[] | null;
};

/**
 * GET reports/time-logs: one statement over the range's logs (report_time_logs_date_idx), materialised once; the page, the
 * totals per user, plan and day, and the people/days below the weekly-hours thresholds are read from that set.
 */
export async function getTimeLogReport(
  db: Database,
  query: Query,
  viewer: Principal,
  timeZone: string,
  now = new Date(),
): Promise<TimeLogReportResponse> {
  const { window, ctes, rows } = timeLogReportSelection(query, viewer, timeZone, now);
  const page = query.page;
  const result = await db.execute<Aggregates>(sql`
    with ${ctes},
    rows as materialized (${rows}),
    -- Two small groupings feed every total, so the month's rows are read four times in all (these two, the
    -- chart's plan stacks, the page).
    user_days as materialized (
      select user_id, date, count(*) as n, sum(minutes) as minutes,
             coalesce(sum(minutes) filter (where category = 'billable'), 0) as billable
      from rows group by user_id, date
    ),
    plan_sums as materialized (
      select project_id, sum(minutes) as minutes, coalesce(sum(minutes) filter (where category = 'billable'), 0) as billable,
             sum(amount_cents) as amount
      from rows where project_id is not null group by project_id
    ),
    top_projects as (
      select project_id from plan_sums order by minutes desc, project_id limit ${TIME_LOG_REPORT_CHART_PROJECTS}
    )
    select
      (select coalesce(sum(n), 0)::int from user_days) as total_rows,
      (select coalesce(sum(minutes), 0)::int from user_days) as total,
      (select coalesce(sum(billable), 0)::int from user_days) as billable,
      (select coalesce(sum(amount_cents), 0)::text from rows) as amount,
      (select json_agg(pg order by pg.n) from (
        select pi.n, tl.uuid, pi.date, pi.minutes, tl.description, tl.status, pi.category, pi.missed, pi.amount_cents,
               tl.created_at, pt2.uuid as task_uuid, pt2.title as task_title, rq.uuid as request_uuid,
               rq.subject as request_subject, pp.uuid as project_uuid, pp.title as project_title,
               coalesce(ppt.project_type, 'others') as project_type, cu.uuid as customer_uuid,
               cu.business_name as customer_name, pu.uuid as user_uuid, pc.name as user_name, pc.type as user_type
        from (
          select row_number() over (order by ${reportRowOrder(query)}) as n, r.*
          from rows r
          ${reportRowSortJoins(query)}
          order by ${reportRowOrder(query)}
          limit ${page.size} offset ${pageOffset(page)}
        ) pi
        join time_logs tl on tl.id = pi.id
        join users pu on pu.id = pi.user_id
        join contacts pc on pc.user_id = pi.user_id
        left join tasks pt2 on pt2.id = pi.task_id
        left join requests rq on rq.id = tl.request_id
        left join projects pp on pp.id = pi.project_id
        left join plan_types ppt on ppt.id = pp.plan_type_id
        left join customers cu on cu.id = pp.customer_id
      ) pg) as page,
      (select json_agg(bu order by bu.minutes desc, bu.name) from (
        select u.uuid, c.name, c.type, coalesce(s.minutes, 0)::int as minutes, coalesce(s.billable, 0)::int as billable,
               (select count(*) from missed m where m.user_id = u.id)::int as missed_days
        from (
          select user_id, sum(minutes) as minutes, sum(billable) as billable from user_days group by user_id
          ${query.missed_only ? sql`union all select distinct user_id, 0, 0 from missed where user_id not in (select user_id from user_days)` : sql``}
        ) s
        join users u on u.id = s.user_id join contacts c on c.user_id = u.id
      ) bu) as by_user,
      (select count(*)::int from plan_sums) as project_count,
      (select json_agg(bp order by bp.minutes desc, bp.title) from (
        select json_build_object('uuid', p.uuid, 'title', p.title, 'project_type', coalesce(pt.project_type, 'others'))
                 as project,
               case when cu.id is null then null
                    else json_build_object('uuid', cu.uuid, 'business_name', cu.business_name) end as customer,
               s.minutes::int as minutes, coalesce(s.billable, 0)::int as billable, s.amount::text as amount, p.title
        from (select * from plan_sums order by minutes desc, project_id limit ${BY_PROJECT_LIMIT}) s
        join projects p on p.id = s.project_id
        left join plan_types pt on pt.id = p.plan_type_id
        left join customers cu on cu.id = p.customer_id
      ) bp) as by_project,
      (select json_agg(du) from (
        select d.date, u.uuid, d.minutes::int as minutes from user_days d join users u on u.id = d.user_id
      ) du) as day_user,
      (select json_agg(dp) from (
        select r.date, tp_p.uuid, sum(r.minutes)::int as minutes,
               coalesce(sum(r.minutes) filter (where r.category = 'billable'), 0)::int as billable
        from rows r
        left join top_projects tp on tp.project_id = r.project_id
        left join projects tp_p on tp_p.id = tp.project_id
        group by r.date, tp_p.uuid
      ) dp) as day_project,
      (select json_agg(ms) from (
        select u.uuid as user_uuid, m.day::text as date, m.week_minutes::int as week_minutes,
               m.threshold::int as threshold_minutes
        from missed m join users u on u.id = m.user_id
        order by m.day desc, u.uuid limit ${MISSED_LIMIT}
      ) ms) as missed`);
  const agg = result.rows[0] as Aggregates;
  const money = maySeeMoney(viewer);
  return {
    data: (agg.page ?? []).map((row) => presentTimeLogReportRow(row, money)),
    meta: { ...listMeta(agg.total_rows, page), window },
    totals: {
      total: agg.total,
      billable: agg.billable,
      amount_cents: money ? Number(agg.amount) : null,
      by_user: (agg.by_user ?? []).map(
        (u): TimeLogReportUserTotal => ({
          user: { uuid: u.uuid, name: u.name, type: u.type as TimeLogReportUserTotal['user']['type'] },
          minutes: u.minutes,
          billable_minutes: u.billable,
          missed_days: u.missed_days,
        }),
      ),
      by_project: (agg.by_project ?? []).map(({ billable, amount, ...p }) => ({
        project: p.project,
        customer: p.customer,
        minutes: p.minutes,
        billable_minutes: billable,
        amount_cents: money ? Number(amount) : null,
      })),
      by_project_count: agg.project_count,
      by_day: daySeries(window, agg.day_user ?? [], agg.day_project ?? []),
      missed: agg.missed ?? [],
    },
  };
}

/** Every day of the window, oldest first, with its per-user and per-plan stacks. */
function daySeries(
  window: { date_from: string; date_to: string },
  dayUser: { date: string; uuid: string; minutes: number }[],
  dayProject: { date: string; uuid: string | null; minutes: number; billable: number }[],
): TimeLogReportDay[] {
  const days = new Map<string, TimeLogReportDay>();
  for (let d = window.date_from; d <= window.date_to; d = nextDay(d)) {
    days.set(d, { date: d, minutes: 0, billable_minutes: 0, by_user: [], by_project: [] });
  }
  for (const row of dayUser) {
    days.get(row.date)?.by_user.push({ uuid: row.uuid, minutes: row.minutes });
  }
  for (const row of dayProject) {
    const day = days.get(row.date);
    if (day) {
      day.minutes += row.minutes;
      day.billable_minutes += row.billable;
      day.by_project.push({ uuid: row.uuid, minutes: row.minutes });
    }
  }
  for (const day of days.values()) {
    day.by_user.sort((a, b) => b.minutes - a.minutes);
    day.by_project.sort((a, b) => (a.uuid === null ? 1 : b.uuid === null ? -1 : b.minutes - a.minutes));
  }
  return [...days.values()];
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type { TimeLogReportRow };
