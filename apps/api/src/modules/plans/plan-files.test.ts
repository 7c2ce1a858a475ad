import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { requests, tasks, uploads } from '../../db/schema';

/** GET projects/{uuid}/files: the plan page's Files tab, the files of the plan's tasks and requests. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;

const files = (uuid: string, token: string, query = '') =>
  app.inject({ url: `/api/projects/${uuid}/files${query}`, headers: bearer(token) });

async function attach(name: string, holderType: 'task' | 'request', holderId: number, minutesAgo: number) {
  await db.insert(uploads).values({
    name,
    extension: name.split('.').pop() ?? '',
    size: 1234,
    url: `uploads/${name}`,
    stated: true,
    holderType,
    holderId,
    attachedAt: new Date(),
    createdById: actors.admin.id,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
}

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
  plan = await buildPlan(db, { members: [actors.freelancer.id] });
  const other = await buildPlan(db);
  const [task] = await db.insert(tasks).values({ title: 'Logo', projectId: plan.id }).returning();
  const [request] = await db
    .insert(requests)
    .values({ subject: 'New website', projectId: plan.id, status: 'new' })
    .returning();
  const [elsewhere] = await db.insert(tasks).values({ title: 'Elsewhere', projectId: other.id }).returning();
  await attach('brief.pdf', 'request', request?.id ?? 0, 30);
  await attach('logo.png', 'task', task?.id ?? 0, 20);
  await attach('draft.png', 'task', task?.id ?? 0, 10);
  await attach('other.pdf', 'task', elsewhere?.id ?? 0, 5);
});
afterAll(() => close());

describe('GET projects/{uuid}/files', () => {
  it("lists the files of the plan's tasks and requests newest first, each with what holds it", async () => {
    const res = await files(plan.uuid, actors.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().data.map((f: { name: string; holder: { type: string; title: string } }) => [f.name, f.holder]),
    ).toEqual([
      ['draft.png', expect.objectContaining({ type: 'task', title: 'Logo' })],
      ['logo.png', expect.objectContaining({ type: 'task', title: 'Logo' })],
      ['brief.pdf', expect.objectContaining({ type: 'request', title: 'New website' })],
    ]);
    expect(res.json().data[0]).toMatchObject({ preview: 'image', creator_uuid: actors.admin.uuid, size: 1234 });
    expect(res.json().data[0].url).toMatch(/^\/api\/uploads\//);
  });

  it('pages with page[size] and page[number]', async () => {
    const second = await files(plan.uuid, actors.admin.token, '?page[size]=2&page[number]=2');
    expect(second.json().meta).toEqual({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
    expect(second.json().data.map((f: { name: string }) => f.name)).toEqual(['brief.pdf']);
  });

  it("shows a reader only the holders they may read: without REQUEST_READ, no request's files", async () => {
    const reader = await buildUser(db, { type: 'regular_user', permissions: ['PROJECTS_READ', 'TASKS_READ'] });
    const names = (await files(plan.uuid, reader.token)).json().data.map((f: { name: string }) => f.name);
    expect(names).toEqual(['draft.png', 'logo.png']);
  });

  it('is 404 outside the plan’s visibility and refused to freelancers and contacts', async () => {
    const owner = await buildUser(db, { type: 'regular_user' });
    const personal = await buildPlan(db, { kind: 'personal', projectManagerId: owner.id, customerId: null });
    expect((await files(personal.uuid, actors.manager.token)).statusCode).toBe(404);
    expect((await files(plan.uuid, actors.freelancer.token)).statusCode).toBe(403);
    expect((await files(plan.uuid, actors.contact.token)).statusCode).toBe(403);
  });
});
