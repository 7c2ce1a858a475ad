import { restoreBackup } from '../apps/api/src/backup';
import { loadConfig } from '../apps/api/src/config';
import { runCommand } from './backup-command';

/**
 * `npm run restore -- FILE`: into an empty DATA_DIR (embedded database) or the empty database of DATABASE_URL.
 * The archive is verified whole before anything is written (docs/ARCHITECTURE.md "Backups").
 */
await runCommand(async () => {
  const file = process.argv[2];
  if (!file) {
    throw new Error('Usage: npm run restore -- FILE');
  }
  const config = loadConfig();
  const manifest = await restoreBackup(config, file, (message) => process.stdout.write(`${message}\n`));
  process.stdout.write(
    `Restored the backup of ${manifest.createdAt} (Agency Portal ${manifest.appVersion}, migration ` +
      `${manifest.migrations.latest}) into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}. Start it with npm start.\n`,
  );
});
