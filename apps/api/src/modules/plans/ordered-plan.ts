import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { customers, planTypes, projects } from '../../db/schema';
import { insertPlan, MAX_REFILL_MINUTES, planTitle } from './create-plan';

export type OrderedPlan = {
  /** The plan type's name (plan_types.name): 'retainer' or 'hosting' for orders today. */
  planType: string;
  customerId: number;
  /** The reload amount the order gives; ignored for types whose amount is fixed (hosting). */
  refillMinutes: number | null;
  /** Becomes the manager of a new plan (a staff user: whoever places the order). */
  managerId: number;
  actorId: number;
};

export type OrderedPlanResult = { id: number; uuid: string; title: string; effect: 'created' | 'updated' };

/**
 * A placed order's plan (issue 20), by the plans module's rules, inside the order's transaction: the client's most
 * recent active plan of that type takes the order's reload amount; without one, a plan is made as POST projects
 * makes it (titled "{client} {type}", numbered when taken; the type's own amount when it is not editable; the
 * placing staff member as manager). An advisory lock per client and type keeps two orders placed at once from both
 * creating a plan.
 */
export async function applyOrderedPlan(tx: DbExecutor, input: OrderedPlan): Promise<OrderedPlanResult> {
  const [planType] = await tx.select().from(planTypes).where(eq(planTypes.name, input.planType)).limit(1);
  if (!planType) {
    throw new Error(`plan type ${input.planType} is not seeded`);
  }
  const refill = planType.refillEditable
    ? Math.min(MAX_REFILL_MINUTES, input.refillMinutes ?? planType.refillMinutes)
    : planType.refillMinutes;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ordered-plan:${input.customerId}:${planType.id}`}))`);
  const [existing] = await tx
    .select({ id: projects.id, uuid: projects.uuid, title: projects.title })
    .from(projects)
    .where(
      and(
        eq(projects.customerId, input.customerId),
        eq(projects.planTypeId, planType.id),
        eq(projects.status, 'active'),
      ),
    )
    .orderBy(desc(projects.id))
    .limit(1)
    .for('update');
  if (existing) {
    await tx.update(projects).set({ refillMinutes: refill, updatedAt: sql`now()` }).where(eq(projects.id, existing.id));
    return { ...existing, effect: 'updated' };
  }
  const [customer] = await tx
    .select({ name: customers.businessName })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  const title = await planTitle(tx, undefined, customer?.name ?? '', planType.displayName);
  const plan = await insertPlan(tx, {
    title,
    planType,
    customerId: input.customerId,
    refillMinutes: refill,
    managerId: input.managerId,
    createdById: input.actorId,
  });
  return { ...plan, title, effect: 'created' };
}
