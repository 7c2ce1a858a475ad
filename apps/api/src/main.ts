import { buildApp } from './app';
import { loadConfig } from './config';
import { createDb } from './db/client';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrate';
import { startJobs } from './jobs';
import { seedCommentTemplates } from './modules/comments/comment-templates';
import { startTracing } from './ops/tracing';
import { SecretBox } from './secret-box';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, hasAnyUser, seedDemo } from './seed/demo';
import { syncPermissions } from './seed/permissions';
import { syncPlanTypes } from './seed/plan-types';
import { syncRequestTypes } from './seed/request-types';

const startedAt = performance.now();
const config = loadConfig();
const say = (message: string) => process.stdout.write(`${message}\n`);

let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase(config, say);
} catch (error) {
  process.stderr.write(`\nAgency Portal could not start its database:\n${(error as Error).message}\n\n`);
  process.exit(1);
}

// Before anything connects, so every query of the app is traced when tracing is on.
const tracing = startTracing(config.tracing && { ...config.tracing, version: config.version });
const { db, pool } = createDb(handle.url, { max: 20 });
await runMigrations(db, { lockTimeoutMs: config.migrationLockTimeoutMs });
await syncPermissions(db);
await syncPlanTypes(db);
await syncRequestTypes(db);
await seedCommentTemplates(db);
// The demo workspace goes only into an embedded database that has no accounts yet; an external DATABASE_URL is
// seeded on request (npm run seed:demo).
const demoOnboarding = {
  secrets: new SecretBox({ appKey: config.appKey, dataDir: config.dataDir }),
  appUrl: config.appUrl,
};
const seeded = handle.embedded && !(await hasAnyUser(db)) ? await seedDemo(db, demoOnboarding) : false;

const app = await buildApp({ config, db });
// Jobs start once the server answers (below): pg-boss's own start-up is not something a request waits for.
let jobs = { stop: async (_timeoutMs?: number) => {}, close: async () => {} };

let stopping = false;
/**
 * The drain (docs/ARCHITECTURE.md, "Running in production"): /api/ready turns 503 at once and, for DRAIN_DELAY_MS,
 * requests are still served while the proxy notices; then running jobs finish or go back to their queue, no new
 * connection is taken, in-flight requests finish (cut at DRAIN_TIMEOUT_MS), sockets are told to reconnect elsewhere
 * and open documents are stored (app.close's preClose, live/index.ts), and the pool closes.
 */
async function shutdown(signal: string) {
  if (stopping) {
    return;
  }
  stopping = true;
  const { delayMs, timeoutMs } = config.drain;
  app.log.info({ signal, delayMs, timeoutMs }, 'draining');
  app.ops.drain.start();
  if (delayMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  // Jobs first, while the app's services (storage, mailer, outbound client) are all still there for them; requests
  // go on being served meanwhile. Both stages share the one DRAIN_TIMEOUT_MS.
  const deadline = Date.now() + timeoutMs;
  await jobs.stop(timeoutMs);
  const cut = setTimeout(
    () => {
      app.log.warn('drain timeout: cutting the connections still open');
      app.server.closeAllConnections();
    },
    Math.max(deadline - Date.now(), 1000),
  );
  await app.close();
  clearTimeout(cut);
  await jobs.close();
  await pool.end();
  await handle.stop();
  // The last batch of spans (the drain's own requests and jobs) goes to the collector before exiting.
  await tracing?.stop();
  app.log.info('drained');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  process.stderr.write(
    code === 'EADDRINUSE'
      ? `\nPort ${config.port} is already in use. Is Agency Portal already running? Set PORT to use another port.\n\n`
      : `\nAgency Portal could not start: ${(error as Error).message}\n\n`,
  );
  await pool.end();
  await handle.stop();
  process.exit(1);
}
jobs = await startJobs({
  connectionString: handle.url,
  db,
  timeZone: config.agencyTimeZone,
  log: app.log,
  app,
});

const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
say('');
say(`  Agency Portal ${config.version} is running at ${config.appUrl}  (ready in ${seconds}s)`);
say(
  `  Database: ${handle.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}${seeded ? ' (demo workspace seeded)' : ''}`,
);
if (handle.embedded) {
  say('  Demo accounts (password for all):');
  for (const account of DEMO_ACCOUNTS) {
    say(`    ${account.email.padEnd(22)} ${account.type.padEnd(13)} ${DEMO_PASSWORD}`);
  }
}
say(`  API docs: ${config.appUrl}/api/docs`);
say('');
