import { MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { activityLogs, tasks, timeLogs } from '../../db/schema';
import { buildTask, storedLog } from './test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

type Actor = 'admin' | 'manager' | 'freelancer';
/** Tasks on plans the freelancer is a member of, so all three actors see them. */
const newTask = (overrides: Parameters<typeof buildTask>[1] = {}) => buildTask(db, overrides, [actors.freelancer.id]);
const post = (payload: object, as: Actor = 'admin') =>
  app.inject({ method: 'POST', url: '/api/time-log', headers: bearer(actors[as].token), payload });
const put = (uuid: string, payload: object, as: Actor = 'admin') =>
  app.inject({ method: 'PUT', url: `/api/time-log/${uuid}`, headers: bearer(actors[as].token), payload });
const del = (uuid: string, as: Actor = 'admin') =>
  app.inject({ method: 'DELETE', url: `/api/time-log/${uuid}`, headers: bearer(actors[as].token) });
const get = (url: string, as: Actor = 'admin') => app.inject({ url, headers: bearer(actors[as].token) });
const entry = (taskUuid: string, extra: object = {}) => ({
  task_id: taskUuid,
  date: '2026-11-20',
  minutes: 30,
  description: 'Design review',
  status: 'completed',
  ...extra,
});

describe('POST /api/time-log (time entries)', () => {
  it('adds a completed entry for the caller and answers the §3 time log', async () => {
    const task = await newTask({ status: 'in_progress' });
    const res = await post(entry(task.uuid, { ref_token: 'client-1' }), 'manager');
    expect(res.statusCode).toBe(200);
    const log = res.json().data;
    expect(log).toMatchObject({
      task: { uuid: task.uuid, title: task.title },
      request_id: null,
      user: { uuid: actors.manager.uuid },
      date: '2026-11-20',
      minutes: 30,
      started_at: null,
      description: 'Design review',
      status: 'completed',
      source: 'task',
      source_uuid: task.uuid,
      elapsed_minutes: 30,
      // The plan's default category (billable unless the plan says otherwise).
      category: 'billable',
      abilities: { update: true, delete: true },
    });
    expect(log.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(await storedLog(db, log.uuid)).toMatchObject({ refToken: 'client-1', createdById: actors.manager.id });
  });

  it("refuses zero time with 'Time should be bigger than 00:00' on minutes", async () => {
    const task = await newTask();
    const res = await post(entry(task.uuid, { minutes: 0 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ minutes: [MESSAGES.timeAboveZero] });
    const paused = await post(entry(task.uuid, { minutes: 0, status: 'paused' }));
    expect(paused.json().errors).toEqual({ minutes: [MESSAGES.timeAboveZero] });
    expect(await db.select().from(timeLogs).where(eq(timeLogs.taskId, task.id))).toHaveLength(0);
  });

  it('requires the date (YYYY-MM-DD), the task and, for an entry, the description', async () => {
    const task = await newTask();
    const noDate = await post({ task_id: task.uuid, minutes: 10, description: 'x' });
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().errors.date).toEqual([MESSAGES.required]);
    const usDate = await post(entry(task.uuid, { date: '11/20/2026' }));
    expect(usDate.statusCode).toBe(422);
    expect(Object.keys(usDate.json().errors)).toEqual(['date']);
    const noTask = await post({ date: '2026-11-20', minutes: 10, description: 'x' });
    expect(noTask.json().errors.task_id).toEqual([MESSAGES.required]);
    const noDescription = await post(entry(task.uuid, { description: '   ' }));
    expect(noDescription.statusCode).toBe(422);
    expect(noDescription.json().errors).toEqual({ description: [MESSAGES.required] });
  });

  it('answers 404 for an unknown task and for a task on another person’s personal plan', async () => {
    expect((await post(entry(UNKNOWN))).statusCode).toBe(404);
    const owner = await buildUser(db);
    const personal = await buildPlan(db, { kind: 'personal', projectManagerId: owner.id, customerId: null });
    const task = await newTask({ projectId: personal.id });
    expect((await post(entry(task.uuid), 'manager')).statusCode).toBe(404);
  });

  it('answers 404 to a freelancer logging on a task they cannot see', async () => {
    const hidden = await buildTask(db);
    expect((await post(entry(hidden.uuid), 'freelancer')).statusCode).toBe(404);
    expect((await get(`/api/tasks/${hidden.uuid}/time-logs`, 'freelancer')).statusCode).toBe(404);
  });

  it('moves a todo task to in_progress in the same call and records it in the task history', async () => {
    const task = await newTask({ status: 'todo' });
    expect((await post(entry(task.uuid))).statusCode).toBe(200);
    const [stored] = await db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored?.status).toBe('in_progress');
    const history = await db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.subjectType, 'task'), eq(activityLogs.subjectId, task.id)));
    expect(history).toMatchObject([
      { action: 'update', authorId: actors.admin.id, changes: { status: { added: 'in_progress', removed: 'todo' } } },
    ]);
  });

  it('allows logging on completed and cancelled tasks without changing their status', async () => {
    for (const status of ['completed', 'cancelled'] as const) {
      const task = await newTask({ status });
      expect((await post(entry(task.uuid))).statusCode).toBe(200);
      const [stored] = await db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(stored?.status).toBe(status);
    }
  });

  it('logs for another user only with TIMELOG_FOR_OTHERS', async () => {
    const task = await newTask();
    const forOther = await post(entry(task.uuid, { user_id: actors.freelancer.uuid }), 'admin');
    expect(forOther.statusCode).toBe(200);
    expect(forOther.json().data.user.uuid).toBe(actors.freelancer.uuid);
    const withoutPermission = await buildUser(db, { permissions: ['TIMELOG_CREATE', 'TIMELOG_READ'] });
    const denied = await app.inject({
      method: 'POST',
      url: '/api/time-log',
      headers: bearer(withoutPermission.token),
      payload: entry(task.uuid, { user_id: actors.manager.uuid }),
    });
    expect(denied.statusCode).toBe(403);
    const freelancer = await post(entry(task.uuid, { user_id: actors.manager.uuid }), 'freelancer');
    expect(freelancer.statusCode).toBe(403);
    // Naming oneself needs nothing extra.
    expect((await post(entry(task.uuid, { user_id: actors.freelancer.uuid }), 'freelancer')).statusCode).toBe(200);
  });

  it('refuses a user who cannot log time (client contact or unknown) with a field error', async () => {
    const task = await newTask();
    for (const user of [actors.contact.uuid, UNKNOWN]) {
      const res = await post(entry(task.uuid, { user_id: user }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ user_id: [MESSAGES.required] });
    }
  });

  it('never answers 500 for malformed input', async () => {
    const task = await newTask();
    const bodies: unknown[] = [
      {},
      [],
      'text',
      { task_id: 'nope', date: 'x' },
      entry(task.uuid, { minutes: -1 }),
      entry(task.uuid, { minutes: 1.5 }),
      entry(task.uuid, { minutes: '00:30' }),
      entry(task.uuid, { minutes: 10 ** 12 }),
      entry(task.uuid, { status: 'stopped' }),
      entry(task.uuid, { date: '2026-02-31' }),
      entry(task.uuid, { started_at: 'yesterday' }),
      entry(task.uuid, { description: 'x'.repeat(6000) }),
      entry(task.uuid, { user_id: 42 }),
    ];
    for (const payload of bodies) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/time-log',
        headers: { ...bearer(actors.admin.token), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const badPut = await put('not-a-uuid', { minutes: 'x' });
    expect(badPut.statusCode).toBe(422);
    const badList = await get('/api/time-log?filters[status][]=stopped&page[size]=0&filters[date][x]=1');
    expect(badList.statusCode).toBe(422);
  });
});

describe('PUT and DELETE /api/time-log/{uuid}', () => {
  it('edits an entry (typed minutes replace a completed log’s) and keeps the ref_token', async () => {
    const task = await newTask();
    const { uuid } = (await post(entry(task.uuid), 'manager')).json().data;
    const res = await put(uuid, { minutes: 20, date: '2026-11-19', description: 'Less', ref_token: 'r2' }, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ minutes: 20, date: '2026-11-19', description: 'Less' });
    expect(await storedLog(db, uuid)).toMatchObject({ refToken: 'r2' });
  });

  it('refuses to bring a completed entry to 00:00 or to clear its description', async () => {
    const task = await newTask();
    const { uuid } = (await post(entry(task.uuid))).json().data;
    expect((await put(uuid, { minutes: 0 })).json().errors).toEqual({ minutes: [MESSAGES.timeAboveZero] });
    expect((await put(uuid, { description: '' })).json().errors).toEqual({ description: [MESSAGES.required] });
    expect(await storedLog(db, uuid)).toMatchObject({ minutes: 30, description: 'Design review' });
  });

  it('does not save an unchanged log: no write, same answer', async () => {
    const task = await newTask();
    const created = (await post(entry(task.uuid))).json().data;
    const before = await storedLog(db, created.uuid);
    const res = await put(created.uuid, {
      minutes: 30,
      date: '2026-11-20',
      description: 'Design review',
      status: 'completed',
      ref_token: 'other-client',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(created);
    const after = await storedLog(db, created.uuid);
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
    expect(after?.refToken).toBe(before?.refToken);
  });

  it('lets only the owner or a holder of TIMELOG_FOR_OTHERS edit or delete', async () => {
    const task = await newTask();
    const { uuid } = (await post(entry(task.uuid), 'manager')).json().data;
    const colleague = await buildUser(db, { permissions: ['TIMELOG_READ', 'TIMELOG_UPDATE', 'TIMELOG_DESTROY'] });
    const asColleague = bearer(colleague.token);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/time-log/${uuid}`,
      headers: asColleague,
      payload: { minutes: 5 },
    });
    expect(edit.statusCode).toBe(403);
    const remove = await app.inject({ method: 'DELETE', url: `/api/time-log/${uuid}`, headers: asColleague });
    expect(remove.statusCode).toBe(403);
    // The colleague sees the log, with abilities saying so.
    const listed = await app.inject({ url: `/api/tasks/${task.uuid}/time-logs`, headers: asColleague });
    expect(listed.json().data[0].abilities).toEqual({ update: false, delete: false });
    expect((await put(uuid, { minutes: 45 }, 'admin')).statusCode).toBe(200);
    expect((await del(uuid, 'admin')).json()).toEqual({ message: MESSAGES.deleted });
    expect(await storedLog(db, uuid)).toBeUndefined();
  });

  it('never lets a freelancer edit or delete a time log, even their own (403)', async () => {
    const task = await newTask();
    const own = (await post(entry(task.uuid), 'freelancer')).json().data;
    expect(own.abilities).toEqual({ update: false, delete: false });
    expect((await put(own.uuid, { minutes: 5 }, 'freelancer')).statusCode).toBe(403);
    expect((await del(own.uuid, 'freelancer')).statusCode).toBe(403);
    expect(await storedLog(db, own.uuid)).toMatchObject({ minutes: 30 });
  });

  it('lets a freelancer run their own timer (pause, resume, complete) but not touch it once completed', async () => {
    const task = await newTask();
    const timer = (
      await post({ task_id: task.uuid, date: entry(task.uuid).date, status: 'running' }, 'freelancer')
    ).json().data;
    expect(timer.status).toBe('running');
    const paused = await put(timer.uuid, { status: 'paused' }, 'freelancer');
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.status).toBe('paused');
    expect((await put(timer.uuid, { status: 'running' }, 'freelancer')).json().data.status).toBe('running');
    const done = await put(
      timer.uuid,
      { status: 'completed', minutes: 20, description: 'Cut the teaser' },
      'freelancer',
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'completed', minutes: 20 });
    expect((await put(timer.uuid, { minutes: 90 }, 'freelancer')).statusCode).toBe(403);
    expect((await del(timer.uuid, 'freelancer')).statusCode).toBe(403);
  });

  it("does not let a freelancer run someone else's timer", async () => {
    const task = await newTask();
    const timer = (await post({ task_id: task.uuid, date: entry(task.uuid).date, status: 'running' }, 'manager')).json()
      .data;
    expect((await put(timer.uuid, { status: 'paused' }, 'freelancer')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown log', async () => {
    expect((await put(UNKNOWN, { minutes: 5 })).statusCode).toBe(404);
    expect((await del(UNKNOWN)).statusCode).toBe(404);
  });
});

describe('reading time logs', () => {
  it("lists a task's logs newest date first with the '{n} timelogs found' count in meta.total", async () => {
    const task = await newTask();
    await post(entry(task.uuid, { date: '2026-11-18' }), 'admin');
    await post(entry(task.uuid, { date: '2026-11-20' }), 'manager');
    await post(entry(task.uuid, { date: '2026-11-19' }), 'freelancer');
    const res = await get(`/api/tasks/${task.uuid}/time-logs?page[size]=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total: 3, current_page: 1, last_page: 2, per_page: 2 });
    expect(res.json().data.map((l: { date: string }) => l.date)).toEqual(['2026-11-20', '2026-11-19']);
    // Freelancers read only their own logs.
    const asFreelancer = await get(`/api/tasks/${task.uuid}/time-logs`, 'freelancer');
    expect(asFreelancer.json().meta.total).toBe(1);
    expect((await get(`/api/tasks/${UNKNOWN}/time-logs`)).statusCode).toBe(404);
  });

  it('filters by users, statuses, task and date range (the active-timers dropdown)', async () => {
    const task = await newTask();
    const other = await newTask();
    const user = await buildUser(db, { permissions: ['TIMELOG_READ', 'TIMELOG_CREATE', 'TIMELOG_UPDATE'] });
    const as = bearer(user.token);
    const send = (payload: object) => app.inject({ method: 'POST', url: '/api/time-log', headers: as, payload });
    await send(entry(task.uuid, { date: '2026-11-02' }));
    await send({ task_id: other.uuid, date: '2026-11-03', status: 'paused', minutes: 12 });
    await send({ task_id: task.uuid, date: '2026-11-04', status: 'running' });
    const active = await get(
      `/api/time-log?filters[user.uuid][]=${user.uuid}&filters[status][]=running&filters[status][]=paused`,
    );
    expect(active.json().data.map((l: { status: string; task: { uuid: string } }) => [l.status, l.task.uuid])).toEqual([
      ['running', task.uuid],
      ['paused', other.uuid],
    ]);
    const byTask = await get(`/api/time-log?filters[user.uuid]=${user.uuid}&filters[task.uuid]=${task.uuid}`);
    expect(byTask.json().meta.total).toBe(2);
    const range = await get(
      `/api/time-log?filters[user.uuid][]=${user.uuid}&filters[date][greater_than_or_equals]=2026-11-03&filters[date][less_than_or_equals]=2026-11-03`,
    );
    expect(range.json().data.map((l: { date: string }) => l.date)).toEqual(['2026-11-03']);
  });

  it('shows freelancers only their own logs, whatever user filter they send', async () => {
    const task = await newTask();
    await post(entry(task.uuid), 'manager');
    const res = await get(`/api/time-log?filters[user.uuid][]=${actors.manager.uuid}`, 'freelancer');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    const own = await get('/api/time-log', 'freelancer');
    expect(own.json().data.every((l: { user: { uuid: string } }) => l.user.uuid === actors.freelancer.uuid)).toBe(true);
  });

  it('totals completed minutes of a task for one user and for everyone', async () => {
    const task = await newTask();
    await post(entry(task.uuid, { minutes: 30 }), 'manager');
    await post(entry(task.uuid, { minutes: 15 }), 'manager');
    await post(entry(task.uuid, { minutes: 60 }), 'admin');
    await post({ task_id: task.uuid, date: '2026-11-20', status: 'paused', minutes: 99 }, 'manager');
    const res = await get(`/api/project-tasks/${task.uuid}/time-logs/${actors.manager.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sum_user_completed: 45, sum_completed: 105 } });
    const none = await get(`/api/project-tasks/${task.uuid}/time-logs/${actors.freelancer.uuid}`, 'freelancer');
    expect(none.json().data).toEqual({ sum_user_completed: 0, sum_completed: 105 });
    expect(
      (await get(`/api/project-tasks/${task.uuid}/time-logs/${actors.manager.uuid}`, 'freelancer')).statusCode,
    ).toBe(403);
    expect((await get(`/api/project-tasks/${task.uuid}/time-logs/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await get(`/api/project-tasks/${UNKNOWN}/time-logs/${actors.manager.uuid}`)).statusCode).toBe(404);
  });
});
