import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { createDb } from '../../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { freePort } from '../../apps/api/src/db/free-port';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { seedCommentTemplates } from '../../apps/api/src/modules/comments/comment-templates';
import { seedDemo } from '../../apps/api/src/seed/demo';
import { syncPermissions } from '../../apps/api/src/seed/permissions';
import { syncPlanTypes } from '../../apps/api/src/seed/plan-types';
import { syncRequestTypes } from '../../apps/api/src/seed/request-types';
import { seedScale } from '../../apps/api/src/seed/seed-scale';
import { seedScaleComments } from '../../apps/api/src/seed/seed-scale-comments';
import { seedAdsBench } from './ads-seed';
import { parentPid } from './cpu';
import { explainRecorded, recordQueries } from './explain';
import { seedFormAnswers } from './forms-seed';
import { seedOnboardingBench } from './onboarding-seed';

/**
 * The API as `npm start` runs it (production logging level, real PostgreSQL), on a throw-away database,
 * in its own process so the load generator does not share its event loop. Reports {port} over IPC.
 */
const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
await chmod(dir, 0o755);
const pg = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg'),
      port: process.env.BENCH_PG_PORT ? Number(process.env.BENCH_PG_PORT) : await freePort(),
    });
const url = process.env.DATABASE_URL ?? pg?.url('postgres') ?? '';
const { db, pool } = createDb(url, { max: 20 });
const recorder = recordQueries(pool);
await runMigrations(db);
await syncPermissions(db);
await syncPlanTypes(db);
await syncRequestTypes(db);
await seedCommentTemplates(db);
await seedDemo(db);
// SEED_SCALE=1: 2,000 clients and 10,000 plans on top of the demo workspace (bench scale).
if (process.env.SEED_SCALE === '1') {
  await seedScale(db);
}
// SEED_COMMENTS=1: a task with 2,000 comments and a manager with 10,000 notifications (bench comments).
if (process.env.SEED_COMMENTS === '1') {
  await seedScaleComments(db);
}
// SEED_FORMS=1: a 40-question form with 100,000 answers (bench forms).
if (process.env.SEED_FORMS === '1') {
  await seedFormAnswers(db);
}
// SEED_ONBOARDING=1: 2,000 clients, each with an onboarding (bench onboarding).
if (process.env.SEED_ONBOARDING === '1') {
  await seedOnboardingBench(db);
}
// SEED_ADS=1: a client with 11,112 campaigns and 90 days of figures each, ~1,000,000 ad_metrics rows (bench ads).
if (process.env.SEED_ADS === '1') {
  await seedAdsBench(pool);
}
// The share-link and public posts limits are the API's own; a bench calling them hundreds of times from 127.0.0.1 lifts them.
const formLimits = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => key.startsWith('FORM_') || key.startsWith('CALENDAR_FEED_') || key.startsWith('POSTS_PUBLIC_'),
  ),
);
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: '0', ...formLimits });
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
// The postmaster is the parent of any backend; the bench reads its CPU (and its children's) from /proc.
const backend = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
process.send?.({
  port: typeof address === 'object' && address ? address.port : 0,
  pgPid: parentPid(backend.rows[0]?.pid ?? 0),
});

process.on('message', async (message) => {
  if (message === 'explain-start') {
    recorder.start();
    process.send?.('recording');
  } else if (message === 'explain-stop') {
    process.send?.(await explainRecorded(pool, recorder.stop()));
  } else if (message === 'stop') {
    await app.close();
    await pool.end();
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
