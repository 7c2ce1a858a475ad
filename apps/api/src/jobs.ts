import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { scheduleDailyBackup } from './backup';
import type { AppContext } from './context';
import type { JobOptions } from './job-options';
import { scheduleMetaSync } from './modules/advertising';
import { scheduleBillingJobs } from './modules/billing';
import { scheduleCommentDelivery } from './modules/comments/scheduled-comments-job';
import { schedulePlanCredits } from './modules/credits/credit-job';
import { scheduleGoogleJobs } from './modules/google';
import { scheduleOnboardingDaily } from './modules/onboarding/onboarding-job';
import { schedulePostJobs } from './modules/posts';
import { scheduleRequestDueReminders } from './modules/requests/due-date-job';
import { scheduleRequestTemperature } from './modules/requests/temperature-job';
import { scheduleRecurrence } from './modules/tasks/recurrence-job';
import { scheduleUploadJobs } from './modules/uploads/uploads-jobs';
import { scheduleWebhookJobs } from './modules/webhooks';
import { traceJobs } from './ops';

/**
 * Background jobs on our own Postgres (pg-boss, schema pgboss). Each module schedules its own queues here; this is
 * only where they are started together and stopped together. Answers how to stop them, in two steps for the drain
 * (main.ts): `stop` ends the workers gracefully, a running job waited for up to `timeoutMs` and one still running then
 * failed back to its queue, to be retried (here or on another instance) within its retry limit; sending stays open,
 * so a request answered during the rest of the drain still queues its job for another instance. `close` then
 * releases pg-boss's connections.
 */
export async function startJobs(
  options: JobOptions & { connectionString: string; app?: { ctx: AppContext; log: FastifyBaseLogger } },
): Promise<{ stop: (timeoutMs?: number) => Promise<void>; close: () => Promise<void> }> {
  const boss = new PgBoss({ connectionString: options.connectionString, max: 2 });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  // Before any queue is registered: every worker's batches become spans when tracing is on (ops/tracing.ts).
  traceJobs(boss as unknown as Parameters<typeof traceJobs>[0]);
  // Instances starting together (compose up, a scale-out) each create the same queues; pg-boss's createQueue run
  // at the same moment by two of them deadlocks and one start fails (test/topology). One instance at a time here.
  const lock = new pg.Client({ connectionString: options.connectionString });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', ['portal:start-jobs']);
    await scheduleAll(boss, options);
  } finally {
    await lock.end();
  }
  return {
    stop: (timeoutMs = 30_000) => boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false }),
    // pg-boss's own pool (typed as its minimal Db, which does not list the close it has).
    close: async () => {
      await (boss.getDb() as { close?: () => Promise<void> }).close?.();
    },
  };
}

async function scheduleAll(
  boss: PgBoss,
  options: JobOptions & { app?: { ctx: AppContext; log: FastifyBaseLogger } },
): Promise<void> {
  await boss.start();
  await scheduleRecurrence(boss, options);
  await scheduleRequestTemperature(boss, options);
  if (options.app) {
    // Jobs that notify people need the app's mailer and push delivery.
    await scheduleCommentDelivery(boss, options.app, options.timeZone);
    await scheduleUploadJobs(boss, options.app, options.timeZone);
    await schedulePlanCredits(boss, options.app, options.timeZone);
    await scheduleRequestDueReminders(boss, options.app, options.timeZone);
    await scheduleWebhookJobs(boss, options.app, options.timeZone);
    await scheduleOnboardingDaily(boss, options.app, options.timeZone);
    await scheduleGoogleJobs(boss, options.app);
    await scheduleDailyBackup(boss, options.app.ctx.config, options.log);
    await scheduleBillingJobs(boss, options.app, options.timeZone);
    await schedulePostJobs(boss, options.app, options.timeZone);
    await scheduleMetaSync(boss, options.app);
  }
}
