import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, tasks, taskUsers } from '../../db/schema';

/** A task row written directly (for list and rule tests that need many or odd rows). */
export async function buildTask(
  db: Database,
  values: Partial<typeof tasks.$inferInsert> & { projectId: number },
  people: { responsibles?: number[]; followers?: number[] } = {},
) {
  const [row] = await db
    .insert(tasks)
    .values({ title: `Task ${Math.random().toString(36).slice(2, 8)}`, ...values })
    .returning();
  if (!row) {
    throw new Error('task not created');
  }
  const rows = [
    ...(people.responsibles ?? []).map((userId) => ({ taskId: row.id, userId, pivot: 'responsible' })),
    ...(people.followers ?? []).map((userId) => ({ taskId: row.id, userId, pivot: 'follower' })),
  ];
  if (rows.length) {
    await db.insert(taskUsers).values(rows);
  }
  return row;
}

export async function setAutoFollow(db: Database, userId: number, value: '1' | '0') {
  const [contact] = await db.select().from(contacts).where(eq(contacts.userId, userId));
  if (contact) {
    await db
      .update(contacts)
      .set({ preferences: { ...contact.preferences, auto_follow_tasks: value } })
      .where(eq(contacts.id, contact.id));
  }
}
