import type { Budget, Credit, CreditSort } from '@portal/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { contacts, planCreditSettings, planCredits, projectUsers, requests, users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { notFound } from '../../http/errors';
import { logAmountSql } from '../administration';
import { findVisiblePlanId } from '../plans/plan-access';
import { localDate, periodAt } from './credit-periods';
import { loggedMinutes } from './credit-plans';

/**
 * The plan behind a budget or credit call, with the plan's own visibility: regular users see every plan but other
 * people's personal ones; a freelancer only the plans they are on (any other is 404, never 403).
 */
export async function findBudgetPlanId(db: Database, uuid: string, viewer: Principal): Promise<number> {
  const id = await findVisiblePlanId(db, uuid, viewer.userId);
  if (viewer.type !== 'regular_user') {
    const [member] = await db
      .select({ id: projectUsers.projectId })
      .from(projectUsers)
      .where(and(eq(projectUsers.projectId, id), eq(projectUsers.userId, viewer.userId)));
    if (!member) {
      throw notFound();
    }
  }
  return id;
}

/** The credit history's order: the column asked for (newest date first by default), then the id alike. */
function creditOrder(sort: { by?: CreditSort; direction?: 'asc' | 'desc' } | undefined) {
  const dir = sort?.by && sort.direction !== 'desc' ? asc : desc;
  const column = { date: planCredits.date, total_time: planCredits.minutes, kind: planCredits.kind }[
    sort?.by ?? 'date'
  ];
  return [dir(column), dir(planCredits.id)];
}

export async function listCredits(
  db: DbExecutor,
  projectId: number,
  page: { size: number; number: number },
  sort?: { by?: CreditSort; direction?: 'asc' | 'desc' },
) {
  const where = eq(planCredits.projectId, projectId);
  const [total] = await db.select({ n: count() }).from(planCredits).where(where);
  const rows = await db
    .select({
      uuid: planCredits.uuid,
      date: planCredits.date,
      minutes: planCredits.minutes,
      kind: planCredits.kind,
      note: planCredits.note,
      creatorUuid: users.uuid,
      creatorName: contacts.name,
    })
    .from(planCredits)
    .leftJoin(users, eq(users.id, planCredits.createdById))
    .leftJoin(contacts, eq(contacts.userId, users.id))
    .where(where)
    .orderBy(...creditOrder(sort))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return { total: total?.n ?? 0, data: rows.map(presentCredit) };
}

export function presentCredit(row: {
  uuid: string;
  date: string;
  minutes: number;
  kind: string;
  note: string | null;
  creatorUuid: string | null;
  creatorName: string | null;
}): Credit {
  return {
    uuid: row.uuid,
    date: row.date,
    total_time: row.minutes,
    kind: row.kind as Credit['kind'],
    note: row.note,
    created_by: row.creatorUuid ? { uuid: row.creatorUuid, name: row.creatorName ?? '' } : null,
  };
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** The budget panel's figures (doc 2 §6, §9) for one plan, today in the agency's time zone. */
export async function getBudget(
  db: DbExecutor,
  projectId: number,
  options: { timeZone: string; canAdjust: boolean; money?: boolean; now?: Date },
): Promise<Budget> {
  const plan = await db.execute<{
    is_retainer: boolean;
    time_report: boolean;
    start_date: string | null;
    refill_minutes: number;
    credited: string;
  }>(sql`
    select p.is_retainer, p.time_report, p.start_date::text as start_date, p.refill_minutes,
      (select coalesce(sum(c.minutes), 0) from plan_credits c where c.project_id = p.id) as credited
    from projects p where p.id = ${projectId}`);
  const row = plan.rows[0];
  if (!row) {
    throw notFound();
  }
  const period = row.start_date
    ? periodAt(row.start_date, localDate(options.now ?? new Date(), options.timeZone))
    : null;
  const [periodCredit] = period
    ? await db
        .select({ minutes: planCredits.minutes })
        .from(planCredits)
        .where(
          and(
            eq(planCredits.projectId, projectId),
            eq(planCredits.periodStart, period.start),
            eq(planCredits.kind, 'period_credit'),
          ),
        )
    : [];
  const [setting] = await db.select().from(planCreditSettings).where(eq(planCreditSettings.projectId, projectId));
  const [open] = await db
    .select({ minutes: sql<string>`coalesce(sum(greatest(${requests.estimatedMax}, ${requests.estimatedMin})), 0)` })
    .from(requests)
    .where(and(eq(requests.projectId, projectId), sql`${requests.status} not in ('draft', 'completed', 'cancelled')`));
  const refil = Number(row.credited);
  const timelog = await loggedMinutes(db, projectId, null, null);
  const periodTimelog = period ? await loggedMinutes(db, projectId, period.start, period.next) : 0;
  const budget = periodCredit?.minutes ?? row.refill_minutes;
  const amounts = options.money ? await loggedAmounts(db, projectId, period) : null;
  return {
    show_panel: row.is_retainer && row.time_report,
    refil,
    timelog,
    balance: refil - timelog,
    available: refil - timelog,
    budget,
    period_start: period?.start ?? null,
    period_timelog: periodTimelog,
    spent_percent: percent(periodTimelog, budget),
    estimated_percent: percent(periodTimelog + Number(open?.minutes ?? 0), budget),
    rollover: (setting?.rollover ?? 'none') as Budget['rollover'],
    rollover_cap: setting?.rolloverCapMinutes ?? null,
    can_adjust: options.canAdjust,
    period_amount_cents: amounts?.period ?? null,
    timelog_amount_cents: amounts?.all ?? null,
  };
}

/** The plan's logs priced at its applicable hourly rates (cents): this period's and all of them. */
async function loggedAmounts(db: DbExecutor, projectId: number, period: { start: string; next: string } | null) {
  const amount = logAmountSql(
    sql`l.minutes`,
    sql`l.project_id`,
    sql`coalesce(l.category, p.default_timelog_category, 'billable')`,
  );
  const result = await db.execute<{ total: string; period: string }>(sql`
    select coalesce(sum(a.amount), 0)::text as total,
           coalesce(sum(a.amount) filter (where ${period?.start ?? null}::date is not null
             and a.date >= ${period?.start ?? null}::date and a.date < ${period?.next ?? null}::date), 0)::text as period
    from (
      select l.date, ${amount} as amount
      from report_time_logs l join projects p on p.id = l.project_id
      where l.project_id = ${projectId}
    ) a`);
  return { all: Number(result.rows[0]?.total ?? 0), period: Number(result.rows[0]?.period ?? 0) };
}
