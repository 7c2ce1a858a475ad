import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { attemptDelivery, runDueDeliveries, setWebhookQueue } from './webhook-delivery';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-deliveries';
export const WEBHOOK_SWEEP_QUEUE = 'webhook-sweep';

/**
 * Each delivery try is one job (sent at once after commit, and after its backoff delay when it failed); a sweep
 * every minute (and at start-up) sends whatever is due and was not queued: a crash between commit and send, or the
 * deliveries a paused webhook held until it was resumed. The claim in attemptDelivery keeps the two from both
 * sending one delivery.
 */
export async function scheduleWebhookJobs(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE);
  await boss.work<{ deliveryId: number }>(WEBHOOK_DELIVERY_QUEUE, async ([job]) => {
    if (job) {
      await attemptDelivery(app.ctx, job.data.deliveryId, app.log);
    }
  });
  setWebhookQueue((deliveryId, delaySeconds) =>
    boss.send(WEBHOOK_DELIVERY_QUEUE, { deliveryId }, delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
  );
  await boss.createQueue(WEBHOOK_SWEEP_QUEUE);
  await boss.schedule(WEBHOOK_SWEEP_QUEUE, '* * * * *', {}, { tz: timeZone });
  await boss.work(WEBHOOK_SWEEP_QUEUE, async () => {
    await runDueDeliveries(app.ctx, app.log);
  });
  await boss.send(WEBHOOK_SWEEP_QUEUE, {});
}
