import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../http/access';

/**
 * Money in reports (issue 21): amounts derive from the rates, so they are shown to whoever may read the rates
 * (regular staff with CHARGES_READ); for everyone else the amount fields are null.
 */
export function maySeeMoney(viewer: Pick<Principal, 'type' | 'permissions'>): boolean {
  return viewer.type === 'regular_user' && viewer.permissions.has('CHARGES_READ');
}

/** The hourly rate (cents) that applies to a plan and category: the plan's override, else the agency's. */
export function rateSql(projectId: SQL, category: SQL): SQL {
  return sql`coalesce(
    (select phr.rate_cents from plan_hourly_rates phr where phr.project_id = ${projectId} and phr.category = ${category}),
    (select case ${category} when 'non-billable' then adm.non_billable_rate_cents
                             when 'sgm-non-billable' then adm.sgm_non_billable_rate_cents
                             else adm.billable_rate_cents end
     from administration_settings adm where adm.id = 1),
    0)`;
}

/**
 * One time log's amount in cents: minutes × the applicable hourly rate ÷ 60, rounded half up to the cent (like
 * amountCents in the domain package). Every log is priced on its own, as an invoice line would be, and totals
 * are sums of these, so a report's total always equals the sum of its rows.
 */
export function logAmountSql(minutes: SQL, projectId: SQL, category: SQL): SQL {
  return sql`round(${minutes}::numeric * ${rateSql(projectId, category)} / 60)::bigint`;
}
