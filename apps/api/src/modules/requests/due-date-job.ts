import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { notificationDelivery } from '../notifications/deliver';
import { remindDueRequests } from './due-reminders';

export const REQUEST_DUE_QUEUE = 'request-due-tomorrow';

/**
 * Daily at 08:00 in the agency's time zone (and once at start-up, in case the instance was down at 08:00): the
 * responsible people of requests delivered tomorrow are reminded. Reruns remind nobody twice (due-reminders.ts).
 */
export async function scheduleRequestDueReminders(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(REQUEST_DUE_QUEUE);
  await boss.schedule(REQUEST_DUE_QUEUE, '0 8 * * *', {}, { tz: timeZone });
  await boss.work(REQUEST_DUE_QUEUE, async () => {
    const run = await remindDueRequests(app.ctx, timeZone);
    await notificationDelivery(app.ctx, app.log)(run.outgoing);
    if (run.reminded) {
      app.log.info({ reminded: run.reminded }, 'requests due tomorrow reminded');
    }
  });
  await boss.send(REQUEST_DUE_QUEUE, {});
}
