import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildActors, buildCustomer } from '../../test/factories';
import { sha256File } from '../../test/file-hash';
import { getTestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { uploadClient } from '../modules/uploads/test-helpers';
import { SecretBox } from '../secret-box';
import {
  BACKUP_QUEUE,
  type BackupManifest,
  createBackup,
  pruneDailyBackups,
  restoreBackup,
  runDailyBackup,
  scheduleDailyBackup,
} from '.';
import { extractArchive } from './archive';
import { readJournal } from './backup';
import { migrationLevel, rowCounts, serverMajor, withClient } from './database-source';
import { findPgTool } from './pg-tools';

const adminUrl = inject('pgAdminUrl');
const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};
const major = await withClient(adminUrl, serverMajor);
// pg_dump refuses a server newer than itself: the round trip needs client tools at least as new as the test
// server (CI's DATABASE_URL run on Debian's PostgreSQL has them; the embedded 18 server has none beside it).
const dumpable = await findPgTool('pg_dump', major, process.env.PG_BIN_DIR ?? null, 'the server').then(
  () => true,
  () => false,
);
const silent = { info: () => undefined, error: () => undefined };

async function filesUnder(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out[path.relative(root, full)] = await sha256File(full);
    }
  }
  return out;
}

async function emptyDatabase(): Promise<string> {
  const name = `portal_test_${process.ppid}_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database "${name}"`));
  return withDatabase(adminUrl, name);
}

const tableCount = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]?.n);
  });

/** Rewrites an archive with one member's bytes changed, keeping its manifest: only the checksum can tell. */
async function withFlippedDump(source: string, target: string, scratch: string) {
  const found = await extractArchive(source, scratch);
  const dump = await readFile(path.join(scratch, 'database.dump'));
  const middle = Math.floor(dump.length / 2);
  dump[middle] = (dump[middle] ?? 0) ^ 0xff;
  await writeFile(path.join(scratch, 'database.dump'), dump);
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(target));
  for (const name of found.keys()) {
    pack.entry({ name }, await readFile(path.join(scratch, name)));
  }
  pack.finalize();
  await written;
}

/**
 * The embedded server is PostgreSQL 18: with client tools that new the backup is a pg_dump, otherwise a file copy of
 * the cluster (file-copy.test.ts covers its restore).
 */
async function expectEmbeddedBackup(config: ReturnType<typeof loadConfig>, target: string) {
  const embeddedMajor = Number((await readFile(path.join(config.dataDir, 'postgres', 'PG_VERSION'), 'utf8')).trim());
  const canDump = await findPgTool('pg_dump', embeddedMajor, config.backup.pgBinDir, 'x').then(
    () => true,
    () => false,
  );
  const { manifest } = await createBackup(config, { target });
  expect(manifest.database).toMatchObject({ source: 'embedded', method: canDump ? 'pg_dump' : 'physical' });
  expect(manifest.database.rowCounts['public.uploads']).toBeGreaterThanOrEqual(1);
  expect(existsSync(target)).toBe(true);
}

describe('backups', () => {
  let work: string;
  let sourceDataDir: string;
  let sourceUrl: string;
  let close: () => Promise<void>;
  let sealed: string;
  let archive: string;
  let manifest: BackupManifest;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
    // mkdtemp makes a 0700 folder; under root the restored embedded PostgreSQL runs as its own user and must enter it.
    await chmod(work, 0o755);
    sourceDataDir = path.join(work, 'source');
    const test = await getTestApp({ env: { DATA_DIR: sourceDataDir } });
    close = test.close;
    const { rows } = await test.db.execute<{ name: string }>(sql`select current_database() as name`);
    sourceUrl = withDatabase(adminUrl, rows[0]?.name as string);
    // A few rows and an uploaded file, made through the app; a secret sealed under the generated key file.
    const actors = await buildActors(test.db);
    const customer = await buildCustomer(test.db);
    const client = uploadClient(test.app);
    const uuid = await client.upload(actors.admin.token, 'brief.pdf', Buffer.from('%PDF-1.4\nbackup me\n%%EOF\n'));
    const attached = await test.app.inject({
      method: 'PUT',
      url: `/api/customers/${customer.uuid}`,
      headers: client.auth(actors.admin.token),
      payload: { uploads: [uuid] },
    });
    expect(attached.statusCode).toBe(200);
    sealed = await new SecretBox({ appKey: null, dataDir: sourceDataDir }).seal('totp-secret');
  });
  afterAll(async () => {
    await close();
    await rm(work, { recursive: true, force: true });
  });

  const sourceConfig = (extra: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: sourceUrl, DATA_DIR: sourceDataDir, ...extra });

  it.runIf(!dumpable)('refuses to back up with a pg_dump older than the server, saying what to install', async () => {
    await expect(createBackup(sourceConfig())).rejects.toThrow(
      new RegExp(
        `pg_dump \\d+ is older than the database server \\(PostgreSQL ${major}\\).*postgresql-client-${major}`,
      ),
    );
    const backups = path.join(sourceDataDir, 'backups');
    expect(existsSync(backups) ? (await readdir(backups)).filter((n) => n.endsWith('.tar.gz')) : []).toEqual([]);
  });

  describe.runIf(dumpable)('round trip', () => {
    beforeAll(async () => {
      ({ file: archive, manifest } = await createBackup(sourceConfig(), { target: path.join(work, 'backup.tar.gz') }));
    });

    it('writes one 0600 archive whose manifest lists the dump, the key file and every upload with checksums', async () => {
      expect((await stat(archive)).mode & 0o777).toBe(0o600);
      expect(await readdir(work)).toEqual(expect.arrayContaining(['backup.tar.gz']));
      expect((await readdir(work)).filter((n) => n.includes('.tmp') || n.startsWith('.backup-'))).toEqual([]);
      const uploads = await filesUnder(path.join(sourceDataDir, 'uploads'));
      const listed = Object.fromEntries(manifest.files.map((f) => [f.path, f.sha256]));
      for (const [file, hash] of Object.entries(uploads)) {
        expect(listed[`uploads/${file}`]).toBe(hash);
      }
      expect(listed['app-key']).toBe(await sha256File(path.join(sourceDataDir, '.app-key')));
      expect(listed['database.dump']).toMatch(/^[0-9a-f]{64}$/);
      expect(manifest).toMatchObject({ secretBearing: true, appKey: 'included', uploads: { storage: 'local' } });
      expect(manifest.database.rowCounts['public.uploads']).toBeGreaterThanOrEqual(1);
      expect(manifest.migrations.latest).toBe(readJournal().at(-1)?.tag);
    });

    it('restores into an empty database with the same row counts, files, migration level and sealed secrets', async () => {
      const targetUrl = await emptyDatabase();
      const targetDir = path.join(work, 'restored-external');
      await restoreBackup(loadConfig({ NODE_ENV: 'test', DATABASE_URL: targetUrl, DATA_DIR: targetDir }), archive);

      const [before, after] = await Promise.all([withClient(sourceUrl, rowCounts), withClient(targetUrl, rowCounts)]);
      expect(after).toEqual(before);
      expect(after).toEqual(manifest.database.rowCounts);
      const journal = readJournal();
      expect(await withClient(targetUrl, (c) => migrationLevel(c, journal))).toEqual(
        await withClient(sourceUrl, (c) => migrationLevel(c, journal)),
      );
      expect(await filesUnder(path.join(targetDir, 'uploads'))).toEqual(
        await filesUnder(path.join(sourceDataDir, 'uploads')),
      );
      expect((await stat(path.join(targetDir, '.app-key'))).mode & 0o777).toBe(0o600);
      expect(await new SecretBox({ appKey: null, dataDir: targetDir }).open(sealed)).toBe('totp-secret');

      // Again into the same, now filled, database: refused before anything is touched.
      const otherDir = path.join(work, 'restored-again');
      await expect(
        restoreBackup(loadConfig({ NODE_ENV: 'test', DATABASE_URL: targetUrl, DATA_DIR: otherDir }), archive),
      ).rejects.toThrow(/already has \d+ tables: restore needs an empty database.*Nothing was restored/);
      expect(existsSync(otherDir)).toBe(false);
    });

    it('restores into an empty data directory: a new embedded cluster the app starts on', async () => {
      const dataDir = path.join(work, 'restored-embedded');
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' });
      await restoreBackup(config, archive);
      const database = await openDatabase(config, () => undefined);
      try {
        expect(database.fresh).toBe(false);
        expect(await withClient(database.url, rowCounts)).toEqual(manifest.database.rowCounts);
        expect(await withClient(database.url, (c) => migrationLevel(c, readJournal()))).toEqual(manifest.migrations);
        // Backing up the running embedded server: found through its postmaster.pid.
        await expectEmbeddedBackup(config, path.join(work, 'embedded-running.tar.gz'));
      } finally {
        await database.stop();
      }
      // And a stopped one: started for the backup, stopped after.
      await expectEmbeddedBackup(config, path.join(work, 'embedded-stopped.tar.gz'));
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      expect(await filesUnder(path.join(dataDir, 'uploads'))).toEqual(
        await filesUnder(path.join(sourceDataDir, 'uploads')),
      );
      await expect(restoreBackup(config, archive)).rejects.toThrow(/is not empty: restore needs an empty one/);
    });

    it('refuses an archive whose dump bytes changed, naming the member, and leaves the target untouched', async () => {
      const flipped = path.join(work, 'flipped.tar.gz');
      await withFlippedDump(archive, flipped, await mkdtemp(path.join(work, 'scratch-')));
      const targetUrl = await emptyDatabase();
      const targetDir = path.join(work, 'flipped-target');
      await expect(
        restoreBackup(loadConfig({ NODE_ENV: 'test', DATABASE_URL: targetUrl, DATA_DIR: targetDir }), flipped),
      ).rejects.toThrow(/is damaged: database\.dump does not match its checksum\. Nothing was restored/);
      expect(await tableCount(targetUrl)).toBe(0);
      expect(existsSync(targetDir)).toBe(false);
    });

    it('refuses a truncated archive before touching the target', async () => {
      const cut = path.join(work, 'cut.tar.gz');
      await writeFile(cut, await readFile(archive));
      await truncate(cut, Math.floor((await stat(cut)).size / 2));
      const targetDir = path.join(work, 'cut-target');
      await mkdir(targetDir);
      await expect(
        restoreBackup(loadConfig({ NODE_ENV: 'test', DATA_DIR: targetDir, EMBEDDED_PG_PORT: '0' }), cut),
      ).rejects.toThrow(/is damaged or incomplete .*Nothing was restored; use another archive/);
      expect(await readdir(targetDir)).toEqual([]);
    });

    it('the daily job writes into DATA_DIR/backups and keeps only the last BACKUP_KEEP', async () => {
      const config = sourceConfig({ BACKUP_KEEP: '2' });
      const days = ['2026-03-01T08:00:00Z', '2026-03-02T08:00:00Z', '2026-03-03T08:00:00Z'];
      for (const day of days) {
        await runDailyBackup(config, silent, new Date(day));
      }
      const dir = path.join(sourceDataDir, 'backups');
      expect((await readdir(dir)).sort()).toEqual([
        'agency-portal-20260302-080000-daily.tar.gz',
        'agency-portal-20260303-080000-daily.tar.gz',
      ]);
    });
  });

  it('schedules the daily backup at BACKUP_HOUR in the agency time zone, and not with DATABASE_URL or BACKUP_KEEP=0', async () => {
    // pg-boss on a database of its own, so its housekeeping never touches the round trip's counts.
    const boss = new PgBoss({ connectionString: await emptyDatabase(), max: 2 });
    await boss.start();
    const env = { NODE_ENV: 'test', DATA_DIR: path.join(work, 'scheduled'), AGENCY_TIME_ZONE: 'Europe/Paris' };
    try {
      await scheduleDailyBackup(boss, loadConfig({ ...env, BACKUP_HOUR: '4' }), silent);
      const [schedule, ...others] = await boss.getSchedules();
      expect(others).toEqual([]);
      expect(schedule).toMatchObject({ name: BACKUP_QUEUE, cron: '0 4 * * *' });
      expect(JSON.stringify(schedule?.options)).toContain('Europe/Paris');

      await scheduleDailyBackup(boss, loadConfig({ ...env, DATABASE_URL: sourceUrl }), silent);
      expect(await boss.getSchedules()).toEqual([]);
      await scheduleDailyBackup(boss, loadConfig({ ...env }), silent);
      await scheduleDailyBackup(boss, loadConfig({ ...env, BACKUP_KEEP: '0' }), silent);
      expect(await boss.getSchedules()).toEqual([]);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('prunes only the oldest daily archives beyond the number kept, never one made by hand', async () => {
    const dir = await mkdtemp(path.join(work, 'prune-'));
    const names = [
      'agency-portal-20260101-030000-daily.tar.gz',
      'agency-portal-20260102-030000-daily.tar.gz',
      'agency-portal-20260103-030000-daily.tar.gz',
      'agency-portal-20251231-120000.tar.gz',
    ];
    for (const name of names) {
      await writeFile(path.join(dir, name), '');
    }
    expect(await pruneDailyBackups(dir, 2)).toEqual(['agency-portal-20260101-030000-daily.tar.gz']);
    expect((await readdir(dir)).sort()).toEqual([
      'agency-portal-20251231-120000.tar.gz',
      'agency-portal-20260102-030000-daily.tar.gz',
      'agency-portal-20260103-030000-daily.tar.gz',
    ]);
  });
});
