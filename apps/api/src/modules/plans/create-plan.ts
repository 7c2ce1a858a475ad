import { MESSAGES, type planCreateSchema, reloadToMinutes } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { customers, planTypes, projects, projectUsers } from '../../db/schema';
import { validationError } from '../../http/errors';
import { insertCustomer } from '../customers/customers.service';
import { findStaffUserIds } from './staff-users';

type PlanCreateInput = z.output<typeof planCreateSchema>;

/** Reload amounts above this are typing mistakes (over 16,000 hours), and would overflow the column long before. */
export const MAX_REFILL_MINUTES = 1_000_000;

/** A reload amount as minutes, or null when it is neither minutes nor 'h:mm'. */
export function parseRefill(value: string | number): number | null {
  const minutes = reloadToMinutes(value);
  return Number.isFinite(minutes) && minutes <= MAX_REFILL_MINUTES ? minutes : null;
}

/**
 * The title of a new plan. The modal sends the plan type's display name (doc 1 §3), which would make every client's
 * retainer "Retainer": that default becomes "{client} {type}", numbered when taken ("… (2)"), so pickers never list
 * identical entries. A title someone typed is kept as typed. The advisory lock (per base title, this transaction)
 * keeps two simultaneous creations from picking the same number.
 */
export async function planTitle(
  tx: Pick<Database, 'execute'>,
  typed: string | undefined,
  clientName: string,
  typeName: string,
): Promise<string> {
  const given = typed?.trim() ?? '';
  if (given && given !== typeName) {
    return given;
  }
  const base = clientName.trim() ? `${clientName.trim()} ${typeName}` : typeName;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plan-title:${base}`}))`);
  const taken = await tx.execute<{ title: string }>(
    sql`select title from projects where title = ${base} or title like ${`${base.replace(/[\\%_]/g, '\\$&')} (%)`}`,
  );
  const titles = new Set(taken.rows.map((row) => row.title));
  if (!titles.has(base)) {
    return base;
  }
  let n = 2;
  while (titles.has(`${base} (${n})`)) {
    n++;
  }
  return `${base} (${n})`;
}

/**
 * POST projects (doc 1 §3): checks every reference first so the answer lists all field errors at once, then creates
 * the client (when typed by name), the plan and the manager's membership in one transaction.
 */
export async function createPlan(db: Database, input: PlanCreateInput, createdById: number): Promise<{ uuid: string }> {
  const errors: Record<string, string[]> = {};
  const [planType] = await db.select().from(planTypes).where(eq(planTypes.name, input.plan)).limit(1);
  if (!planType) {
    errors.plan = [MESSAGES.unknownPlanType];
  }
  // A type whose reload amount is not editable always uses its own (the modal disables the field).
  const refill = planType && !planType.refillEditable ? planType.refillMinutes : parseRefill(input.refill);
  if (refill === null) {
    errors.refill = [MESSAGES.invalidReloadAmount];
  } else if (refill === 0) {
    // Zero shows as an empty field (doc 1 §5), and Reload amount is required.
    errors.refill = [MESSAGES.required];
  }
  const managerId = (await findStaffUserIds(db, [input.project_manager_id])).get(input.project_manager_id);
  if (managerId === undefined) {
    errors.project_manager_id = [MESSAGES.managerMustBeStaff];
  }
  let customerId: number | undefined;
  let clientName = input.business_name ?? '';
  if (input.customer_id) {
    const [customer] = await db
      .select({ id: customers.id, businessName: customers.businessName })
      .from(customers)
      .where(eq(customers.uuid, input.customer_id))
      .limit(1);
    customerId = customer?.id;
    clientName = customer?.businessName ?? '';
    if (customerId === undefined) {
      errors.customer_id = [MESSAGES.unknownReference];
    }
  }
  if (Object.keys(errors).length || !planType || refill === null || managerId === undefined) {
    throw validationError(errors);
  }

  return db.transaction(async (tx) => {
    if (customerId === undefined && input.business_name) {
      customerId = (await insertCustomer(tx, { business_name: input.business_name }, createdById)).id;
    }
    const title = await planTitle(tx, input.title, clientName, planType.displayName);
    const plan = await insertPlan(tx, {
      title,
      planType,
      customerId,
      refillMinutes: refill,
      managerId,
      startDate: input.start_date,
      createdById,
    });
    return { uuid: plan.uuid };
  });
}

/** The plan row and its manager's membership: what every way of making a plan writes (POST projects, an order). */
export async function insertPlan(
  tx: DbExecutor,
  input: {
    title: string;
    planType: Pick<typeof planTypes.$inferSelect, 'id' | 'projectType'>;
    customerId: number | undefined;
    refillMinutes: number;
    managerId: number;
    startDate?: string;
    createdById: number;
  },
): Promise<{ id: number; uuid: string }> {
  const [plan] = await tx
    .insert(projects)
    .values({
      title: input.title,
      kind: 'other',
      isRetainer: input.planType.projectType === 'retainer',
      status: 'active',
      customerId: input.customerId,
      planTypeId: input.planType.id,
      refillMinutes: input.refillMinutes,
      projectManagerId: input.managerId,
      startDate: input.startDate ?? sql`current_date`,
      createdById: input.createdById,
    })
    .returning({ id: projects.id, uuid: projects.uuid });
  if (!plan) {
    throw new Error('plan not created');
  }
  await tx.insert(projectUsers).values({ projectId: plan.id, userId: input.managerId });
  return plan;
}
