import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { auditLogs, tasks } from '../../db/schema';

/** GET projects/{uuid}/history (doc 1 §7 "project history"): the plan's own activity, paged, with its visibility. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;

type Entry = { action: string; fields: string[]; actor: { uuid: string; name: string } | null };

const history = (uuid: string, token: string, query = '') =>
  app.inject({ url: `/api/projects/${uuid}/history${query}`, headers: bearer(token) });
const write = (method: 'PUT' | 'POST', url: string, payload: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(actors.admin.token), payload });

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
  plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  // Five of the plan's own changes, through the API as people make them, then a time log on one of its tasks.
  for (const title of ['Plan one', 'Plan two', 'Plan three']) {
    expect((await write('PUT', `/projects/${plan.uuid}`, { title })).statusCode).toBe(200);
  }
  expect(
    (await write('POST', `/projects/${plan.uuid}/credits`, { total_time: 60, note: 'Bonus hour' })).statusCode,
  ).toBe(200);
  expect((await write('PUT', `/projects/${plan.uuid}/budget`, { rollover: 'all' })).statusCode).toBe(200);
  const [task] = await db.insert(tasks).values({ title: 'Work', projectId: plan.id }).returning();
  const log = await write('POST', '/time-log', {
    task_id: task?.uuid,
    date: '2026-11-20',
    minutes: 30,
    description: 'Design review',
    status: 'completed',
  });
  expect(log.statusCode, log.body).toBe(200);
  // The trail is written by a listener after each commit: six rows of the plan, the time log's budget move included.
  await vi.waitFor(async () =>
    expect(await db.select().from(auditLogs).where(eq(auditLogs.subjectUuid, plan.uuid))).toHaveLength(6),
  );
});
afterAll(() => close());

describe('GET projects/{uuid}/history', () => {
  it("lists the plan's own changes newest first, with who made them and which fields changed", async () => {
    const res = await history(plan.uuid, actors.manager.token);
    expect(res.statusCode, res.body).toBe(200);
    const entries: Entry[] = res.json().data;
    expect(entries.map((e) => [e.action, e.fields])).toEqual([
      ['budget', ['rollover']],
      ['budget', ['credits']],
      ['update', ['title']],
      ['update', ['title']],
      ['update', ['title']],
    ]);
    expect(entries[0]?.actor?.uuid).toBe(actors.admin.uuid);
  });

  it('leaves out the budget moves of time logs, which are the logs’ activity and not the plan’s', async () => {
    const entries: Entry[] = (await history(plan.uuid, actors.admin.token)).json().data;
    expect(entries.filter((e) => e.action === 'budget' && e.fields.length === 0)).toEqual([]);
  });

  it('pages with page[size] and page[number] and answers the standard meta', async () => {
    const first = await history(plan.uuid, actors.admin.token, '?page[size]=2&page[number]=1');
    const third = await history(plan.uuid, actors.admin.token, '?page[size]=2&page[number]=3');
    expect(first.json().meta).toEqual({ total: 5, current_page: 1, last_page: 3, per_page: 2 });
    expect(first.json().data.map((e: Entry) => e.fields)).toEqual([['rollover'], ['credits']]);
    expect(third.json().data).toHaveLength(1);
    expect(third.json().data[0]).toMatchObject({ action: 'update', fields: ['title'] });
  });

  it('is 404 for a plan that does not exist or is someone else’s personal plan', async () => {
    const owner = await buildUser(db, { type: 'regular_user' });
    const personal = await buildPlan(db, { kind: 'personal', projectManagerId: owner.id, customerId: null });
    expect((await history(personal.uuid, actors.manager.token)).statusCode).toBe(404);
    expect((await history('00000000-0000-4000-8000-000000000000', actors.admin.token)).statusCode).toBe(404);
  });

  it('is refused to freelancers, even on their own plan, and to people without PROJECTS_READ', async () => {
    expect((await history(plan.uuid, actors.freelancer.token)).statusCode).toBe(403);
    const reader = await buildUser(db, { type: 'regular_user', permissions: ['TASKS_READ'] });
    expect((await history(plan.uuid, reader.token)).statusCode).toBe(403);
    expect((await history(plan.uuid, actors.contact.token)).statusCode).toBe(403);
  });
});
