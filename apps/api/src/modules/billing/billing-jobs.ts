import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { runOverdueNotices } from './overdue';
import { processStripeEvents, setStripeEventQueue } from './stripe-events';
import { syncOpenInvoices } from './stripe-sync';
import { setStripeSyncQueue } from './stripe-sync-queue';

export const STRIPE_EVENT_QUEUE = 'stripe-events';
export const STRIPE_SWEEP_QUEUE = 'stripe-event-sweep';
export const STRIPE_SYNC_QUEUE = 'stripe-sync';
export const OVERDUE_NOTICE_QUEUE = 'invoice-overdue-notices';

/**
 * Each received webhook event is one job (sent after its row committed); a sweep every minute applies what was not
 * queued or failed. The invoice sync runs on demand (POST billing/stripe/sync) and nightly; the overdue notices daily
 * at 09:00 in the agency's time zone (and at start-up; reruns send nothing twice).
 */
export async function scheduleBillingJobs(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(STRIPE_EVENT_QUEUE);
  await boss.work<{ id: number }>(STRIPE_EVENT_QUEUE, async ([job]) => {
    if (job) {
      await processStripeEvents(app.ctx, app.log, job.data.id);
    }
  });
  setStripeEventQueue((id) => boss.send(STRIPE_EVENT_QUEUE, { id }));
  await boss.createQueue(STRIPE_SWEEP_QUEUE);
  await boss.schedule(STRIPE_SWEEP_QUEUE, '* * * * *', {}, { tz: timeZone });
  await boss.work(STRIPE_SWEEP_QUEUE, async () => {
    await processStripeEvents(app.ctx, app.log);
  });
  await boss.createQueue(STRIPE_SYNC_QUEUE);
  await boss.schedule(STRIPE_SYNC_QUEUE, '0 5 * * *', {}, { tz: timeZone });
  await boss.work(STRIPE_SYNC_QUEUE, async () => {
    await syncOpenInvoices(app.ctx, app.log);
  });
  setStripeSyncQueue(() => boss.send(STRIPE_SYNC_QUEUE, {}, { singletonKey: 'stripe-sync' }));
  await boss.createQueue(OVERDUE_NOTICE_QUEUE);
  await boss.schedule(OVERDUE_NOTICE_QUEUE, '0 9 * * *', {}, { tz: timeZone });
  await boss.work(OVERDUE_NOTICE_QUEUE, async () => {
    const sent = await runOverdueNotices(app.ctx, app.log);
    if (sent) {
      app.log.info({ sent }, 'overdue invoice notices');
    }
  });
  await boss.send(OVERDUE_NOTICE_QUEUE, {});
}
