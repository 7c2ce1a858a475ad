import { MESSAGES, type Plan, type planUpdateSchema, type RequestStatus, type UserType } from '@portal/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { planTypes, projects, projectUsers, requests } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { saveRollover } from '../credits/credit-commands';
import { visibleRequests } from '../requests/request-access';
import { parseRefill } from './create-plan';
import { findVisiblePlanId } from './plan-access';
import { selectPlans } from './plan-list.query';
import { presentPlan, presentPlanType } from './plans.presenter';
import { findStaffUserIds } from './staff-users';

type PlanUpdateInput = z.output<typeof planUpdateSchema>;

/** GET plans: the plan types in their display order. */
export async function listPlanTypes(db: Database) {
  const rows = await db.select().from(planTypes).orderBy(asc(planTypes.sortOrder), asc(planTypes.name));
  return rows.map(presentPlanType);
}

export async function getPlan(
  db: Database,
  uuid: string,
  viewerId: number,
  viewerType: UserType = 'regular_user',
): Promise<Plan> {
  const id = await findVisiblePlanId(db, uuid, viewerId);
  const [row] = await selectPlans(db).where(eq(projects.id, id)).limit(1);
  if (!row) {
    throw notFound();
  }
  const planRequests = await db
    .select({ uuid: requests.uuid, subject: requests.subject, status: requests.status })
    .from(requests)
    .where(and(eq(requests.projectId, id), visibleRequests({ userId: viewerId, type: viewerType })))
    .orderBy(desc(requests.id));
  return {
    ...presentPlan(row),
    requests: planRequests.map((r) => ({ ...r, status: r.status as RequestStatus })),
  };
}

/**
 * PUT projects/{uuid}: changed fields only. members replaces the plan's people (user uuids); the manager is always
 * one of them, so a new manager is added and the current one cannot be dropped by a members list alone.
 */
export async function updatePlan(db: Database, uuid: string, input: PlanUpdateInput, viewerId: number) {
  const id = await findVisiblePlanId(db, uuid, viewerId);
  const [plan] = await db
    .select({ managerId: projects.projectManagerId, refillEditable: planTypes.refillEditable })
    .from(projects)
    .leftJoin(planTypes, eq(planTypes.id, projects.planTypeId))
    .where(eq(projects.id, id));
  const errors: Record<string, string[]> = {};
  const changes: Partial<typeof projects.$inferInsert> = {};
  if (input.title !== undefined) {
    changes.title = input.title;
  }
  if (input.status !== undefined) {
    changes.status = input.status;
  }
  if (input.start_date !== undefined) {
    changes.startDate = input.start_date;
  }
  if (input.time_report !== undefined) {
    changes.timeReport = input.time_report;
  }
  if (input.default_timelog_category !== undefined) {
    changes.defaultTimelogCategory = input.default_timelog_category;
  }
  // A type with a fixed reload amount keeps it; only editable types take a new one.
  if (input.refill !== undefined && plan?.refillEditable !== false) {
    const minutes = parseRefill(input.refill);
    if (minutes === null) {
      errors.refill = [MESSAGES.invalidReloadAmount];
    } else {
      changes.refillMinutes = minutes;
    }
  }
  const staff = await findStaffUserIds(db, [
    ...(input.project_manager_id ? [input.project_manager_id] : []),
    ...(input.members ?? []),
  ]);
  let managerId = plan?.managerId ?? null;
  if (input.project_manager_id !== undefined) {
    managerId = input.project_manager_id === null ? null : (staff.get(input.project_manager_id) ?? null);
    if (input.project_manager_id !== null && managerId === null) {
      errors.project_manager_id = [MESSAGES.managerMustBeStaff];
    }
    changes.projectManagerId = managerId;
  }
  const memberIds = input.members?.map((u) => staff.get(u));
  if (memberIds?.some((m) => m === undefined)) {
    errors.members = [MESSAGES.unknownReference];
  }
  if (input.rollover === 'up_to' && input.rollover_cap == null) {
    errors.rollover_cap = [MESSAGES.required];
  }
  if (Object.keys(errors).length) {
    throw validationError(errors);
  }

  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(projects.id, id));
    if (input.rollover) {
      await saveRollover(tx, id, input.rollover, input.rollover_cap ?? null);
    }
    if (memberIds) {
      await tx.delete(projectUsers).where(eq(projectUsers.projectId, id));
    }
    const people = new Set<number>(memberIds as number[] | undefined);
    if (managerId !== null && (memberIds || input.project_manager_id)) {
      people.add(managerId);
    }
    if (people.size) {
      await tx
        .insert(projectUsers)
        .values([...people].map((userId) => ({ projectId: id, userId })))
        .onConflictDoNothing();
    }
  });
  return getPlan(db, uuid, viewerId);
}
