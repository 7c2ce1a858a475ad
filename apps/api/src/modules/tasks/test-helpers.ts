import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { contacts, tasks, taskUsers } from '../../db/schema';

export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The task API tests' world: an app on its own database, the demo actors and a plan the freelancer is a member of. */
export async function setUpTaskTests() {
  const { app, close, db } = await getTestApp();
  const actors = await buildActors(db);
  const plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  return { app, close, db, actors, plan };
}
export type TaskTestContext = Awaited<ReturnType<typeof setUpTaskTests>>;

/** Requests of the task API tests, as the admin unless told otherwise; `ctx` is read when a request is made. */
export function taskRequests(ctx: () => Omit<TaskTestContext, 'close'>) {
  const asAdmin = () => bearer(ctx().actors.admin.token);
  const create = (payload: object, headers = asAdmin()) =>
    ctx().app.inject({ method: 'POST', url: '/api/tasks', headers, payload });
  const update = (uuid: string, payload: object, headers = asAdmin()) =>
    ctx().app.inject({ method: 'PUT', url: `/api/tasks/${uuid}`, headers, payload });
  const show = (uuid: string, headers = asAdmin()) => ctx().app.inject({ url: `/api/tasks/${uuid}`, headers });
  const createOk = async (payload: object, headers = asAdmin()) => {
    const res = await create({ project_id: ctx().plan.uuid, ...payload }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const stored = async (uuid: string) => (await ctx().db.select().from(tasks).where(eq(tasks.uuid, uuid)))[0];
  return { asAdmin, create, update, show, createOk, stored };
}

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
