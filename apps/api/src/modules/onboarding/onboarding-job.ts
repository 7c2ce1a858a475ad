import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { runOnboardingDaily } from './reminders';

export const ONBOARDING_DAILY_QUEUE = 'onboarding-daily';

/**
 * Daily at 09:00 in the agency's time zone (and once at start-up, in case the instance was down then): stuck
 * notices and client reminders. Reruns notify and remind nobody twice (reminders.ts).
 */
export async function scheduleOnboardingDaily(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(ONBOARDING_DAILY_QUEUE);
  await boss.schedule(ONBOARDING_DAILY_QUEUE, '0 9 * * *', {}, { tz: timeZone });
  await boss.work(ONBOARDING_DAILY_QUEUE, async () => {
    const run = await runOnboardingDaily(app.ctx, app.log);
    if (run.stuck || run.reminded) {
      app.log.info(run, 'onboarding daily run');
    }
  });
  await boss.send(ONBOARDING_DAILY_QUEUE, {});
}
