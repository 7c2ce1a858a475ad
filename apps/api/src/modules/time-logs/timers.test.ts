import { MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { tasks, timeLogs } from '../../db/schema';
import { buildTask, runFor, storedLog } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
});
afterAll(() => close());

const TIMER_PERMISSIONS = ['TIMELOG_READ', 'TIMELOG_CREATE', 'TIMELOG_UPDATE', 'TIMELOG_DESTROY'] as const;
const timerUser = () => buildUser(db, { permissions: TIMER_PERMISSIONS });
type Who = { token: string; id: number };
const start = (who: Who, taskUuid: string, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/time-log',
    headers: bearer(who.token),
    payload: { task_id: taskUuid, date: '2026-11-20', status: 'running', ...extra },
  });
const put = (who: Who, uuid: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/time-log/${uuid}`, headers: bearer(who.token), payload });
const runningOf = (userId: number) =>
  db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.userId, userId), eq(timeLogs.status, 'running')));

describe('timer', () => {
  it('starts with the server clock: started_at set, elapsed 0, running', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const before = Date.now();
    const res = await start(user, task.uuid, { started_at: '2020-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(200);
    const log = res.json().data;
    expect(log).toMatchObject({ status: 'running', minutes: 0, elapsed_minutes: 0 });
    // The client's started_at is ignored: the server's clock is the truth.
    expect(new Date(log.started_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(log.started_at).toMatch(/Z$/);
  });

  it('reports elapsed minutes from started_at after a reload (or on another device)', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const { uuid } = (await start(user, task.uuid)).json().data;
    await runFor(db, uuid, 25);
    const list = await app.inject({
      url: `/api/time-log?filters[status][]=running&filters[user.uuid][]=${user.uuid}`,
      headers: bearer(user.token),
    });
    expect(list.json().data).toMatchObject([{ uuid, status: 'running', minutes: 0, elapsed_minutes: 25 }]);
  });

  it('pauses with the accumulated minutes, and resuming continues from them', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const { uuid } = (await start(user, task.uuid)).json().data;
    await runFor(db, uuid, 10);
    const paused = await put(user, uuid, { status: 'paused' });
    expect(paused.json().data).toMatchObject({ status: 'paused', minutes: 10, elapsed_minutes: 10, started_at: null });
    const resumed = await put(user, uuid, { status: 'running' });
    expect(resumed.json().data).toMatchObject({ status: 'running', minutes: 10, elapsed_minutes: 10 });
    await runFor(db, uuid, 7);
    const again = await put(user, uuid, { status: 'paused' });
    expect(again.json().data).toMatchObject({ minutes: 17, status: 'paused' });
  });

  it('starting another timer first pauses the running one, adding its time', async () => {
    const user = await timerUser();
    const first = await buildTask(db);
    const second = await buildTask(db);
    const a = (await start(user, first.uuid)).json().data;
    await runFor(db, a.uuid, 12);
    const b = (await start(user, second.uuid)).json().data;
    expect(b.status).toBe('running');
    expect(await storedLog(db, a.uuid)).toMatchObject({ status: 'paused', minutes: 12, startedAt: null });
    // Resuming the first pauses the second.
    await runFor(db, b.uuid, 3);
    expect((await put(user, a.uuid, { status: 'running' })).json().data.status).toBe('running');
    expect(await storedLog(db, b.uuid)).toMatchObject({ status: 'paused', minutes: 3 });
    expect(await runningOf(user.id)).toHaveLength(1);
  });

  it('a second start on the task whose timer runs answers that timer instead of a new log', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const first = (await start(user, task.uuid)).json().data;
    const second = (await start(user, task.uuid)).json().data;
    expect(second.uuid).toBe(first.uuid);
    expect(await db.select().from(timeLogs).where(eq(timeLogs.userId, user.id))).toHaveLength(1);
  });

  it('keeps exactly one running timer per user under 10 concurrent starts', async () => {
    const user = await timerUser();
    const taskList = await Promise.all(Array.from({ length: 10 }, () => buildTask(db)));
    const answers = await Promise.all(taskList.map((task) => start(user, task.uuid)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await runningOf(user.id)).toHaveLength(1);
    const all = await db.select().from(timeLogs).where(eq(timeLogs.userId, user.id));
    expect(all).toHaveLength(10);
    expect(all.filter((l) => l.status === 'paused')).toHaveLength(9);
  });

  it('keeps one running timer under concurrent starts on the same task (one log)', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(user, task.uuid)));
    expect(new Set(answers.map((r) => r.json().data.uuid)).size).toBe(1);
    expect(await runningOf(user.id)).toHaveLength(1);
  });

  it('add entry completes with minutes = max(timer, typed)', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const a = (await start(user, task.uuid)).json().data;
    await runFor(db, a.uuid, 40);
    const typedLess = await put(user, a.uuid, { status: 'completed', minutes: 15, description: 'Work' });
    expect(typedLess.json().data).toMatchObject({ status: 'completed', minutes: 40, started_at: null });

    const b = (await start(user, task.uuid)).json().data;
    await runFor(db, b.uuid, 5);
    const typedMore = await put(user, b.uuid, { status: 'completed', minutes: 90, description: 'Work' });
    expect(typedMore.json().data.minutes).toBe(90);

    const c = (await start(user, task.uuid)).json().data;
    await runFor(db, c.uuid, 20);
    await put(user, c.uuid, { status: 'paused' });
    const fromPaused = await put(user, c.uuid, { status: 'completed', minutes: 5, description: 'Work' });
    expect(fromPaused.json().data.minutes).toBe(20);
  });

  it('refuses to complete a timer that shows 00:00, or without a description', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const { uuid } = (await start(user, task.uuid)).json().data;
    const empty = await put(user, uuid, { status: 'completed', description: 'Work' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ minutes: [MESSAGES.timeAboveZero] });
    await runFor(db, uuid, 3);
    const noDescription = await put(user, uuid, { status: 'completed' });
    expect(noDescription.json().errors).toEqual({ description: [MESSAGES.required] });
    expect(await storedLog(db, uuid)).toMatchObject({ status: 'running' });
  });

  it('reset deletes the timer', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const { uuid } = (await start(user, task.uuid)).json().data;
    const res = await app.inject({ method: 'DELETE', url: `/api/time-log/${uuid}`, headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(await runningOf(user.id)).toHaveLength(0);
  });

  it('does not write when a paused timer is paused again', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    const { uuid } = (await start(user, task.uuid)).json().data;
    await runFor(db, uuid, 4);
    const paused = (await put(user, uuid, { status: 'paused' })).json().data;
    const before = await storedLog(db, uuid);
    const again = await put(user, uuid, { status: 'paused', minutes: 4 });
    expect(again.json().data).toEqual(paused);
    expect((await storedLog(db, uuid))?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });

  it('starting a timer on a todo task moves the task to in_progress', async () => {
    const user = await timerUser();
    const task = await buildTask(db, { status: 'todo' });
    await start(user, task.uuid);
    const [stored] = await db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored?.status).toBe('in_progress');
  });

  it('the database refuses a second running log for a user even past the service', async () => {
    const user = await timerUser();
    const task = await buildTask(db);
    await start(user, task.uuid);
    await expect(
      db.insert(timeLogs).values({ taskId: task.id, userId: user.id, date: '2026-11-20', status: 'running' }),
    ).rejects.toThrow();
  });
});
