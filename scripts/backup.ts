import { createBackup } from '../apps/api/src/backup';
import { loadConfig } from '../apps/api/src/config';
import { runCommand } from './backup-command';

/**
 * `npm run backup [-- FILE]`: one archive of the database, the local uploads and the key file of sealed secrets
 * (docs/ARCHITECTURE.md "Backups"); by default into DATA_DIR/backups. Uses the same configuration as the server.
 */
await runCommand(async () => {
  const config = loadConfig();
  const target = process.argv[2];
  const { file, manifest } = await createBackup(config, target ? { target } : {});
  const rows = Object.values(manifest.database.rowCounts).reduce((sum, n) => sum + n, 0);
  process.stdout.write(
    `Backup written: ${file}\n  ${Object.keys(manifest.database.rowCounts).length} tables, ${rows} rows, ` +
      `${manifest.files.length} files, migration ${manifest.migrations.latest}\n` +
      (manifest.database.method === 'physical'
        ? `  The database is a file copy of the embedded PostgreSQL ${manifest.database.serverMajor} cluster (no pg_dump ${manifest.database.serverMajor} is installed): it restores into an empty DATA_DIR with the same embedded PostgreSQL.\n`
        : `  The database is a pg_dump (${manifest.database.pgDump}).\n`) +
      (manifest.secretBearing
        ? '  It holds the key to the sealed secrets (.app-key) or the database passwords: keep it as safe as the key.\n'
        : '') +
      (manifest.uploads.storage === 's3' ? `  ${manifest.uploads.note}\n` : ''),
  );
});
