import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../test/factories';
import { getTestApp } from '../../test/test-app';
import { tasks } from '../db/schema';
import { openEditor } from '../live/test-support';
import { buildTask } from '../modules/tasks/test-helpers';

let ctx: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let url: string;
let plan: Awaited<ReturnType<typeof buildPlan>>;
const editors: { close(): void }[] = [];

beforeAll(async () => {
  ctx = await getTestApp();
  actors = await buildActors(ctx.db);
  plan = await buildPlan(ctx.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const editor of editors) {
    editor.close();
  }
  await ctx.close();
});

async function editor(name: string, token: string) {
  const opened = await openEditor(url, name, token);
  editors.push(opened);
  return opened;
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const descriptionUrl = (uuid: string) => `/api/tasks/${uuid}/description-delta`;

describe('the collaborative description', () => {
  it('starts from the stored delta, and two people typing converge on one text', async () => {
    const task = await buildTask(ctx.db, {
      projectId: plan.id,
      descriptionDelta: { ops: [{ insert: 'Brief\n' }] },
    });
    const name = `task.${task.uuid}.description`;
    const admin = await editor(name, actors.admin.token);
    const manager = await editor(name, actors.manager.token);
    expect(admin.synced && manager.synced).toBe(true);
    expect(admin.text.toString()).toBe('Brief');

    admin.text.insert(0, 'Admin: ');
    manager.text.insert(manager.text.length, ' (manager)');
    await until(() => admin.text.toString() === manager.text.toString() && admin.text.toString().includes('manager'));
    expect(admin.text.toString()).toBe('Admin: Brief (manager)');
    expect(manager.text.toString()).toBe(admin.text.toString());
  });

  it('lets who may update edit, who may only read join read-only, and nobody else in', async () => {
    const task = await buildTask(ctx.db, { projectId: plan.id });
    const hidden = await buildTask(ctx.db, { projectId: (await buildPlan(ctx.db)).id });
    const reader = await buildUser(ctx.db, { type: 'regular_user', permissions: ['TASKS_READ'] });
    const name = `task.${task.uuid}.description`;

    expect((await editor(name, actors.manager.token)).readOnly).toBe(false);
    const readOnly = await editor(name, reader.token);
    expect(readOnly.synced).toBe(true);
    expect(readOnly.readOnly).toBe(true);
    expect((await editor(name, actors.contact.token)).synced).toBe(false);
    expect((await editor(name, 'not-a-token')).synced).toBe(false);
    expect((await editor(`task.${hidden.uuid}.description`, actors.freelancer.token)).synced).toBe(false);
    expect((await editor('task.nonsense.description', actors.admin.token)).synced).toBe(false);
  });

  it('keeps the delta column current, so the API reads what the editors typed', async () => {
    const task = await buildTask(ctx.db, { projectId: plan.id });
    const typing = await editor(`task.${task.uuid}.description`, actors.admin.token);
    typing.text.insert(0, 'Typed together');
    typing.close();
    let stored: unknown;
    await until(() => {
      void ctx.app.inject({ url: descriptionUrl(task.uuid), headers: bearer(actors.admin.token) }).then((res) => {
        stored = res.json().data.description_delta;
      });
      return JSON.stringify(stored) === JSON.stringify({ ops: [{ insert: 'Typed together\n' }] });
    }, 8000);
    expect(stored).toEqual({ ops: [{ insert: 'Typed together\n' }] });
  });

  it('merges a PUT description-delta into the document people are editing instead of overwriting it', async () => {
    const task = await buildTask(ctx.db, { projectId: plan.id, descriptionDelta: { ops: [{ insert: 'Hello\n' }] } });
    const live = await editor(`task.${task.uuid}.description`, actors.manager.token);
    // Typed, not yet stored (the store waits 3000 ms after the last change).
    live.text.insert(5, ' there');

    const put = await ctx.app.inject({
      method: 'PUT',
      url: descriptionUrl(task.uuid),
      headers: bearer(actors.admin.token),
      payload: { description_delta: { ops: [{ insert: 'Intro. Hello\n' }] }, ref_token: 'api' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.description_delta).toEqual({ ops: [{ insert: 'Intro. Hello there\n' }] });
    await until(() => live.text.toString() === 'Intro. Hello there');
    expect(live.text.toString()).toBe('Intro. Hello there');
    const read = await ctx.app.inject({ url: descriptionUrl(task.uuid), headers: bearer(actors.admin.token) });
    expect(read.json().data.description_delta).toEqual({ ops: [{ insert: 'Intro. Hello there\n' }] });
  });

  it('merges a description sent with PUT tasks/{id} into the live document too', async () => {
    const task = await buildTask(ctx.db, { projectId: plan.id, descriptionDelta: { ops: [{ insert: 'Plan\n' }] } });
    const live = await editor(`task.${task.uuid}.description`, actors.manager.token);
    live.text.insert(4, ' B');
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { description_delta: { ops: [{ insert: 'Plan A\n' }] } },
    });
    expect(put.statusCode, put.body).toBe(200);
    await until(() => live.text.toString() === 'Plan A B' || live.text.toString() === 'Plan B A');
    expect(['Plan A B', 'Plan B A']).toContain(live.text.toString());
    const stored = (await ctx.db.select().from(tasks).where(eq(tasks.id, task.id)))[0];
    expect(stored?.descriptionText).toBe(live.text.toString());
  });

  it('opens with the column’s text when it was written while nobody edited (e.g. by a form)', async () => {
    const task = await buildTask(ctx.db, { projectId: plan.id, descriptionDelta: { ops: [{ insert: 'Old\n' }] } });
    const name = `task.${task.uuid}.description`;
    const first = await editor(name, actors.admin.token);
    first.text.insert(3, ' text');
    first.close();
    await until(() => false, 500);
    await ctx.db
      .update(tasks)
      .set({ descriptionDelta: { ops: [{ insert: 'Written elsewhere\n' }] } })
      .where(eq(tasks.id, task.id));
    const next = await editor(name, actors.admin.token);
    expect(next.text.toString()).toBe('Written elsewhere');
  });
});
