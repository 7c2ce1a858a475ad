import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { readStartedAt } from './started-at';
import { buildTask } from './test-helpers';

describe('readStartedAt', () => {
  it("reads 'YYYY-MM-DD HH:mm:ss' as wall-clock time in the agency's zone, across daylight saving", () => {
    expect(readStartedAt('2026-01-15 09:30:00', 'America/New_York')?.toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(readStartedAt('2026-07-15 09:30:00', 'America/New_York')?.toISOString()).toBe('2026-07-15T13:30:00.000Z');
    expect(readStartedAt('2026-07-15 09:30:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-15T07:30:00.000Z');
    // 02:30 does not exist on 2026-03-08 in New York (clocks jump 02:00 → 03:00): it moves forward by the gap.
    expect(readStartedAt('2026-03-08 02:30:00', 'America/New_York')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  it('keeps the offset an ISO 8601 time carries, and passes null and absence through', () => {
    expect(readStartedAt('2026-01-15T09:30:00-05:00', 'Europe/Berlin')?.toISOString()).toBe('2026-01-15T14:30:00.000Z');
    expect(readStartedAt(null, 'UTC')).toBeNull();
    expect(readStartedAt(undefined, 'UTC')).toBeUndefined();
  });
});

describe('started_at on time-log writes (doc 1 §9, doc 2 §9)', () => {
  let app: TestApp;
  let close: () => Promise<void>;
  let db: Awaited<ReturnType<typeof getTestApp>>['db'];
  let actors: Awaited<ReturnType<typeof buildActors>>;
  beforeAll(async () => {
    ({ app, close, db } = await getTestApp({ env: { AGENCY_TIME_ZONE: 'America/New_York' } }));
    actors = await buildActors(db);
  });
  afterAll(() => close());

  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/time-log', headers: bearer(actors.admin.token), payload });
  const entry = (taskUuid: string, extra: object) => ({
    task_id: taskUuid,
    date: '2026-11-20',
    minutes: 30,
    description: 'Design review',
    status: 'completed',
    ...extra,
  });

  it("accepts the spec's 'YYYY-MM-DD HH:mm:ss' on an entry and records it in the agency's zone", async () => {
    const task = await buildTask(db, { status: 'in_progress' });
    const res = await post(entry(task.uuid, { started_at: '2026-11-20 09:15:00' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.started_at).toBe('2026-11-20T14:15:00.000Z');

    // An edit that does not name a start keeps it; one that does replaces it (ISO accepted too).
    const uuid = res.json().data.uuid;
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/time-log/${uuid}`, headers: bearer(actors.admin.token), payload });
    expect((await put({ minutes: 45 })).json().data.started_at).toBe('2026-11-20T14:15:00.000Z');
    expect((await put({ started_at: '2026-11-20T10:00:00-05:00' })).json().data.started_at).toBe(
      '2026-11-20T15:00:00.000Z',
    );
  });

  it('refuses an impossible or malformed start with a 422 naming the accepted forms', async () => {
    const task = await buildTask(db, { status: 'in_progress' });
    for (const started_at of ['2026-02-30 10:00:00', '2026-11-20 24:00:00', '20/11/2026 09:15', 'yesterday']) {
      const res = await post(entry(task.uuid, { started_at }));
      expect(res.statusCode, started_at).toBe(422);
      expect(res.json().errors.started_at).toEqual(['The start must be YYYY-MM-DD HH:mm:ss or an ISO 8601 date-time']);
    }
  });

  it("starts a running timer at the server's clock whatever start is sent", async () => {
    const task = await buildTask(db, { status: 'in_progress' });
    const before = Date.now();
    const res = await post(entry(task.uuid, { status: 'running', minutes: 0, started_at: '2020-01-01 00:00:00' }));
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().data.started_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('documents both forms and the zone in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json();
    const body = doc.paths['/api/time-log'].post.requestBody.content['application/json'].schema;
    const startedAt = JSON.stringify(body.properties?.started_at ?? body);
    expect(startedAt).toContain('YYYY-MM-DD HH:mm:ss');
    expect(startedAt).toContain('AGENCY_TIME_ZONE');
  });
});
