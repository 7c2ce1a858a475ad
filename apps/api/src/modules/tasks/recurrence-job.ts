import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { scheduleRequestTemperature } from '../requests/temperature-job';
import { todayIn } from './calendar';
import { createDueOccurrences } from './recurrence';

export const RECURRENCE_QUEUE = 'task-recurrence';

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Background jobs on our own Postgres (pg-boss, schema pgboss): the recurrence job runs hourly in the agency's
 * time zone and once at start-up, so occurrences due while the server was down are created. Answers the stop.
 */
export async function startJobs(options: {
  connectionString: string;
  db: Database;
  timeZone: string;
  log: Log;
}): Promise<() => Promise<void>> {
  const boss = new PgBoss({ connectionString: options.connectionString, max: 2 });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(RECURRENCE_QUEUE);
  await boss.schedule(RECURRENCE_QUEUE, '0 * * * *', {}, { tz: options.timeZone });
  await boss.work(RECURRENCE_QUEUE, async () => {
    const created = await createDueOccurrences(options.db, todayIn(options.timeZone));
    if (created) {
      options.log.info({ created }, 'recurring task occurrences created');
    }
  });
  await boss.send(RECURRENCE_QUEUE, {});
  await scheduleRequestTemperature(boss, options);
  return () => boss.stop({ graceful: true, wait: true });
}
