import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import type { requests } from '../../db/schema';
import { buildTask, runFor, storedLog } from '../time-logs/test-helpers';
import { buildRequest, storedRequest } from './relation-test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Database;
let actors: Awaited<ReturnType<typeof buildActors>>;
let planId: number;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DATE = '2026-11-20';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
  planId = (await buildPlan(db, { members: [actors.freelancer.id] })).id;
});
afterAll(() => close());

type Actor = 'admin' | 'manager' | 'freelancer';
const newRequest = (values: Omit<Partial<typeof requests.$inferInsert>, 'projectId'> = {}) =>
  buildRequest(db, { projectId: planId, status: 'in_progress', ...values });
const post = (payload: object, as: Actor = 'admin') =>
  app.inject({ method: 'POST', url: '/api/time-log', headers: bearer(actors[as].token), payload });
const put = (uuid: string, payload: object, as: Actor = 'admin') =>
  app.inject({ method: 'PUT', url: `/api/time-log/${uuid}`, headers: bearer(actors[as].token), payload });
const del = (uuid: string, as: Actor = 'admin') =>
  app.inject({ method: 'DELETE', url: `/api/time-log/${uuid}`, headers: bearer(actors[as].token) });
const get = (url: string, as: Actor = 'admin') => app.inject({ url, headers: bearer(actors[as].token) });
const entry = (requestUuid: string, extra: object = {}) => ({
  request_id: requestUuid,
  date: DATE,
  minutes: 30,
  status: 'completed',
  ...extra,
});
const timeSpent = async (id: number) => (await storedRequest(db, id)).timeSpent;

describe('POST /api/time-log with request_id', () => {
  it('logs time on a request: source request, its uuid, and time_spent in the same write', async () => {
    const request = await newRequest();
    const res = await post(entry(request.uuid, { description: 'Kick-off call' }), 'manager');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      task: null,
      request: { uuid: request.uuid, subject: request.subject },
      request_id: request.uuid,
      source: 'request',
      source_uuid: request.uuid,
      minutes: 30,
      description: 'Kick-off call',
      status: 'completed',
      user: { uuid: actors.manager.uuid },
    });
    const stored = await storedRequest(db, request.id);
    expect(stored.timeSpent).toBe(30);
    // Time counts as interaction for the request's temperature.
    expect(stored.lastInteractionAt).not.toBeNull();
  });

  it('takes a request entry without a description (required for task logs only)', async () => {
    const request = await newRequest();
    expect((await post(entry(request.uuid))).statusCode).toBe(200);
    expect((await post(entry(request.uuid, { minutes: 0 }))).json().errors).toEqual({
      minutes: [MESSAGES.timeAboveZero],
    });
  });

  it('needs exactly one source: a task or a request', async () => {
    const request = await newRequest();
    const task = await buildTask(db, { projectId: planId });
    const both = await post(entry(request.uuid, { task_id: task.uuid, description: 'x' }));
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ request_id: [MESSAGES.oneTimeLogSource] });
    const neither = await post({ date: DATE, minutes: 10, description: 'x' });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors).toEqual({ task_id: [MESSAGES.required] });
    expect((await post(entry(UNKNOWN))).statusCode).toBe(404);
  });

  it('answers malformed input with 422, never 500', async () => {
    for (const payload of [
      { request_id: 'nope', date: DATE, minutes: 5 },
      { request_id: 12, date: DATE, minutes: 5 },
      { request_id: null, task_id: null, date: DATE },
      { request_id: [UNKNOWN], date: DATE },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await get('/api/requests/nope/time-logs')).statusCode).toBe(422);
    expect((await get(`/api/requests/${UNKNOWN}/time-logs?page[size]=abc`)).statusCode).toBe(422);
  });

  it("refuses a freelancer's log on a request they cannot see (404)", async () => {
    const elsewhere = await buildRequest(db, { projectId: (await buildPlan(db)).id });
    expect((await post(entry(elsewhere.uuid), 'freelancer')).statusCode).toBe(404);
  });
});

describe('requests.time_spent follows every write', () => {
  it('adds on create, follows edits and deletes, and ignores open timers until completed', async () => {
    const request = await newRequest();
    const first = (await post(entry(request.uuid, { minutes: 30 }))).json().data;
    await post(entry(request.uuid, { minutes: 15 }), 'manager');
    expect(await timeSpent(request.id)).toBe(45);

    expect((await put(first.uuid, { minutes: 20 })).statusCode).toBe(200);
    expect(await timeSpent(request.id)).toBe(35);

    const timer = (await post({ request_id: request.uuid, date: DATE, status: 'running' })).json().data;
    expect(timer).toMatchObject({ status: 'running', source: 'request' });
    await runFor(db, timer.uuid, 12);
    expect((await put(timer.uuid, { status: 'paused' })).json().data.minutes).toBe(12);
    expect(await timeSpent(request.id)).toBe(35);
    expect((await put(timer.uuid, { status: 'completed' })).json().data.status).toBe('completed');
    expect(await timeSpent(request.id)).toBe(47);

    expect((await del(first.uuid)).statusCode).toBe(200);
    expect(await timeSpent(request.id)).toBe(27);
    // Back to an open state: completed time no longer counts it.
    expect((await put(timer.uuid, { status: 'paused' })).statusCode).toBe(200);
    expect(await timeSpent(request.id)).toBe(15);
  });
});

describe('request timers and freelancers', () => {
  it('keeps one running timer per user across tasks and requests', async () => {
    const request = await newRequest();
    const task = await buildTask(db, { projectId: planId, status: 'in_progress' });
    const onTask = (await post({ task_id: task.uuid, date: DATE, status: 'running' }, 'manager')).json().data;
    await runFor(db, onTask.uuid, 5);
    const onRequest = (await post({ request_id: request.uuid, date: DATE, status: 'running' }, 'manager')).json().data;
    expect(onRequest.status).toBe('running');
    expect(await storedLog(db, onTask.uuid)).toMatchObject({ status: 'paused', minutes: 5 });
    // A second start on the same request answers the running log.
    const again = (await post({ request_id: request.uuid, date: DATE, status: 'running' }, 'manager')).json().data;
    expect(again.uuid).toBe(onRequest.uuid);

    const active = await get(
      `/api/time-log?filters[user.uuid][]=${actors.manager.uuid}&filters[status][]=running&filters[status][]=paused`,
      'manager',
    );
    const byUuid = new Map(active.json().data.map((l: { uuid: string }) => [l.uuid, l]));
    expect(byUuid.get(onRequest.uuid)).toMatchObject({ source: 'request', request: { uuid: request.uuid } });
    expect(byUuid.get(onTask.uuid)).toMatchObject({ source: 'task', task: { uuid: task.uuid } });
  });

  it('lets a freelancer run their own request timer but never edit or delete a completed log (403)', async () => {
    const request = await newRequest();
    const timer = (await post({ request_id: request.uuid, date: DATE, status: 'running' }, 'freelancer')).json().data;
    expect(timer.status).toBe('running');
    expect((await put(timer.uuid, { status: 'paused' }, 'freelancer')).statusCode).toBe(200);
    const done = await put(timer.uuid, { status: 'completed', minutes: 25 }, 'freelancer');
    expect(done.statusCode).toBe(200);
    expect(await timeSpent(request.id)).toBe(25);
    expect((await put(timer.uuid, { minutes: 90 }, 'freelancer')).statusCode).toBe(403);
    expect((await del(timer.uuid, 'freelancer')).statusCode).toBe(403);
    const own = (await post(entry(request.uuid), 'freelancer')).json().data;
    expect(own.abilities).toEqual({ update: false, delete: false });
    expect((await del(own.uuid, 'freelancer')).statusCode).toBe(403);
    expect(await timeSpent(request.id)).toBe(55);
  });
});

describe('GET /api/requests/{uuid}/time-logs (the Timelogs tab)', () => {
  it("lists the request's logs newest date first with the '{n} timelogs found' total", async () => {
    const request = await newRequest();
    await post(entry(request.uuid, { date: '2026-11-18', description: 'Brief' }), 'admin');
    await post(entry(request.uuid, { date: '2026-11-20' }), 'manager');
    await post(entry(request.uuid, { date: '2026-11-19' }), 'freelancer');
    const res = await get(`/api/requests/${request.uuid}/time-logs?page[size]=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ total: 3, current_page: 1, last_page: 2, per_page: 2 });
    expect(res.json().data.map((l: { date: string }) => l.date)).toEqual(['2026-11-20', '2026-11-19']);
    expect(res.json().data[0]).toMatchObject({
      minutes: 30,
      user: { uuid: actors.manager.uuid },
      source: 'request',
      created_at: expect.any(String),
    });
    // Freelancers read only their own logs.
    const own = await get(`/api/requests/${request.uuid}/time-logs`, 'freelancer');
    expect(own.json().meta.total).toBe(1);
    expect((await get(`/api/requests/${UNKNOWN}/time-logs`)).statusCode).toBe(404);
  });
});
