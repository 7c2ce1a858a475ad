import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { planCreditNotices, planCreditSettings, planCredits, projects } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { mergeOutgoing, NO_OUTGOING, notifyUsers, type Outgoing } from '../notifications/notify';
import { localDate, periodAt } from './credit-periods';

/** Namespace of the per-plan advisory lock that serialises crediting ('CRED'). */
const CREDIT_LOCK_NAMESPACE = 0x43524544;
/** Plans whose reload amount is credited: running ones (paused, completed and cancelled plans earn nothing). */
const CREDITED_STATUSES = ['active', 'in_progress', 'waiting_to_launch'] as const;
export const NOTICE_THRESHOLDS = [80, 100] as const;

/** Minutes logged on a plan (its tasks' and its requests' time logs), optionally only dates in [from, to). */
export async function loggedMinutes(tx: DbExecutor, projectId: number, from: string | null, to: string | null) {
  const range = sql`(${from}::date is null or l.date >= ${from}::date) and (${to}::date is null or l.date < ${to}::date)`;
  const result = await tx.execute<{ minutes: string }>(sql`
    select coalesce(sum(minutes), 0) as minutes from (
      select l.minutes from time_logs l join tasks t on t.id = l.task_id where t.project_id = ${projectId} and ${range}
      union all
      select l.minutes from time_logs l join requests r on r.id = l.request_id
      where l.task_id is null and r.project_id = ${projectId} and ${range}
    ) logged`);
  return Number(result.rows[0]?.minutes ?? 0);
}

async function creditedMinutes(tx: DbExecutor, projectId: number) {
  const [row] = await tx
    .select({ minutes: sql<string>`coalesce(sum(${planCredits.minutes}), 0)` })
    .from(planCredits)
    .where(eq(planCredits.projectId, projectId));
  return Number(row?.minutes ?? 0);
}

/** How much of an unused balance the plan carries into the next period. */
function carried(balance: number, setting: { rollover: string; rolloverCapMinutes: number | null } | undefined) {
  if (balance <= 0 || setting?.rollover === 'all') {
    return balance;
  }
  return setting?.rollover === 'up_to' ? Math.min(balance, setting.rolloverCapMinutes ?? 0) : 0;
}

type Plan = typeof projects.$inferSelect;

/** The plan's credit row of the period starting on that day, if it was credited. */
async function periodCredit(tx: DbExecutor, planId: number, periodStart: string) {
  const [credit] = await tx
    .select({ id: planCredits.id, minutes: planCredits.minutes })
    .from(planCredits)
    .where(
      and(
        eq(planCredits.projectId, planId),
        eq(planCredits.periodStart, periodStart),
        eq(planCredits.kind, 'period_credit'),
      ),
    );
  return credit;
}

/**
 * Credits one plan's current period, once: the unique (plan, period, kind) index is the guarantee, the advisory lock
 * keeps overlapping runs from computing the rollover twice. When an earlier period exists, unused credit beyond what
 * the plan's rollover setting carries leaves the balance as an expiry row dated the new period's start.
 */
async function creditPlan(tx: DbExecutor, plan: Plan, period: { start: string }): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CREDIT_LOCK_NAMESPACE}, ${plan.id})`);
  if (await periodCredit(tx, plan.id, period.start)) {
    return false;
  }
  const [earlier] = await tx
    .select({ id: planCredits.id })
    .from(planCredits)
    .where(
      and(
        eq(planCredits.projectId, plan.id),
        eq(planCredits.kind, 'period_credit'),
        sql`${planCredits.periodStart} < ${period.start}`,
      ),
    )
    .limit(1);
  if (earlier) {
    const [setting] = await tx.select().from(planCreditSettings).where(eq(planCreditSettings.projectId, plan.id));
    const balance = (await creditedMinutes(tx, plan.id)) - (await loggedMinutes(tx, plan.id, null, period.start));
    const expired = balance - carried(balance, setting);
    if (expired > 0) {
      await tx
        .insert(planCredits)
        .values({
          projectId: plan.id,
          date: period.start,
          minutes: -expired,
          kind: 'expiry',
          periodStart: period.start,
          note: 'Unused credit not carried over',
        })
        .onConflictDoNothing();
    }
  }
  const inserted = await tx
    .insert(planCredits)
    .values({
      projectId: plan.id,
      date: period.start,
      minutes: plan.refillMinutes,
      kind: 'period_credit',
      periodStart: period.start,
    })
    .onConflictDoNothing()
    .returning({ id: planCredits.id });
  return inserted.length > 0;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The plan manager's 80 % and 100 % notices for the period: each (plan, period, threshold) row is written once, and
 * a jump straight past 100 % sends one notice (the higher), marking both.
 */
async function noticePlan(tx: DbExecutor, plan: Plan, period: { start: string; next: string }): Promise<Outgoing> {
  const credit = await periodCredit(tx, plan.id, period.start);
  if (!credit || credit.minutes <= 0) {
    return NO_OUTGOING;
  }
  const used = await loggedMinutes(tx, plan.id, period.start, period.next);
  const percent = Math.floor((used * 100) / credit.minutes);
  const reached = NOTICE_THRESHOLDS.filter((threshold) => percent >= threshold);
  if (reached.length === 0) {
    return NO_OUTGOING;
  }
  const fresh = await tx
    .insert(planCreditNotices)
    .values(reached.map((threshold) => ({ projectId: plan.id, periodStart: period.start, threshold })))
    .onConflictDoNothing()
    .returning({ threshold: planCreditNotices.threshold });
  const highest = Math.max(0, ...fresh.map((row) => row.threshold));
  if (highest === 0 || !plan.projectManagerId) {
    return NO_OUTGOING;
  }
  return notifyUsers(
    tx,
    [plan.projectManagerId],
    {
      type: 'budget_threshold',
      data: {
        title: `${highest} % of the period's credit used`,
        sub_title: plan.title,
        content: `${hhmm(used)} logged of ${hhmm(credit.minutes)} credited since ${period.start}.`,
        action_url: `/projects/${plan.uuid}`,
        resource_id: plan.uuid,
        has_mention: false,
      },
    },
    null,
  );
}

export type CreditRun = { credited: number; outgoing: Outgoing };

/**
 * The monthly job's work: every running plan with a reload amount and a start date gets its current period's credit
 * (periods start on the start date's day of month, in the agency's time zone) and, when due, its manager's notice.
 * Each plan in its own transaction; reruns credit and notify nothing new.
 */
export async function creditPlans(
  ctx: Pick<AppContext, 'db' | 'events'>,
  timeZone: string,
  now: Date = new Date(),
): Promise<CreditRun> {
  const today = localDate(now, timeZone);
  const plans = await ctx.db
    .select()
    .from(projects)
    .where(
      sql`${projects.status} in ${CREDITED_STATUSES} and ${projects.kind} = 'other' and ${projects.refillMinutes} > 0
        and ${projects.startDate} is not null and ${projects.startDate} <= ${today}`,
    )
    .orderBy(projects.id);
  let credited = 0;
  const outgoing: Outgoing[] = [];
  for (const plan of plans) {
    const period = plan.startDate ? periodAt(plan.startDate, today) : null;
    if (!period) {
      continue;
    }
    const told = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
      const fresh = await creditPlan(tx, plan, period);
      if (fresh) {
        credited += 1;
        emit({ model: 'project', action: 'budget', id: plan.uuid, actorId: null, projectId: plan.id });
      }
      return noticePlan(tx, plan, period);
    });
    outgoing.push(told);
  }
  return { credited, outgoing: mergeOutgoing(...outgoing) };
}
