import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { freePort } from '../../apps/api/src/db/free-port';
import { startChild } from './child';
import { compareWithBaseline, signIn } from './latency';

/** A staff member of their own, so the figure is for exactly 5,000 tasks (the scale seed gives demo people many). */
const PERSON = 'dashboard-bench@demo.test';

/**
 * Gives a new staff member a heavy day on top of the scale seed: 5,000 tasks they are responsible for (due from three
 * weeks ago to three weeks ahead, a tenth completed), 2,000 scale tasks they follow, 300 requests they own, and
 * 50,000 history entries by someone else over the last month, some on what they are on.
 */
async function giveHeavyDay(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Signs in with the demo password and the manager's roles.
    await client.query(`
      with made as (
        insert into users (email, password_hash, status)
        select '${PERSON}', password_hash, 'active' from users where email = 'manager@demo.test'
        returning id),
      person as (
        insert into contacts (user_id, name, email, type) select id, 'Dana Bench', '${PERSON}', 'regular_user' from made
        returning user_id)
      insert into user_roles (user_id, role_id)
      select person.user_id, ur.role_id from person, user_roles ur
      where ur.user_id = (select id from users where email = 'manager@demo.test')`);
    await client.query(`
      with me as (select id from users where email = '${PERSON}'),
      plans as (select id, row_number() over (order by id) - 1 as n from projects where kind = 'other' limit 200),
      made as (
        insert into tasks (title, project_id, status, priority, end_date)
        select 'Bench task ' || g, (select id from plans where n = g % 200),
          case when g % 10 = 0 then 'completed' when g % 3 = 0 then 'in_progress' else 'todo' end,
          g % 3, current_date + (g % 43) - 21
        from generate_series(1, 5000) g
        returning id)
      insert into task_users (task_id, user_id, pivot) select made.id, me.id, 'responsible' from made, me`);
    await client.query(`
      insert into task_users (task_id, user_id, pivot)
      select t.id, (select id from users where email = '${PERSON}'), 'follower'
      from (select id from tasks where title not like 'Bench task %' order by id limit 2000) t
      on conflict do nothing`);
    await client.query(`
      insert into request_users (request_id, user_id, pivot)
      select r.id, (select id from users where email = '${PERSON}'), 'responsible'
      from (select id from requests where status in ('new', 'needs_attention', 'in_progress') order by id limit 300) r
      on conflict do nothing`);
    await client.query(`
      insert into activity_logs (subject_type, subject_id, author_id, action, changes, created_at)
      select 'task', (select min(id) from tasks) + (g * 7919) % (select count(*) from tasks),
        (select id from users where email = 'admin@demo.test'), 'update', '{"status": {}}'::jsonb,
        now() - make_interval(secs => g * 50)
      from generate_series(1, 50000) g`);
    await client.query('analyze tasks; analyze task_users; analyze request_users; analyze activity_logs');
  } finally {
    await client.end();
  }
}

/**
 * `npm run bench dashboard`: with the scale seed and a person responsible for 5,000 tasks, p50/p95/p99 of the
 * dashboard's first load (GET /api/dashboard, its one data call; issue 13 target p95 ≤ 50 ms) beside node:http
 * answering the same bytes in the same run.
 */
export async function benchDashboard(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-dashboard-'));
  await chmod(dir, 0o755);
  // Our own PostgreSQL, so this bench can add the heavy day to what the API server seeded.
  const database = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
  const url = database.url('postgres');
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1', DATABASE_URL: url });
  try {
    await giveHeavyDay(url);
    console.log(
      `\nDashboard: scale seed + a heavy day ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    );
    const base = `http://127.0.0.1:${api.port}`;
    const headers = await signIn(base, PERSON);
    const first = (await (await fetch(`${base}/api/dashboard`, { headers })).json()) as {
      data: { tasks: Record<string, { count: number }>; activity: unknown[] };
    };
    const groups = Object.entries(first.data.tasks).map(([name, group]) => `${name} ${group.count}`);
    console.log(`  ${PERSON}: ${groups.join(', ')}; ${first.data.activity.length} activity entries shown`);
    await compareWithBaseline({
      base,
      calls: [{ label: 'GET /api/dashboard (a person with 5,000 tasks)', path: '/api/dashboard', goal: 50 }],
      headers,
      samples: Number(process.env.BENCH_SAMPLES ?? 300),
      warmUp: 30,
    });
  } finally {
    await api.stop();
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
