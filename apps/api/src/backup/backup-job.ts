import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { AppConfig } from '../config';
import type { JobLog } from '../job-options';
import { createBackup } from './backup';
import { BackupError } from './pg-tools';

export const BACKUP_QUEUE = 'daily-backup';
const DAILY_SUFFIX = '-daily';
const DAILY = /^agency-portal-\d{8}-\d{6}-daily\.tar\.gz$/;

/** Deletes the oldest daily archives beyond `keep` (names sort by time); archives made by hand are never touched. */
export async function pruneDailyBackups(dir: string, keep: number): Promise<string[]> {
  const daily = (await readdir(dir)).filter((name) => DAILY.test(name)).sort();
  const old = daily.slice(0, Math.max(0, daily.length - keep));
  for (const name of old) {
    await rm(path.join(dir, name), { force: true });
  }
  return old;
}

/** One daily run: an archive into DATA_DIR/backups, then the oldest beyond BACKUP_KEEP go. */
export async function runDailyBackup(config: AppConfig, log: JobLog, now = new Date()) {
  const { file, manifest } = await createBackup(config, { suffix: DAILY_SUFFIX, now });
  const removed = await pruneDailyBackups(path.dirname(file), config.backup.keep);
  log.info({ file, files: manifest.files.length, removed: removed.length }, 'daily backup written');
  return { file, removed };
}

/**
 * The daily backup of an embedded database at BACKUP_HOUR in the agency's time zone. Off with DATABASE_URL (the
 * operator's database has the operator's backups) and with BACKUP_KEEP=0. pg-boss sends a cron job once per slot
 * whatever the number of instances, and the queue's singleton policy lets one run at a time; an embedded database
 * has one instance anyway. A failure is logged and retried by pg-boss; the previous archives stay.
 */
export async function scheduleDailyBackup(boss: PgBoss, config: AppConfig, log: JobLog): Promise<void> {
  if (config.databaseUrl || config.backup.keep === 0) {
    await boss.unschedule(BACKUP_QUEUE).catch(() => undefined);
    return;
  }
  await boss.createQueue(BACKUP_QUEUE, { name: BACKUP_QUEUE, policy: 'singleton', retryLimit: 2, retryDelay: 600 });
  await boss.schedule(BACKUP_QUEUE, `0 ${config.backup.hour} * * *`, {}, { tz: config.agencyTimeZone });
  await boss.work(BACKUP_QUEUE, async () => {
    try {
      await runDailyBackup(config, log);
    } catch (error) {
      log.error({ err: error }, 'daily backup failed');
      // A refusal (no database, a busy server's recycled WAL) is logged; only other failures are retried.
      if (!(error instanceof BackupError)) {
        throw error;
      }
    }
  });
}
