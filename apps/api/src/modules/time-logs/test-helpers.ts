import { eq } from 'drizzle-orm';
import { buildPlan } from '../../../test/factories';
import type { Database } from '../../db/client';
import { tasks, timeLogs } from '../../db/schema';

/** A task on a new plan with these members (or on the given plan), todo unless told. */
export async function buildTask(
  db: Database,
  overrides: Partial<typeof tasks.$inferInsert> = {},
  members: number[] = [],
): Promise<typeof tasks.$inferSelect> {
  const projectId = overrides.projectId ?? (await buildPlan(db, { members })).id;
  const [row] = await db
    .insert(tasks)
    .values({ title: 'Task for time', ...overrides, projectId })
    .returning();
  if (!row) {
    throw new Error('task not created');
  }
  return row;
}

export async function storedLog(db: Database, uuid: string) {
  const [row] = await db.select().from(timeLogs).where(eq(timeLogs.uuid, uuid));
  return row;
}

/** Moves a running log's start back, as if it had been running that many minutes (a controlled clock). */
export async function runFor(db: Database, uuid: string, minutes: number) {
  await db
    .update(timeLogs)
    .set({ startedAt: new Date(Date.now() - minutes * 60_000 - 5_000) })
    .where(eq(timeLogs.uuid, uuid));
}
