import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { projects } from '../../db/schema';

export const PERSONAL_PLAN_TITLE = 'Personal';

/**
 * The caller's personal plan (the home of their personal tasks), created on first use. Concurrent first uses meet
 * at projects_one_personal_per_user_idx: one insert wins, the other does nothing and reads the winner's row.
 */
export async function ensurePersonalPlan(db: DbExecutor, userId: number): Promise<{ id: number; uuid: string }> {
  const find = async () => {
    const [row] = await db
      .select({ id: projects.id, uuid: projects.uuid })
      .from(projects)
      .where(and(eq(projects.projectManagerId, userId), eq(projects.kind, 'personal')))
      .limit(1);
    return row;
  };
  const existing = await find();
  if (existing) {
    return existing;
  }
  await db
    .insert(projects)
    .values({
      title: PERSONAL_PLAN_TITLE,
      kind: 'personal',
      status: 'active',
      projectManagerId: userId,
      createdById: userId,
      timeReport: false,
    })
    .onConflictDoNothing();
  const created = await find();
  if (!created) {
    throw new Error('personal plan not created');
  }
  return created;
}
