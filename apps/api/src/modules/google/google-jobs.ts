import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { syncTaskEverywhere, syncUserCalendar } from './google-sync';

export const GOOGLE_SYNC_QUEUE = 'google-calendar-sync';

export type GoogleSyncJob = { taskUuid: string } | { userId: number };
type Send = (job: GoogleSyncJob) => Promise<unknown>;

let send: Send | null = null;

/** Queues a sync; without a running job queue (tests, scripts) nothing is queued and callers run the sync directly. */
export async function queueGoogleSync(job: GoogleSyncJob, log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
  await send?.(job).catch((error: unknown) => log.error({ err: error }, 'google sync enqueue failed'));
}

export function runGoogleSync(ctx: AppContext, job: GoogleSyncJob): Promise<void> {
  return 'taskUuid' in job ? syncTaskEverywhere(ctx, job.taskUuid) : syncUserCalendar(ctx, job.userId);
}

/**
 * One job per changed task (and one per person whose settings changed). A failed job (Google down, a 5xx, a
 * revoked token) is retried with backoff: 1, 2, 4, 8, 16 minutes. Retries are safe: event ids are derived from the
 * person and the task, so a retry updates what an earlier try created.
 */
export async function scheduleGoogleJobs(boss: PgBoss, app: { ctx: AppContext; log: FastifyBaseLogger }) {
  await boss.createQueue(GOOGLE_SYNC_QUEUE);
  await boss.work<GoogleSyncJob>(GOOGLE_SYNC_QUEUE, async ([job]) => {
    if (job) {
      await runGoogleSync(app.ctx, job.data);
    }
  });
  send = (job) => boss.send(GOOGLE_SYNC_QUEUE, job, { retryLimit: 5, retryDelay: 60, retryBackoff: true });
}
