import type PgBoss from 'pg-boss';
import type { JobOptions } from '../../job-options';
import { todayIn } from './calendar';
import { createDueOccurrences } from './recurrence';

export const RECURRENCE_QUEUE = 'task-recurrence';

/**
 * The recurrence job runs hourly in the agency's time zone and once at start-up, so occurrences due while the server
 * was down are created.
 */
export async function scheduleRecurrence(boss: PgBoss, options: JobOptions) {
  await boss.createQueue(RECURRENCE_QUEUE);
  await boss.schedule(RECURRENCE_QUEUE, '0 * * * *', {}, { tz: options.timeZone });
  await boss.work(RECURRENCE_QUEUE, async () => {
    const created = await createDueOccurrences(options.db, todayIn(options.timeZone));
    if (created) {
      options.log.info({ created }, 'recurring task occurrences created');
    }
  });
  await boss.send(RECURRENCE_QUEUE, {});
}
