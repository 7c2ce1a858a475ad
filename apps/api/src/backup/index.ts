/** Backups (docs/ARCHITECTURE.md "Backups"): the one implementation behind `npm run backup`/`restore` and the daily job. */
export { type BackupManifest, createBackup } from './backup';
export { BACKUP_QUEUE, pruneDailyBackups, runDailyBackup, scheduleDailyBackup } from './backup-job';
export { BackupError } from './pg-tools';
export { restoreBackup } from './restore';
