import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { syncAllMetaAccounts } from './meta-connections';

export const META_SYNC_QUEUE = 'ad-meta-sync';

/**
 * Daily at META_SYNC_HOUR in the agency's time zone: every connected Meta ad account is synced and its outcome
 * recorded (meta-connections.ts). pg-boss sends a schedule's job once per minute whichever instances run it, and
 * the queue's singleton policy keeps one run at a time; a rerun only upserts the same days again.
 */
export async function scheduleMetaSync(boss: PgBoss, app: { ctx: AppContext; log: FastifyBaseLogger }) {
  const { config } = app.ctx;
  await boss.createQueue(META_SYNC_QUEUE, { name: META_SYNC_QUEUE, policy: 'singleton' });
  await boss.schedule(META_SYNC_QUEUE, `0 ${config.meta.syncHour} * * *`, {}, { tz: config.agencyTimeZone });
  await boss.work(META_SYNC_QUEUE, async () => {
    const run = await syncAllMetaAccounts(app.ctx);
    if (run.synced || run.failed) {
      app.log.info(run, 'Meta ad accounts synced');
    }
  });
}
