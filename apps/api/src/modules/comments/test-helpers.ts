import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { comments, contactCustomers, contacts } from '../../db/schema';
import { emailAnswers } from '../requests/request-test-helpers';
import { buildTask } from '../tasks/test-helpers';

/**
 * The comment tests' world: the demo actors, a plan managed by the manager with the freelancer as a member, a task
 * on it (the manager responsible), a request on it, another plan (with a task) nobody but staff sees, and a client
 * contact of the plan's client (with a login) plus one without a login.
 */
export async function setUpCommentTests(env: Record<string, string> = {}) {
  const { app, close, db } = await getTestApp({ env });
  const actors = await buildActors(db);
  const plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  const otherPlan = await buildPlan(db, {});
  const task = await buildTask(
    db,
    { projectId: plan.id, title: 'Landing page' },
    { responsibles: [actors.manager.id] },
  );
  const hiddenTask = await buildTask(db, { projectId: otherPlan.id, title: 'Secret' });
  const client = await buildUser(db, { type: 'contact', name: 'Carla Client' });
  const [clientContact] = await db.select().from(contacts).where(eq(contacts.userId, client.id));
  const [offline] = await db
    .insert(contacts)
    .values({ name: 'Olga Offline', email: 'olga@client.test', type: 'contact' })
    .returning();
  if (!clientContact || !offline || plan.customerId === null) {
    throw new Error('test world incomplete');
  }
  await db.insert(contactCustomers).values([
    { contactId: clientContact.id, customerId: plan.customerId },
    { contactId: offline.id, customerId: plan.customerId },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: bearer(actors.admin.token),
    payload: {
      status: 'new',
      subject: 'Spring newsletter',
      request_type_id: 8,
      project_id: plan.uuid,
      requester_id: actors.manager.uuid,
      answers: emailAnswers,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const request = res.json().data as { uuid: string };
  return { app, close, db, actors, plan, otherPlan, task, hiddenTask, client, offline, request };
}
export type CommentTestContext = Awaited<ReturnType<typeof setUpCommentTests>>;

export const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });
export const mention = (uuid: string, name: string) => ({
  insert: { mention: { id: uuid, value: name, denotationChar: '@' } },
});

/** The comment API as one actor (the admin unless told otherwise). */
export function commentCalls(ctx: () => Omit<CommentTestContext, 'close'>) {
  const as = (token?: string) => bearer(token ?? ctx().actors.admin.token);
  const post = (path: string, payload: object, token?: string) =>
    ctx().app.inject({ method: 'POST', url: `/api/${path}`, headers: as(token), payload });
  const list = (path: string, query = '', token?: string) =>
    ctx().app.inject({ url: `/api/${path}/comments${query}`, headers: as(token) });
  const create = async (path: string, payload: object, token?: string) => {
    const res = await post(`${path}/comments`, payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const put = (uuid: string, payload: object, token?: string) =>
    ctx().app.inject({ method: 'PUT', url: `/api/comments/${uuid}`, headers: as(token), payload });
  const remove = (uuid: string, token?: string) =>
    ctx().app.inject({ method: 'DELETE', url: `/api/comments/${uuid}`, headers: as(token) });
  const show = (uuid: string, token?: string) => ctx().app.inject({ url: `/api/comments/${uuid}`, headers: as(token) });
  const stored = async (uuid: string) => (await ctx().db.select().from(comments).where(eq(comments.uuid, uuid)))[0];
  return { as, post, list, create, put, remove, show, stored };
}
