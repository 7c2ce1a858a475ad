import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/database';
import { type ArchivedFile, extractArchive } from './archive';
import { ARCHIVE_FORMAT, type BackupManifest, DUMP_NAME, KEY_NAME, UPLOADS_PREFIX } from './backup';
import { rowCounts, withClient } from './database-source';
import { BackupError, findPgTool, runTool, toolConnection } from './pg-tools';

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
    const pgRestore = await findPgTool(
      'pg_restore',
      manifest.database.pgDumpMajor,
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
