import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan, buildUser } from '../../../test/factories';
import { contacts } from '../../db/schema';
import { buildTask, setUpTaskTests, type TaskTestContext } from './test-helpers';

let ctx: TaskTestContext;
let close: () => Promise<void>;
let onVisible: Awaited<ReturnType<typeof buildUser>>;
let onHidden: Awaited<ReturnType<typeof buildUser>>;
let followerOnly: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  ctx = await setUpTaskTests();
  close = ctx.close;
  const { db, plan, actors } = ctx;
  onVisible = await buildUser(db, { name: 'Assignee Visible Zed' });
  onHidden = await buildUser(db, { name: 'Assignee Hidden Yve', type: 'freelancer' });
  followerOnly = await buildUser(db, { name: 'Assignee Follower Xan' });
  // The freelancer is a member of `plan`, not of `hidden`.
  const hidden = await buildPlan(db, { projectManagerId: actors.manager.id });
  await buildTask(db, { projectId: plan.id }, { responsibles: [onVisible.id, actors.freelancer.id] });
  await buildTask(db, { projectId: plan.id }, { followers: [followerOnly.id] });
  await buildTask(db, { projectId: hidden.id }, { responsibles: [onHidden.id] });
});
afterAll(() => close());

const list = (token: string, query = '') =>
  ctx.app.inject({ url: `/api/assignees${query ? `?${query}` : ''}`, headers: bearer(token) });
const uuids = (res: { json(): { data: { uuid: string }[] } }) => res.json().data.map((p) => p.uuid);

describe('GET /api/assignees (doc 2 §7, the Assignees filter choices)', () => {
  it('lists the people responsible for tasks the caller sees, by name, with uuid, name and type', async () => {
    const res = await list(ctx.actors.admin.token, 'search_term=Assignee');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { uuid: onHidden.uuid, name: 'Assignee Hidden Yve', type: 'freelancer' },
      { uuid: onVisible.uuid, name: 'Assignee Visible Zed', type: 'regular_user' },
    ]);
    expect(res.json().meta).toMatchObject({ total: 2, current_page: 1 });
    // Followers are not assignees.
    expect(uuids(await list(ctx.actors.admin.token))).not.toContain(followerOnly.uuid);
  });

  it('never offers a freelancer someone known only from tasks they cannot see', async () => {
    const res = await list(ctx.actors.freelancer.token);
    expect(res.statusCode).toBe(200);
    expect(uuids(res).sort()).toEqual([onVisible.uuid, ctx.actors.freelancer.uuid].sort());
  });

  it('filters by type, sorts descending on request and pages', async () => {
    const freelancers = await list(ctx.actors.admin.token, 'filters[type][]=freelancer');
    expect(uuids(freelancers).sort()).toEqual([onHidden.uuid, ctx.actors.freelancer.uuid].sort());
    const desc = await list(ctx.actors.admin.token, 'search_term=Assignee&sort[by]=name&sort[direction]=desc');
    expect(uuids(desc)).toEqual([onVisible.uuid, onHidden.uuid]);
    const second = await list(ctx.actors.admin.token, 'search_term=Assignee&page[size]=1&page[number]=2');
    expect(uuids(second)).toEqual([onVisible.uuid]);
    expect(second.json().meta).toMatchObject({ total: 2, last_page: 2 });
  });

  it('leaves out someone responsible for a task who has since become a client contact', async () => {
    const former = await buildUser(ctx.db, { name: 'Assignee Former Wes', type: 'freelancer' });
    await buildTask(ctx.db, { projectId: ctx.plan.id }, { responsibles: [former.id] });
    expect(uuids(await list(ctx.actors.admin.token, 'search_term=Assignee'))).toContain(former.uuid);
    await ctx.db.update(contacts).set({ type: 'contact' }).where(eq(contacts.userId, former.id));
    const res = await list(ctx.actors.admin.token, 'search_term=Assignee');
    expect(res.statusCode, res.body).toBe(200);
    expect(uuids(res)).not.toContain(former.uuid);
    await ctx.db.update(contacts).set({ type: 'freelancer' }).where(eq(contacts.userId, former.id));
  });

  it('is refused to client contacts and without TASKS_READ', async () => {
    expect((await list(ctx.actors.contact.token)).statusCode).toBe(403);
    const noTasks = await buildUser(ctx.db, { permissions: ['PROJECTS_READ'] });
    expect((await list(noTasks.token)).statusCode).toBe(403);
  });
});
