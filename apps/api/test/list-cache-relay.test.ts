import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '../src/db/client';
import { bearer, buildActors, buildPlan } from './factories';
import { getTestApp } from './test-app';

type App = Awaited<ReturnType<typeof getTestApp>>['app'];

/** Polls until `read` answers `expected` (a NOTIFY arrives a few milliseconds after the commit). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 3_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last = await read();
  while (last !== expected && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

/**
 * Two app instances on one database, as two servers behind a load balancer run. Instance B is built from a fresh
 * module registry (vi.resetModules), so its in-process caches are its own, exactly as in another process: only the
 * NOTIFY relay can tell it about A's writes.
 */
describe('list caches follow writes on every instance', () => {
  let a: Awaited<ReturnType<typeof getTestApp>>;
  let b: App;
  let closeB: () => Promise<void>;
  let actors: Awaited<ReturnType<typeof buildActors>>;

  beforeAll(async () => {
    a = await getTestApp();
    actors = await buildActors(a.db);
    vi.resetModules();
    const { buildApp } = await import('../src/app');
    const { loadConfig } = await import('../src/config');
    const { db, pool } = createDb(
      String((a.db.$client as { options: { connectionString: string } }).options.connectionString),
      {
        max: 10,
      },
    );
    b = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        APP_URL: 'http://portal.test',
        SUPER_USER_EMAILS: 'super@agency.test',
      }),
      db,
      logger: false,
    });
    await b.ready();
    closeB = async () => {
      await b.close();
      await pool.end();
    };
  });
  afterAll(async () => {
    await closeB?.();
    await a.close();
  });

  it('a task written through instance A drops the large total instance B cached', async () => {
    const big = await buildPlan(a.db);
    await a.db.execute(
      sql`insert into tasks (title, project_id) select 'Bulk ' || i, ${big.id} from generate_series(1, 10000) as i`,
    );
    const url = `/api/tasks?filters[project]=${big.uuid}&page[size]=1`;
    const totalOnB = async () =>
      (await b.inject({ url, headers: bearer(actors.admin.token) })).json().meta.total as number;
    expect(await totalOnB()).toBe(10_000);

    // A row written behind both instances' backs: B keeps answering its cached total.
    await a.db.execute(sql`insert into tasks (title, project_id) values ('Sneaked in', ${big.id})`);
    expect(await totalOnB()).toBe(10_000);

    const created = await a.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Through instance A', project_id: big.uuid },
    });
    expect(created.statusCode).toBe(200);
    expect(await eventually(totalOnB, 10_002)).toBe(10_002);
  });

  it('a job write announced on one instance drops the caches of the others', async () => {
    const big = await buildPlan(a.db);
    await a.db.execute(
      sql`insert into tasks (title, project_id) select 'Bulk ' || i, ${big.id} from generate_series(1, 10000) as i`,
    );
    const url = `/api/tasks?filters[project]=${big.uuid}&page[size]=1`;
    const totalOnB = async () =>
      (await b.inject({ url, headers: bearer(actors.admin.token) })).json().meta.total as number;
    expect(await totalOnB()).toBe(10_000);
    await a.db.execute(sql`insert into tasks (title, project_id) values ('From a job', ${big.id})`);
    // The recurrence job announces its tasks this way after its commit (it has no request and no event bus).
    const { announceListWrite } = await import('../src/events/list-cache-relay');
    await announceListWrite(a.db, ['tasks']);
    expect(await eventually(totalOnB, 10_001)).toBe(10_001);
  });
});
