import type PgBoss from 'pg-boss';
import type { JobOptions } from '../../job-options';
import { reclassifyRequests } from './request-temperature';

export const REQUEST_TEMPERATURE_QUEUE = 'request-temperature';

/** Hourly (and once at start-up): request heat, temperature and ghosted recomputed from last_interaction_at. */
export async function scheduleRequestTemperature(boss: PgBoss, options: JobOptions) {
  await boss.createQueue(REQUEST_TEMPERATURE_QUEUE);
  await boss.schedule(REQUEST_TEMPERATURE_QUEUE, '0 * * * *', {}, { tz: options.timeZone });
  await boss.work(REQUEST_TEMPERATURE_QUEUE, async () => {
    const changed = await reclassifyRequests(options.db);
    if (changed) {
      options.log.info({ changed }, 'request temperatures updated');
    }
  });
  await boss.send(REQUEST_TEMPERATURE_QUEUE, {});
}
