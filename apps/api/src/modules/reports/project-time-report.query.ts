import {
  PROJECT_TIME_REPORT_DEFAULT_STATUSES,
  PROJECT_TYPES,
  type ProjectTimeReportResponse,
  type ProjectTimeReportRow,
  type ProjectTimeReportTotals,
  type projectTimeReportQuerySchema,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { logAmountSql } from '../administration';
import { addDays, narrowed, textArray } from './report-scope';

type Query = z.output<typeof projectTimeReportQuerySchema>;

/** A monthly period is at most 31 days long, so no plan's current period starts before this many days ago. */
const LONGEST_PERIOD_DAYS = 31;

const SORTS: Record<NonNullable<NonNullable<Query['sort']>['by']>, SQL> = {
  title: sql`title`,
  budget: sql`budget`,
  spent: sql`spent`,
  estimated: sql`estimated`,
  available: sql`available`,
  available_from_timelogs: sql`available_from_timelogs`,
  total_credits: sql`total_credits`,
  total_timelogs: sql`total_timelogs`,
};

const FIGURES = [
  'budget',
  'estimated',
  'estimated_original',
  'spent',
  'available',
  'available_from_timelogs',
  'total_credits',
  'total_timelogs',
] as const;

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

type Record_ = Omit<ProjectTimeReportRow, 'customer' | 'spent_percent' | 'estimated_percent' | 'spent_amount_cents'> & {
  spent_amount: string;
  customer_uuid: string | null;
  business_name: string | null;
};

/**
 * GET reports/project-time: the budget figures of every matching plan (personal plans never), as the budget panel
 * computes them (credits/budget.query.ts), in one statement: the plans' current periods in SQL (start_date + n
 * months, clamped like credit-periods.ts), their period credit by the unique period index, all-time minutes from
 * plan_time_totals, this period's minutes from one range of report_time_logs' date index, and the open requests' estimates.
 */
export async function getProjectTimeReport(
  db: Database,
  query: Query,
  today: string,
  money = false,
): Promise<ProjectTimeReportResponse> {
  const filters = query.filters ?? {};
  const statuses = filters['projects.status']?.length
    ? filters['projects.status']
    : PROJECT_TIME_REPORT_DEFAULT_STATUSES;
  const conditions: SQL[] = [sql`p.kind <> 'personal'`, sql`p.status = any(${textArray(statuses)})`];
  const projectTypes = narrowed(filters.project_type, PROJECT_TYPES);
  if (projectTypes) {
    conditions.push(sql`coalesce(pt.project_type, 'others') = any(${textArray(projectTypes)})`);
  }
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    conditions.push(sql`(p.title ilike ${pattern} or cu.business_name ilike ${pattern})`);
  }
  if (query.advertising !== undefined) {
    const has = sql`exists (
      select 1 from requests ar join request_types art on art.id = ar.request_type_id
      where ar.project_id = p.id and 'advertising' = any(art.tags))`;
    conditions.push(query.advertising ? has : sql`not ${has}`);
  }
  const direction = query.sort?.direction === 'desc' ? sql`desc` : sql`asc`;
  const order = SORTS[query.sort?.by ?? 'title'];
  const page = query.page;
  const amount = logAmountSql(sql`rc.minutes`, sql`pl.id`, sql`coalesce(rc.category, pl.default_category, 'billable')`);
  const result = await db.execute<{
    total: number;
    page: Record_[] | null;
    sums: Omit<ProjectTimeReportTotals, 'spent_amount_cents'> | null;
    spent_amount: string | null;
  }>(sql`
    with plans as materialized (
      select p.id, p.uuid, p.title, p.status, coalesce(pt.project_type, 'others') as project_type, p.refill_minutes,
             cu.uuid as customer_uuid, cu.business_name, per.period_start,
             p.default_timelog_category as default_category,
             (p.start_date + make_interval(months => mn.n + per.shift))::date as period_next
      from projects p
      left join plan_types pt on pt.id = p.plan_type_id
      left join customers cu on cu.id = p.customer_id
      cross join lateral (
        select ((date_part('year', ${today}::date) - date_part('year', p.start_date)) * 12
                + date_part('month', ${today}::date) - date_part('month', p.start_date))::int as n
      ) mn
      cross join lateral (
        select case when p.start_date is null or p.start_date > ${today}::date then null
                    when (p.start_date + make_interval(months => mn.n))::date > ${today}::date
                      then (p.start_date + make_interval(months => mn.n - 1))::date
                    else (p.start_date + make_interval(months => mn.n))::date end as period_start,
               case when (p.start_date + make_interval(months => mn.n))::date > ${today}::date then 0 else 1 end
                 as shift
      ) per
      where ${sql.join(conditions, sql` and `)}
    ),
    recent as (
      select l.project_id, l.date, l.minutes, l.category
      from report_time_logs l
      where l.date >= ${addDays(today, -LONGEST_PERIOD_DAYS)}::date
    ),
    spent as (
      select pl.id, sum(rc.minutes) as minutes, sum(${amount}) as amount
      from plans pl join recent rc on rc.project_id = pl.id
      where rc.date >= pl.period_start and rc.date < pl.period_next
      group by pl.id
    ),
    open_estimates as (
      select q.project_id, sum(greatest(q.estimated_max, q.estimated_min)) as estimate,
             sum(coalesce(qt.time_estimated, greatest(q.estimated_max, q.estimated_min))) as original
      from requests q left join request_types qt on qt.id = q.request_type_id
      where q.status not in ('draft', 'completed', 'cancelled') and q.project_id in (select id from plans)
      group by q.project_id
    ),
    credits as (
      select c.project_id, sum(c.minutes) as minutes
      from plan_credits c where c.project_id in (select id from plans) group by c.project_id
    ),
    figures as materialized (
      select pl.uuid, pl.title, pl.status, pl.project_type, pl.customer_uuid, pl.business_name,
             pl.period_start::text as period_start,
             coalesce(pc.minutes, pl.refill_minutes)::int as budget,
             coalesce(sp.minutes, 0)::int as spent,
             coalesce(sp.amount, 0)::text as spent_amount,
             (coalesce(sp.minutes, 0) + coalesce(oe.estimate, 0))::int as estimated,
             (coalesce(sp.minutes, 0) + coalesce(oe.original, 0))::int as estimated_original,
             coalesce(cr.minutes, 0)::int as total_credits,
             coalesce(tt.minutes, 0)::int as total_timelogs,
             (coalesce(cr.minutes, 0) - coalesce(tt.minutes, 0))::int as available_from_timelogs,
             (coalesce(cr.minutes, 0) - coalesce(tt.minutes, 0) - coalesce(oe.estimate, 0))::int as available
      from plans pl
      left join plan_credits pc
        on pc.project_id = pl.id and pc.period_start = pl.period_start and pc.kind = 'period_credit'
      left join spent sp on sp.id = pl.id
      left join open_estimates oe on oe.project_id = pl.id
      left join credits cr on cr.project_id = pl.id
      left join plan_time_totals tt on tt.project_id = pl.id
    )
    select
      (select count(*)::int from figures) as total,
      (select json_agg(f) from (
        select * from figures order by ${order} ${direction}, title, uuid limit ${page.size} offset ${pageOffset(page)}
      ) f) as page,
      (select json_build_object(${sql.join(
        FIGURES.map((name) => sql`${name}::text, coalesce(sum(${sql.identifier(name)}), 0)::bigint`),
        sql`, `,
      )}) from figures) as sums,
      (select coalesce(sum(spent_amount::bigint), 0)::text from figures) as spent_amount`);
  const agg = result.rows[0];
  const rows = (agg?.page ?? []).map((row) => presentRow(row, money));
  const sums = agg?.sums;
  const totals = {
    ...Object.fromEntries(FIGURES.map((name) => [name, Number(sums?.[name] ?? 0)])),
    spent_amount_cents: money ? Number(agg?.spent_amount ?? 0) : null,
  } as ProjectTimeReportTotals;
  return { data: rows, meta: listMeta(agg?.total ?? 0, page), totals };
}

function presentRow(row: Record_, money: boolean): ProjectTimeReportRow {
  const { customer_uuid, business_name, spent_amount, ...rest } = row;
  return {
    ...rest,
    spent_amount_cents: money ? Number(spent_amount) : null,
    customer: customer_uuid ? { uuid: customer_uuid, business_name: business_name ?? '' } : null,
    spent_percent: percent(row.spent, row.budget),
    estimated_percent: percent(row.estimated, row.budget),
  };
}
