import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../test/factories';
import { getTestApp, type TestApp } from '../../test/test-app';
import { startJobs } from '../jobs';
import { hasRedis, startRedis } from '../live/test-support';
import { PDF_BYTES, startStorage, uploadClient } from '../modules/uploads/test-helpers';

/** The app's log lines as written (pino JSON on a stream this test holds), parsed. */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

const METRICS_TOKEN = 'metrics-token-for-the-ops-test-0123456789';
let app: TestApp;
let close: () => Promise<void>;
let stopStorage: () => Promise<void>;
let jobs: Awaited<ReturnType<typeof startJobs>>;
let dbUrl = '';
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  const storage = await startStorage('local');
  stopStorage = storage.stop;
  const built = await getTestApp({
    // Every mass download goes through the job queue, so a request starts a job.
    env: { ...storage.env, METRICS_TOKEN, MASS_DOWNLOAD_AT_ONCE_MAX_BYTES: '0' },
    logger: { level: 'info', stream: sink },
  });
  ({ app, close, url: dbUrl } = built);
  actors = await buildActors(built.db);
  jobs = await startJobs({ connectionString: built.url, db: built.db, timeZone: 'UTC', log: app.log, app });
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await jobs.close();
  await close();
  await stopStorage();
});

const requestLines = (reqId: string) => lines.filter((line) => line.reqId === reqId && line.msg === 'request');

describe('request logs', () => {
  it('writes exactly one line per request, with route pattern, status, time, request id and user id, never a body', async () => {
    const reqId = 'ops-test-one-line';
    const secretTitle = 'A title that must never reach the log';
    const res = await app.inject({
      method: 'POST',
      url: '/api/tasks?note=also-not-logged',
      headers: { ...bearer(actors.admin.token), 'x-request-id': reqId },
      payload: { title: secretTitle },
    });
    expect(res.statusCode).toBe(422);
    const mine = lines.filter((line) => line.reqId === reqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'POST',
      route: '/api/tasks',
      status: 422,
      userId: actors.admin.id,
    });
    expect(typeof mine[0]?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(secretTitle);
    expect(JSON.stringify(lines)).not.toContain('also-not-logged');
    expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
  });

  it('names the route pattern, not the URL, and no user when nobody is signed in', async () => {
    const reqId = 'ops-test-pattern';
    await app.inject({ url: '/api/tasks/00000000-0000-0000-0000-000000000000', headers: { 'x-request-id': reqId } });
    expect(requestLines(reqId)).toEqual([expect.objectContaining({ route: '/api/tasks/:uuid', status: 401 })]);
    expect(requestLines(reqId)[0]).not.toHaveProperty('userId');
  });

  it("keeps a proxy's request id, and replaces one that is not a short plain token", async () => {
    const kept = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'haproxy-7f3a.21' } });
    expect(kept.headers['x-request-id']).toBe('haproxy-7f3a.21');
    const forged = await app.inject({ url: '/api/health', headers: { 'x-request-id': `${'x'.repeat(200)}` } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines(String(forged.headers['x-request-id']))).toHaveLength(1);
  });

  it('logs the job a request started with that request id', async () => {
    const plan = await buildPlan(app.ctx.db, { projectManagerId: actors.manager.id });
    const file = await uploadClient(app).upload(actors.manager.token, 'brief.pdf', PDF_BYTES);
    const task = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.manager.token),
      payload: { title: 'Has a file', project_id: plan.uuid, uploads: [file] },
    });
    expect(task.statusCode, task.body).toBe(200);
    const reqId = 'ops-test-job';
    const res = await app.inject({
      method: 'POST',
      url: '/api/tasks/mass-download',
      headers: { ...bearer(actors.manager.token), 'x-request-id': reqId },
      payload: { full_download: true, task_ids: [task.json().data.uuid] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // pg-boss polls its queue every 2 s.
    for (let waited = 0; waited < 15_000; waited += 100) {
      if (lines.some((line) => line.msg === 'mass download zip ready')) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lines.filter((line) => line.msg === 'mass download zip ready')).toEqual([
      expect.objectContaining({ reqId, job: 'uploads-mass-download' }),
    ]);
  }, 30_000);
});

describe('readiness', () => {
  it('is ready with the database up and migrations applied, and answers 503 naming only the check while draining', async () => {
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', failing: [] });
    const drainingApp = await getTestApp();
    try {
      drainingApp.app.ops.drain.start();
      const draining = await drainingApp.app.inject({ url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'failing', failing: ['draining'] });
    } finally {
      await drainingApp.close();
    }
  });
});

describe('readiness with Redis', () => {
  it.skipIf(!hasRedis)('is ready while Redis answers and names redis as failing while it does not', async () => {
    const redis = await startRedis();
    const withRedis = await getTestApp({ env: { REDIS_URL: redis.url } });
    const admin = createClient({ url: redis.url });
    await admin.connect();
    try {
      const up = await withRedis.app.inject({ url: '/api/ready' });
      expect(up.json()).toEqual({ status: 'ok', failing: [] });
      // Redis stops answering every client for 3 s (longer than the check's 2 s), then answers again.
      await admin.sendCommand(['CLIENT', 'PAUSE', '3000', 'ALL']);
      const down = await withRedis.app.inject({ url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'failing', failing: ['redis'] });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await withRedis.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await admin.quit();
      await withRedis.close();
      await redis.stop();
    }
  });
});

describe('metrics', () => {
  it('refuses a scrape without the token or with another one', async () => {
    expect((await app.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ url: '/api/metrics', headers: bearer(`${METRICS_TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('exposes request durations by route and status, the pool, event-loop lag, sockets, documents, jobs and e-mails', async () => {
    for (let i = 0; i < 3; i++) {
      await app.inject({ url: '/api/user', headers: bearer(actors.admin.token) });
    }
    await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: actors.admin.email } });
    // A queue nobody works: one job waiting, one failed.
    const boss = new PgBoss({ connectionString: dbUrl, max: 1 });
    await boss.start();
    try {
      await boss.createQueue('ops-test');
      await boss.send('ops-test', {});
      const failed = await boss.send('ops-test', {}, { retryLimit: 0 });
      await boss.fail('ops-test', failed ?? '', { reason: 'test' });
    } finally {
      await boss.stop({ graceful: false });
    }
    const res = await app.inject({ url: '/api/metrics', headers: bearer(METRICS_TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    const value = (pattern: RegExp) => Number(text.match(pattern)?.[1] ?? Number.NaN);
    expect(
      value(/^http_request_duration_seconds_count\{method="GET",route="\/api\/user",status_code="200"\} (\d+)$/m),
    ).toBe(3);
    expect(value(/^portal_pg_pool_connections\{state="total"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(value(/^nodejs_eventloop_lag_seconds (\S+)$/m)).toBeGreaterThanOrEqual(0);
    expect(value(/^portal_live_sockets (\d+)$/m)).toBe(0);
    expect(value(/^portal_live_rooms (\d+)$/m)).toBe(0);
    expect(value(/^portal_collab_documents_open (\d+)$/m)).toBe(0);
    expect(value(/^portal_jobs\{queue="ops-test",state="created"\} (\d+)$/m)).toBe(1);
    expect(value(/^portal_jobs\{queue="ops-test",state="failed"\} (\d+)$/m)).toBe(1);
    expect(value(/^portal_emails_total\{result="outbox"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE portal_pushes_total counter');
  });
});

describe('jobs during the drain', () => {
  it('still queues a job a request asks for once the workers have stopped, for another instance to run', async () => {
    await jobs.stop(1000);
    const plan = await buildPlan(app.ctx.db, { projectManagerId: actors.manager.id });
    const file = await uploadClient(app).upload(actors.manager.token, 'late.pdf', PDF_BYTES);
    const task = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.manager.token),
      payload: { title: 'Asked for while draining', project_id: plan.uuid, uploads: [file] },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/tasks/mass-download',
      headers: { ...bearer(actors.manager.token), 'x-request-id': 'ops-test-draining' },
      payload: { full_download: true, task_ids: [task.json().data.uuid] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const queued = await app.ctx.db.execute<{ count: number }>(
      sql`select count(*)::int as count from pgboss.job
          where name = 'uploads-mass-download' and state = 'created' and data->>'reqId' = 'ops-test-draining'`,
    );
    expect(queued.rows[0]?.count).toBe(1);
  });
});
