import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { MIGRATIONS_DIR } from '../db/migrate';
import { writeArchive } from './archive';
import { migrationLevel, openDatabaseSource, rowCounts, serverMajor, withClient } from './database-source';
import { findPgTool, runTool, toolConnection } from './pg-tools';

export const ARCHIVE_FORMAT = 'agency-portal-backup';
export const DUMP_NAME = 'database.dump';
export const KEY_NAME = 'app-key';
export const UPLOADS_PREFIX = 'uploads/';

export type BackupManifest = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  migrations: { applied: number; latest: string | null };
  database: {
    source: 'embedded' | 'DATABASE_URL';
    serverMajor: number;
    pgDumpMajor: number;
    pgDump: string;
    rowCounts: Record<string, number>;
  };
  uploads: { storage: 'local'; note?: undefined } | { storage: 's3'; note: string };
  /** True when the key that opens the database's sealed secrets (DATA_DIR/.app-key) is inside: keep it like one. */
  secretBearing: boolean;
  appKey: 'included' | 'APP_KEY (not included: restore with the same APP_KEY)' | 'none yet';
  files: { path: string; size: number; sha256: string }[];
};

export function readJournal(): { tag: string }[] {
  return (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
  ).entries;
}

async function listFiles(root: string, prefix = ''): Promise<string[]> {
  if (!existsSync(root)) {
    return [];
  }
  const out: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      out.push(...(await listFiles(path.join(root, entry.name), relative)));
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      // *.tmp are uploads still being received (local.ts writes then renames): not a file yet.
      out.push(relative);
    }
  }
  return out.sort();
}

export function archiveName(now: Date, suffix = ''): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `agency-portal-${stamp}${suffix}.tar.gz`;
}

/**
 * One archive of everything an installation holds: the database (pg_dump custom format, taken in one snapshot
 * whose row counts go into the manifest), the local uploads, the key file of sealed secrets, and manifest.json
 * with every member's size and sha256. Used by `npm run backup` and the daily job alike.
 */
export async function createBackup(
  config: AppConfig,
  options: { target?: string; suffix?: string; now?: Date } = {},
): Promise<{ file: string; manifest: BackupManifest }> {
  const now = options.now ?? new Date();
  const target = path.resolve(options.target ?? path.join(config.dataDir, 'backups', archiveName(now, options.suffix)));
  const source = await openDatabaseSource(config);
  await mkdir(path.dirname(target), { recursive: true });
  // The dump is staged beside the archive (same disk), never in a shared temporary folder.
  const work = await mkdtemp(path.join(path.dirname(target), '.backup-'));
  try {
    return await withClient(source.url, async (client) => {
      const major = await serverMajor(client);
      const pgDump = await findPgTool('pg_dump', major, config.backup.pgBinDir, 'the database server');
      // One snapshot for the dump and the counts: the manifest describes exactly what the dump holds.
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const counts = await rowCounts(client);
      const migrations = await migrationLevel(client, readJournal());
      const dumpFile = path.join(work, DUMP_NAME);
      const connection = toolConnection(source.url);
      await runTool(
        pgDump.bin,
        ['--format=custom', `--snapshot=${rows[0]?.id}`, `--file=${dumpFile}`, `--dbname=${connection.dbname}`],
        connection.env,
      );
      await client.query('commit');

      const entries = [{ name: DUMP_NAME, source: dumpFile }];
      const keyFile = path.join(config.dataDir, '.app-key');
      const keyIncluded = !config.appKey && existsSync(keyFile);
      if (keyIncluded) {
        entries.push({ name: KEY_NAME, source: keyFile });
      }
      if (!config.storage.s3) {
        const uploads = path.join(config.dataDir, 'uploads');
        for (const file of await listFiles(uploads)) {
          entries.push({ name: `${UPLOADS_PREFIX}${file}`, source: path.join(uploads, file) });
        }
      }
      let manifest: BackupManifest | undefined;
      await writeArchive(target, entries, (files) => {
        manifest = {
          format: ARCHIVE_FORMAT,
          formatVersion: 1,
          appVersion: config.version,
          createdAt: now.toISOString(),
          migrations,
          database: {
            source: source.embedded ? 'embedded' : 'DATABASE_URL',
            serverMajor: major,
            pgDumpMajor: pgDump.major,
            pgDump: pgDump.version,
            rowCounts: counts,
          },
          uploads: config.storage.s3
            ? {
                storage: 's3',
                note: `Files are in the S3 bucket ${config.storage.s3.bucket}, not in this archive: back the bucket up with the provider's tools (versioning or replication).`,
              }
            : { storage: 'local' },
          secretBearing: keyIncluded,
          appKey: keyIncluded
            ? 'included'
            : config.appKey
              ? 'APP_KEY (not included: restore with the same APP_KEY)'
              : 'none yet',
          files,
        };
        return manifest;
      });
      return { file: target, manifest: manifest as BackupManifest };
    });
  } finally {
    await rm(work, { recursive: true, force: true });
    await source.release();
  }
}
