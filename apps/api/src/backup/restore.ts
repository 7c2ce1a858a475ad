import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { credentialsFile } from '../db/credentials';
import { openDatabase } from '../db/database';
import { type ArchivedFile, extractArchive } from './archive';
import { ARCHIVE_FORMAT, type BackupManifest, CREDENTIALS_NAME, DUMP_NAME, KEY_NAME, UPLOADS_PREFIX } from './backup';
import { rowCounts, withClient } from './database-source';
import { BackupError, findPgTool, runTool, toolConnection } from './pg-tools';
import { embeddedServerMajor, prepareRestoredCluster } from './physical-copy';

const NOTHING = 'Nothing was restored.';

async function isEmptyDir(dir: string): Promise<boolean> {
  return !existsSync(dir) || (await readdir(dir)).length === 0;
}

/** Every member the manifest lists is there with its size and sha256, and nothing else is. */
function checkMembers(file: string, manifest: BackupManifest, found: Map<string, ArchivedFile>): void {
  const problems: string[] = [];
  for (const expected of manifest.files) {
    const actual = found.get(expected.path);
    if (!actual) {
      problems.push(`${expected.path} is missing`);
    } else if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
      problems.push(`${expected.path} does not match its checksum`);
    }
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const name of found.keys()) {
    if (name !== 'manifest.json' && !listed.has(name)) {
      problems.push(`${name} is not in the manifest`);
    }
  }
  if (problems.length) {
    throw new BackupError(`The backup ${file} is damaged: ${problems.slice(0, 5).join('; ')}. ${NOTHING}`);
  }
}

async function readManifest(file: string, staging: string, found: Map<string, ArchivedFile>) {
  if (!found.has('manifest.json')) {
    throw new BackupError(`The backup ${file} has no manifest.json: it is not an Agency Portal backup. ${NOTHING}`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`The backup ${file} has an unreadable manifest.json. ${NOTHING}`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || manifest.formatVersion !== 1 || !Array.isArray(manifest.files)) {
    throw new BackupError(`The backup ${file} is not an Agency Portal backup this version can read. ${NOTHING}`);
  }
  return manifest;
}

/** The target must hold nothing the restore would overwrite; checked before anything is written. */
async function checkTarget(config: AppConfig, manifest: BackupManifest): Promise<void> {
  const hasUploads = manifest.files.some((f) => f.path.startsWith(UPLOADS_PREFIX));
  if (hasUploads && config.storage.s3) {
    throw new BackupError(`The backup holds local uploads, but S3_BUCKET is set: unset it to restore them. ${NOTHING}`);
  }
  if (manifest.appKey === 'included' && config.appKey) {
    throw new BackupError(
      `The backup's secrets are sealed with the key file it carries, but APP_KEY is set and would win: unset APP_KEY. ${NOTHING}`,
    );
  }
  if (manifest.appKey.startsWith('APP_KEY') && !config.appKey) {
    throw new BackupError(`The backup's secrets are sealed under an APP_KEY: set the same APP_KEY. ${NOTHING}`);
  }
  if (!config.databaseUrl) {
    if (!(await isEmptyDir(config.dataDir))) {
      throw new BackupError(
        `The data directory ${config.dataDir} is not empty: restore needs an empty one (set DATA_DIR to a new folder). ${NOTHING}`,
      );
    }
    return;
  }
  const tables = await withClient(config.databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]?.n);
  });
  if (tables > 0) {
    throw new BackupError(
      `The database at DATABASE_URL already has ${tables} tables: restore needs an empty database (create a new one). ${NOTHING}`,
    );
  }
  const localLeftovers = [path.join(config.dataDir, 'uploads'), path.join(config.dataDir, '.app-key')];
  for (const leftover of localLeftovers) {
    if (existsSync(leftover) && !(await isEmptyDir(leftover).catch(() => false))) {
      throw new BackupError(`${leftover} already exists: restore needs an empty DATA_DIR. ${NOTHING}`);
    }
  }
}

/**
 * The statements pg_restore runs, less COMMENT ON EXTENSION: only the extension's owner (a superuser) may write
 * them, and the app restores as its own, non-superuser role.
 */
async function restoreList(pgRestore: string, dump: string, staging: string): Promise<string> {
  const list = await runTool(pgRestore, ['--list', dump], process.env);
  const file = path.join(staging, 'restore.list');
  await writeFile(file, list.replace(/^.*COMMENT - EXTENSION .*$/gm, ''));
  return file;
}

/** A pg_dump archive: readable by a pg_restore new enough, into an empty database (embedded or DATABASE_URL). */
async function restoreDump(
  config: AppConfig,
  manifest: BackupManifest,
  file: string,
  staging: string,
  log: (message: string) => void,
): Promise<void> {
  const pgRestore = await findPgTool(
    'pg_restore',
    manifest.database.pgDumpMajor ?? manifest.database.serverMajor,
    config.backup.pgBinDir,
    "the backup's pg_dump",
  );
  const dump = path.join(staging, DUMP_NAME);
  const list = await restoreList(pgRestore.bin, dump, staging).catch((error: Error) => {
    throw new BackupError(`The backup ${file} has an unreadable database dump (${error.message}). ${NOTHING}`);
  });
  await checkTarget(config, manifest);

  log('Restoring the database…');
  const database = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => undefined }
    : await openDatabase(config, log);
  try {
    const connection = toolConnection(database.url);
    await runTool(
      pgRestore.bin,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--use-list=${list}`,
        `--dbname=${connection.dbname}`,
        dump,
      ],
      connection.env,
    );
    const counts = await withClient(database.url, rowCounts);
    const differing = Object.entries(manifest.database.rowCounts).filter(([table, n]) => counts[table] !== n);
    if (differing.length) {
      throw new BackupError(
        `The restored database differs from the backup's manifest in ${differing.map(([t]) => t).join(', ')}.`,
      );
    }
  } finally {
    await database.stop();
  }
}

/** A file copy restores only into a new embedded cluster of the same PostgreSQL major version. */
function checkFileCopyTarget(config: AppConfig, manifest: BackupManifest): void {
  if (config.databaseUrl) {
    throw new BackupError(
      `The backup is a file copy of an embedded database: it restores into an empty DATA_DIR only, not into DATABASE_URL (unset it). ${NOTHING}`,
    );
  }
  const embedded = embeddedServerMajor();
  if (embedded !== manifest.database.serverMajor) {
    throw new BackupError(
      `The backup is a file copy of PostgreSQL ${manifest.database.serverMajor}, and this installation's embedded server is PostgreSQL ${embedded}: restore it with the version that made it. ${NOTHING}`,
    );
  }
}

/**
 * Puts the copied cluster and its credentials in DATA_DIR, then starts it as the app does: PostgreSQL replays the
 * copied WAL from the backup label to a consistent state. Anything placed is removed again if the server refuses it.
 */
async function restoreFileCopy(
  config: AppConfig,
  manifest: BackupManifest,
  staging: string,
  log: (message: string) => void,
): Promise<void> {
  const pgDir = path.join(config.dataDir, 'postgres');
  await mkdir(config.dataDir, { recursive: true });
  try {
    await rename(path.join(staging, 'postgres'), pgDir);
    await prepareRestoredCluster(pgDir, manifest.database.directories ?? []);
    await rename(path.join(staging, CREDENTIALS_NAME), credentialsFile(pgDir));
    const database = await openDatabase(config, log);
    try {
      const counts = await withClient(database.url, rowCounts);
      const missing = Object.keys(manifest.database.rowCounts).filter((table) => counts[table] === undefined);
      if (missing.length) {
        throw new BackupError(`The restored database lacks ${missing.join(', ')}.`);
      }
      // Counted just after the copy ended: a write committed in between may be in the copy or not.
      const differing = Object.entries(manifest.database.rowCounts).filter(([table, n]) => counts[table] !== n);
      if (differing.length) {
        log(
          `Row counts differ from the manifest's in ${differing.map(([t]) => t).join(', ')} (writes made while the copy was taken).`,
        );
      }
    } finally {
      await database.stop();
    }
  } catch (error) {
    await rm(pgDir, { recursive: true, force: true });
    await rm(credentialsFile(pgDir), { force: true });
    throw error;
  }
}

/**
 * `npm run restore -- FILE`: verifies the whole archive first (manifest, every checksum, the dump readable by
 * pg_restore), checks the target is empty, then restores the database (into a new embedded cluster initialised as
 * the app does, or into DATABASE_URL's empty database), the uploads and the key file, and compares row counts.
 */
export async function restoreBackup(config: AppConfig, file: string, log: (message: string) => void = () => undefined) {
  if (!existsSync(file)) {
    throw new BackupError(`There is no file ${file}. ${NOTHING}`);
  }
  await mkdir(path.dirname(config.dataDir), { recursive: true });
  // Staged beside DATA_DIR, so the uploads are moved into place by a rename on the same disk.
  const staging = await mkdtemp(path.join(path.dirname(config.dataDir), '.restore-'));
  try {
    log(`Verifying ${file}…`);
    const found = await extractArchive(file, staging);
    const manifest = await readManifest(file, staging, found);
    checkMembers(file, manifest, found);
    if (manifest.database.method === 'physical') {
      checkFileCopyTarget(config, manifest);
      await checkTarget(config, manifest);
      log('Restoring the database files…');
      await restoreFileCopy(config, manifest, staging, log);
    } else {
      await restoreDump(config, manifest, file, staging, log);
    }

    await mkdir(config.dataDir, { recursive: true });
    if (existsSync(path.join(staging, 'uploads'))) {
      await rename(path.join(staging, 'uploads'), path.join(config.dataDir, 'uploads'));
    }
    if (found.has(KEY_NAME)) {
      await rename(path.join(staging, KEY_NAME), path.join(config.dataDir, '.app-key'));
      await chmod(path.join(config.dataDir, '.app-key'), 0o600);
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
