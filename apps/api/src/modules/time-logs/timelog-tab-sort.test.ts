import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { timeLogs } from '../../db/schema';
import { buildRequest } from '../requests/relation-test-helpers';
import { buildTask } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Database;
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const get = (url: string) => app.inject({ url, headers: bearer(actors.admin.token) });
type Row = { minutes: number; date: string; user: { name: string } };

/** Three people's logs: Ann 90 min on the 18th, Cleo 15 min on the 20th, Bob 45 min on the 19th (in that order). */
async function logsOn(target: { taskId?: number; requestId?: number }) {
  const ann = await buildUser(db, { name: 'Ann Tab' });
  const bob = await buildUser(db, { name: 'Bob Tab' });
  const cleo = await buildUser(db, { name: 'Cleo Tab' });
  const rows = [
    { userId: ann.id, minutes: 90, date: '2026-11-18' },
    { userId: cleo.id, minutes: 15, date: '2026-11-20' },
    { userId: bob.id, minutes: 45, date: '2026-11-19' },
  ];
  for (const row of rows) {
    await db.insert(timeLogs).values({ ...target, ...row, status: 'completed', description: 'Work' });
  }
}

describe('Timelogs tabs sort by their columns (the drawer and request tables)', () => {
  it("sorts a task's logs by Tracked, User, Date and Created At, both ways, paging after the sort", async () => {
    const task = await buildTask(db);
    await logsOn({ taskId: task.id });
    const url = (query: string) => `/api/tasks/${task.uuid}/time-logs?${query}`;
    const pick = async (query: string) => ((await get(url(query))).json().data as Row[]).map((r) => r.minutes);

    expect(await pick('sort[by]=minutes&sort[direction]=asc')).toEqual([15, 45, 90]);
    expect(await pick('sort[by]=minutes&sort[direction]=desc')).toEqual([90, 45, 15]);
    expect(await pick('sort[by]=user.name&sort[direction]=asc')).toEqual([90, 45, 15]);
    expect(await pick('sort[by]=date&sort[direction]=asc')).toEqual([90, 45, 15]);
    expect(await pick('sort[by]=created_at&sort[direction]=desc')).toEqual([45, 15, 90]);
    // Without a sort: newest date first, as before.
    expect(await pick('')).toEqual([15, 45, 90]);
    // The second page continues the sorted list.
    const second = (await get(url('sort[by]=minutes&sort[direction]=desc&page[size]=2&page[number]=2'))).json();
    expect(second.data.map((r: Row) => r.minutes)).toEqual([15]);
    expect(second.meta.total).toBe(3);
  });

  it("sorts a request's logs the same way", async () => {
    const plan = await buildPlan(db);
    const request = await buildRequest(db, { projectId: plan.id, status: 'in_progress' });
    await logsOn({ requestId: request.id });
    const res = await get(`/api/requests/${request.uuid}/time-logs?sort[by]=user.name&sort[direction]=desc`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: Row) => r.user.name)).toEqual(['Cleo Tab', 'Bob Tab', 'Ann Tab']);
  });

  it('refuses a column that cannot be sorted with 422', async () => {
    const task = await buildTask(db);
    const res = await get(`/api/tasks/${task.uuid}/time-logs?sort[by]=description`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)[0]).toMatch(/^sort/);
  });
});
