import {
  amountCents,
  applicableRate,
  type HourlyRates,
  type PlanRatesRow,
  type planRatesUpdateSchema,
  TIMELOG_CATEGORIES,
  type TimelogCategory,
} from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { customers, planHourlyRates, projects } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { notFound } from '../../http/errors';
import { agencyRates } from './settings';

type Overrides = Partial<Record<TimelogCategory, number>>;

async function overridesOf(db: DbExecutor, projectIds: readonly number[]): Promise<Map<number, Overrides>> {
  const map = new Map<number, Overrides>();
  if (projectIds.length === 0) {
    return map;
  }
  const rows = await db
    .select()
    .from(planHourlyRates)
    .where(inArray(planHourlyRates.projectId, [...projectIds]));
  for (const row of rows) {
    const entry = map.get(row.projectId) ?? {};
    entry[row.category as TimelogCategory] = row.rateCents;
    map.set(row.projectId, entry);
  }
  return map;
}

/**
 * Prices logged minutes for the reports: one function per call that answers the amount (cents) of some minutes of
 * one plan and category at the rate that applies (the plan's override, else the agency's).
 */
export type Pricer = (projectId: number | null, category: TimelogCategory, minutes: number) => number;

export async function loadPricer(db: DbExecutor, projectIds: readonly number[]): Promise<Pricer> {
  const [agency, overrides] = await Promise.all([agencyRates(db), overridesOf(db, projectIds)]);
  return (projectId, category, minutes) =>
    amountCents(minutes, applicableRate(category, agency, projectId === null ? null : overrides.get(projectId)));
}

/** The rates that apply to one plan per category (for its budget panel). */
export async function ratesForPlan(db: DbExecutor, projectId: number): Promise<HourlyRates> {
  const [agency, overrides] = await Promise.all([agencyRates(db), overridesOf(db, [projectId])]);
  const own = overrides.get(projectId);
  return Object.fromEntries(
    TIMELOG_CATEGORIES.map((category) => [category, applicableRate(category, agency, own)]),
  ) as HourlyRates;
}

function present(
  plan: { uuid: string; title: string; customerName: string | null },
  own: Overrides | undefined,
): PlanRatesRow {
  return {
    project_uuid: plan.uuid,
    title: plan.title,
    customer_name: plan.customerName,
    hourly_rates: {
      billable: own?.billable ?? null,
      'non-billable': own?.['non-billable'] ?? null,
      'sgm-non-billable': own?.['sgm-non-billable'] ?? null,
    },
  };
}

const planColumns = {
  id: projects.id,
  uuid: projects.uuid,
  title: projects.title,
  customerName: customers.businessName,
};

/** GET administration/plan-rates: the plans with at least one override, by title. */
export async function listPlanRates(db: DbExecutor): Promise<PlanRatesRow[]> {
  const plans = await db
    .selectDistinct(planColumns)
    .from(planHourlyRates)
    .innerJoin(projects, eq(projects.id, planHourlyRates.projectId))
    .leftJoin(customers, eq(customers.id, projects.customerId))
    .orderBy(asc(projects.title), asc(projects.id));
  const overrides = await overridesOf(
    db,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => present(plan, overrides.get(plan.id)));
}

/** PUT administration/plan-rates/{project_uuid}: the plan's overrides as a whole; null or absent clears one. */
export async function setPlanRates(
  ctx: Pick<AppContext, 'db' | 'events'>,
  projectUuid: string,
  input: z.output<typeof planRatesUpdateSchema>,
  actor: { userId: number; uuid: string },
): Promise<PlanRatesRow> {
  return inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [plan] = await tx
      .select(planColumns)
      .from(projects)
      .leftJoin(customers, eq(customers.id, projects.customerId))
      .where(eq(projects.uuid, projectUuid));
    if (!plan) {
      throw notFound();
    }
    await tx.delete(planHourlyRates).where(eq(planHourlyRates.projectId, plan.id));
    const rows = TIMELOG_CATEGORIES.flatMap((category) => {
      const rate = input.hourly_rates[category];
      return rate === null || rate === undefined ? [] : [{ projectId: plan.id, category, rateCents: rate }];
    });
    if (rows.length) {
      await tx.insert(planHourlyRates).values(rows);
    }
    emit({
      model: 'session',
      action: 'plan_rates_updated',
      id: actor.uuid,
      actorId: actor.userId,
      userIds: [],
      payload: { name: `Hourly rates of ${plan.title}`, fields: rows.map((row) => row.category) },
    });
    const own = (await overridesOf(tx, [plan.id])).get(plan.id);
    return present(plan, own);
  });
}
