import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activityLogs, requests } from '../../db/schema';

/** A request row written directly (relation and time tests need requests in given statuses, not the form flow). */
export async function buildRequest(
  db: Database,
  values: Partial<typeof requests.$inferInsert> & { projectId: number | null },
): Promise<typeof requests.$inferSelect> {
  const [row] = await db
    .insert(requests)
    .values({ subject: `Request ${Math.random().toString(36).slice(2, 8)}`, status: 'new', ...values })
    .returning();
  if (!row) {
    throw new Error('request not created');
  }
  return row;
}

export async function storedRequest(db: Database, id: number) {
  const [row] = await db.select().from(requests).where(eq(requests.id, id));
  if (!row) {
    throw new Error(`request ${id} missing`);
  }
  return row;
}

/** The history entries of a task or request, oldest first. */
export function historyOf(db: Database, subjectType: 'task' | 'request', subjectId: number) {
  return db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.subjectType, subjectType), eq(activityLogs.subjectId, subjectId)))
    .orderBy(activityLogs.id);
}
