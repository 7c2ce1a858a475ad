import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { createDb } from '../../apps/api/src/db/client';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { freePort } from '../../apps/api/src/db/free-port';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { seedDemo } from '../../apps/api/src/seed/demo';
import { syncPermissions } from '../../apps/api/src/seed/permissions';
import { syncPlanTypes } from '../../apps/api/src/seed/plan-types';
import { syncRequestTypes } from '../../apps/api/src/seed/request-types';

/**
 * One app instance for `npm run bench live`, in its own process. Without DATABASE_URL it starts a throw-away
 * PostgreSQL and seeds the demo workspace, and reports its URL so a second instance (DATABASE_URL, no seed) can
 * share it; REDIS_URL joins them. Answers 'memory' with its heap and RSS after a full GC.
 */
const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-live-'));
await chmod(dir, 0o755);
const pg = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
const url = process.env.DATABASE_URL ?? pg?.url('postgres') ?? '';
const { db, pool } = createDb(url, { max: 20 });
// Every instance migrates at start, as main.ts does (an advisory lock makes the second one wait and skip).
await runMigrations(db);
if (!process.env.DATABASE_URL) {
  await syncPermissions(db);
  await syncPlanTypes(db);
  await syncRequestTypes(db);
  await seedDemo(db);
}
const env: Record<string, string> = { NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: '0' };
if (process.env.REDIS_URL) {
  env.REDIS_URL = process.env.REDIS_URL;
}
const app = await buildApp({ config: loadConfig(env), db });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0, databaseUrl: url });

process.on('message', async (message) => {
  if (message === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    process.send?.({ heapUsed, rss, sockets: app.realtime.live.io.of('/').sockets.size });
  } else if (message === 'stop') {
    await app.close();
    await pool.end();
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
