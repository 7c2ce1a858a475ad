import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
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
 * The API with the demo workspace and the local storage driver on a throw-away DATA_DIR (bench uploads), in its own
 * process so its RSS is the server's alone. Reports {port} over IPC; 'stop' ends it and removes its folder.
 */
const dir = await mkdtemp(path.join(process.env.BENCH_DIR ?? tmpdir(), 'portal-bench-uploads-'));
await chmod(dir, 0o755);
const pg = process.env.DATABASE_URL
  ? null
  : await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
const url = process.env.DATABASE_URL ?? pg?.url('postgres') ?? '';
const { db, pool } = createDb(url, { max: 10 });
await runMigrations(db);
await syncPermissions(db);
await syncPlanTypes(db);
await syncRequestTypes(db);
await seedDemo(db);
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PORT: '0',
  DATA_DIR: dir,
  MAX_UPLOAD_BYTES: String(2 * 1024 * 1024 * 1024 - 1),
});
const app = await buildApp({ config, db });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
// BENCH_CPU_PROFILE=file.cpuprofile: the server's CPU profile over the whole run (open it in Chrome DevTools).
const profiler = process.env.BENCH_CPU_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });

process.on('message', async (message) => {
  if (message === 'stop') {
    if (profiler && process.env.BENCH_CPU_PROFILE) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(process.env.BENCH_CPU_PROFILE, JSON.stringify(profile));
    }
    await app.close();
    await pool.end();
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  }
});
