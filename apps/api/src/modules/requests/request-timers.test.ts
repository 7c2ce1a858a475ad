import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { buildTask, runFor, storedLog } from '../time-logs/test-helpers';
import { buildRequest, storedRequest } from './relation-test-helpers';

/**
 * Timers on requests (doc 2 §1) are the task timers' model: start, pause, resume, and Stop — one PUT status
 * completed that ends the timer and saves its entry — under one running timer per person across tasks and requests.
 */

let app: TestApp;
let close: () => Promise<void>;
let db: Database;
let actors: Awaited<ReturnType<typeof buildActors>>;
let planId: number;
const DATE = '2026-11-20';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
  planId = (await buildPlan(db, { members: [actors.freelancer.id] })).id;
});
afterAll(() => close());

const headers = () => bearer(actors.manager.token);
const startOn = (source: { request_id: string } | { task_id: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/time-log',
    headers: headers(),
    payload: { ...source, date: DATE, status: 'running', minutes: 0 },
  });
const put = (uuid: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/time-log/${uuid}`, headers: headers(), payload });
const activeTimers = async () =>
  (
    await app.inject({
      url: `/api/time-log?filters[user.uuid][]=${actors.manager.uuid}&filters[status][]=running&filters[status][]=paused`,
      headers: headers(),
    })
  ).json().data as { uuid: string; status: string }[];

describe('request timers', () => {
  it('start, pause with the accumulated minutes, resume, and Stop saves the entry with its time', async () => {
    const request = await buildRequest(db, { projectId: planId, status: 'in_progress' });
    const started = await startOn({ request_id: request.uuid });
    expect(started.statusCode, started.body).toBe(200);
    const timer = started.json().data;
    expect(timer).toMatchObject({ status: 'running', source: 'request', request: { uuid: request.uuid } });

    await runFor(db, timer.uuid, 12);
    expect((await put(timer.uuid, { status: 'paused' })).json().data).toMatchObject({ status: 'paused', minutes: 12 });
    expect((await put(timer.uuid, { status: 'running' })).json().data).toMatchObject({ status: 'running' });
    await runFor(db, timer.uuid, 3);

    // Stop: the timer's minutes as the client saw them (less than the server's clock here); the server keeps the greater.
    const stopped = await put(timer.uuid, { status: 'completed', minutes: 14, date: DATE, description: '' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toMatchObject({ status: 'completed', minutes: 15 });
    expect(await storedLog(db, timer.uuid)).toMatchObject({ status: 'completed', minutes: 15, startedAt: null });
    expect((await storedRequest(db, request.id)).timeSpent).toBe(15);
    expect((await activeTimers()).map((t) => t.uuid)).not.toContain(timer.uuid);
  });

  it('starting a request timer pauses a running task timer, and the reverse', async () => {
    const request = await buildRequest(db, { projectId: planId, status: 'in_progress' });
    const task = await buildTask(db, { projectId: planId, status: 'in_progress' });
    const onTask = (await startOn({ task_id: task.uuid })).json().data;
    await runFor(db, onTask.uuid, 4);
    const onRequest = (await startOn({ request_id: request.uuid })).json().data;
    expect(await storedLog(db, onTask.uuid)).toMatchObject({ status: 'paused', minutes: 4 });
    await runFor(db, onRequest.uuid, 6);

    const resumed = await put(onTask.uuid, { status: 'running' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await storedLog(db, onRequest.uuid)).toMatchObject({ status: 'paused', minutes: 6 });
    const running = (await activeTimers()).filter((t) => t.status === 'running');
    expect(running.map((t) => t.uuid)).toEqual([onTask.uuid]);
  });

  it("Stop on a task timer needs its description ('This field is required'), and with one saves the entry", async () => {
    const task = await buildTask(db, { projectId: planId, status: 'in_progress' });
    const timer = (await startOn({ task_id: task.uuid })).json().data;
    await runFor(db, timer.uuid, 20);
    const refused = await put(timer.uuid, { status: 'completed', minutes: 20, date: DATE, description: ' ' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ description: [MESSAGES.required] });
    expect(await storedLog(db, timer.uuid)).toMatchObject({ status: 'running' });

    const saved = await put(timer.uuid, { status: 'completed', minutes: 20, date: DATE, description: 'Wireframes' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await storedLog(db, timer.uuid)).toMatchObject({
      status: 'completed',
      minutes: 20,
      description: 'Wireframes',
    });
  });

  it('Stop on a paused request timer saves the paused minutes', async () => {
    const request = await buildRequest(db, { projectId: planId, status: 'in_progress' });
    const timer = (await startOn({ request_id: request.uuid })).json().data;
    await runFor(db, timer.uuid, 9);
    await put(timer.uuid, { status: 'paused' });
    const stopped = await put(timer.uuid, { status: 'completed', minutes: 9, date: DATE });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect((await storedRequest(db, request.id)).timeSpent).toBe(9);
  });
});
