import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { jobLogger } from '../../job-options';
import { removeOrphanUploads } from './cleanup-job';
import { buildZip, type MassDownloadJob, setMassDownloadSender } from './mass-download';

export const ORPHAN_UPLOADS_QUEUE = 'uploads-orphans';
export const MASS_DOWNLOAD_QUEUE = 'uploads-mass-download';

/** Hourly orphan cleanup (and once at start-up) and the mass-download zip worker. */
export async function scheduleUploadJobs(
  boss: PgBoss,
  app: { ctx: AppContext; log: FastifyBaseLogger },
  timeZone: string,
) {
  await boss.createQueue(ORPHAN_UPLOADS_QUEUE);
  await boss.schedule(ORPHAN_UPLOADS_QUEUE, '15 * * * *', {}, { tz: timeZone });
  await boss.work(ORPHAN_UPLOADS_QUEUE, async () => {
    const removed = await removeOrphanUploads(app.ctx);
    if (removed) {
      app.log.info({ removed }, 'orphan uploads removed');
    }
  });
  await boss.send(ORPHAN_UPLOADS_QUEUE, {});

  await boss.createQueue(MASS_DOWNLOAD_QUEUE);
  await boss.work<MassDownloadJob>(MASS_DOWNLOAD_QUEUE, async ([job]) => {
    if (job) {
      const log = jobLogger(app.log, job.data);
      const uuid = await buildZip(app.ctx, job.data, log);
      log.info({ job: MASS_DOWNLOAD_QUEUE, upload: uuid }, 'mass download zip ready');
    }
  });
  setMassDownloadSender((job) => boss.send(MASS_DOWNLOAD_QUEUE, job, { retryLimit: 2 }));
}
