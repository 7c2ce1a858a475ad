import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { notificationDelivery } from '../notifications/deliver';
import { creditPlans } from './credit-plans';

export const PLAN_CREDITS_QUEUE = 'plan-credits';

/**
 * Hourly (and once at start-up) in the agency's time zone: each plan's period credit, rollover and 80/100 % notices.
 * Hourly rather than monthly so a plan's period turns on its own start day and a notice follows the time logged
 * within the hour; reruns are free because crediting and noticing are idempotent per plan and period.
 */
export async function schedulePlanCredits(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(PLAN_CREDITS_QUEUE);
  await boss.schedule(PLAN_CREDITS_QUEUE, '7 * * * *', {}, { tz: timeZone });
  await boss.work(PLAN_CREDITS_QUEUE, async () => {
    const run = await creditPlans(app.ctx, timeZone);
    await notificationDelivery(app.ctx, app.log)(run.outgoing);
    if (run.credited) {
      app.log.info({ credited: run.credited }, 'plan periods credited');
    }
  });
  await boss.send(PLAN_CREDITS_QUEUE, {});
}
