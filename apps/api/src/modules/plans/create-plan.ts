import { MESSAGES, type planCreateSchema, reloadToMinutes } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
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
  if (input.customer_id) {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.uuid, input.customer_id))
      .limit(1);
    customerId = customer?.id;
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
    const [plan] = await tx
      .insert(projects)
      .values({
        title: input.title || planType.displayName,
        kind: 'other',
        isRetainer: planType.projectType === 'retainer',
        status: 'active',
        customerId,
        planTypeId: planType.id,
        refillMinutes: refill,
        projectManagerId: managerId,
        startDate: input.start_date ?? sql`current_date`,
        createdById,
      })
      .returning({ id: projects.id, uuid: projects.uuid });
    if (!plan) {
      throw new Error('plan not created');
    }
    await tx.insert(projectUsers).values({ projectId: plan.id, userId: managerId });
    return { uuid: plan.uuid };
  });
}
