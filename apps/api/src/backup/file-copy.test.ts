import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256File } from '../../test/file-hash';
import { loadConfig } from '../config';
import { createDb } from '../db/client';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { runMigrations } from '../db/migrate';
import { SecretBox } from '../secret-box';
import { syncPermissions } from '../seed/permissions';
import { type BackupManifest, createBackup, restoreBackup } from '.';
import { extractArchive } from './archive';
import { readJournal } from './backup';
import { migrationLevel, rowCounts, withClient } from './database-source';
import { findPgTool } from './pg-tools';

/**
 * The file copy of the embedded database (physical-copy.ts): what `npm run backup` makes of the default
 * installation when no pg_dump as new as the embedded PostgreSQL is installed (none is, on Debian 12 or in CI).
 * A real embedded cluster in a DATA_DIR of its own, copied while it takes writes, restored into a new DATA_DIR and
 * started as the app starts.
 */
const config = (dataDir: string, extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0', ...extra });

const probeCount = (url: string) =>
  withClient(url, async (client) => Number((await client.query('select count(*) as n from backup_probe')).rows[0].n));

describe('a file copy of the embedded database', () => {
  let work: string;
  let sourceDir: string;
  let source: DatabaseHandle;
  let sealed: string;
  let archive: string;
  let manifest: BackupManifest;
  let probesBefore: number;
  let probesAfter: number;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'portal-file-copy-'));
    // Under root the embedded server runs as its own user and must enter these folders.
    await chmod(work, 0o755);
    sourceDir = path.join(work, 'source');
    source = await openDatabase(config(sourceDir), () => undefined);
    const { db, pool } = createDb(source.url, { max: 2 });
    await runMigrations(db);
    await syncPermissions(db);
    await pool.query('create table backup_probe (id serial primary key, note text not null)');
    await pool.end();
    await mkdir(path.join(sourceDir, 'uploads', 'ab'), { recursive: true });
    await writeFile(path.join(sourceDir, 'uploads', 'ab', 'brief.pdf'), '%PDF-1.4\nbackup me\n%%EOF\n');
    sealed = await new SecretBox({ appKey: null, dataDir: sourceDir }).seal('totp-secret');

    // Writes go on while the copy is taken: whatever the copy holds must replay to a consistent state.
    probesBefore = await probeCount(source.url);
    let writing = true;
    const writer = withClient(source.url, async (client) => {
      let n = 0;
      while (writing) {
        await client.query('insert into backup_probe (note) values ($1)', [`write ${n++}`]);
      }
    });
    try {
      ({ file: archive, manifest } = await createBackup(config(sourceDir), {
        target: path.join(work, 'copy.tar.gz'),
        method: 'physical',
      }));
    } finally {
      writing = false;
      await writer;
    }
    probesAfter = await probeCount(source.url);
  }, 120_000);
  afterAll(async () => {
    await source?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it('copies the running cluster, its WAL, backup label and credentials into one 0600 archive', async () => {
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect(manifest.database).toMatchObject({ source: 'embedded', method: 'physical' });
    expect(probesAfter, 'rows written while the copy was taken').toBeGreaterThan(probesBefore);
    expect(manifest.database.pgDump).toBeUndefined();
    const names = manifest.files.map((f) => f.path);
    expect(names).toEqual(
      expect.arrayContaining([
        'postgres/PG_VERSION',
        'postgres/backup_label',
        'postgres/global/pg_control',
        'postgres-credentials.json',
        'app-key',
        'uploads/ab/brief.pdf',
      ]),
    );
    expect(names.some((n) => /^postgres\/pg_wal\/[0-9A-F]{24}$/.test(n))).toBe(true);
    // The running server's lock file never travels: a restored cluster must not look as if it were running.
    expect(names).not.toContain('postgres/postmaster.pid');
    expect(manifest.database.directories).toEqual(expect.arrayContaining(['pg_wal', 'pg_notify', 'base']));
    expect(manifest.secretBearing).toBe(true);
    expect(manifest.migrations.latest).toBe(readJournal().at(-1)?.tag);
    expect((await readdir(work)).filter((n) => n.includes('.tmp') || n.startsWith('.backup-'))).toEqual([]);
  });

  it('restores into an empty DATA_DIR: the server replays the copy to a consistent state and the app starts on it', async () => {
    const targetDir = path.join(work, 'restored');
    const restoredConfig = config(targetDir);
    await restoreBackup(restoredConfig, archive);
    const restored = await openDatabase(restoredConfig, () => undefined);
    try {
      expect(restored.fresh).toBe(false);
      const counts = await withClient(restored.url, rowCounts);
      const { 'public.backup_probe': probes, ...others } = counts;
      const { 'public.backup_probe': _, ...expected } = manifest.database.rowCounts;
      expect(others).toEqual(expected);
      // Every write acknowledged before the copy began is there; none beyond those made by its end.
      expect(probes).toBeGreaterThanOrEqual(probesBefore);
      expect(probes).toBeLessThanOrEqual(probesAfter);
      expect(await probeCount(restored.url)).toBe(
        await withClient(restored.url, async (c) =>
          Number((await c.query('select max(id) as n from backup_probe')).rows[0].n ?? 0),
        ),
      );
      expect(await withClient(restored.url, (c) => migrationLevel(c, readJournal()))).toEqual(manifest.migrations);
    } finally {
      await restored.stop();
    }
    expect(await sha256File(path.join(targetDir, 'uploads', 'ab', 'brief.pdf'))).toBe(
      await sha256File(path.join(sourceDir, 'uploads', 'ab', 'brief.pdf')),
    );
    expect(await new SecretBox({ appKey: null, dataDir: targetDir }).open(sealed)).toBe('totp-secret');
    await expect(restoreBackup(restoredConfig, archive)).rejects.toThrow(/is not empty: restore needs an empty one/);

    // `npm run backup` of the restored, stopped installation, as an operator runs it: the server is started for the
    // backup and stopped after, and without a pg_dump as new as it the file copy is chosen by itself.
    const embeddedMajor = Number((await readFile(path.join(targetDir, 'postgres', 'PG_VERSION'), 'utf8')).trim());
    const canDump = await findPgTool('pg_dump', embeddedMajor, null, 'x').then(
      () => true,
      () => false,
    );
    const again = await createBackup(restoredConfig, { target: path.join(work, 'again.tar.gz') });
    expect(again.manifest.database.method).toBe(canDump ? 'pg_dump' : 'physical');
    expect(existsSync(path.join(targetDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('refuses DATABASE_URL as a target and a changed data file, touching nothing', async () => {
    const external = path.join(work, 'external');
    await expect(
      restoreBackup(config(external, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }), archive),
    ).rejects.toThrow(
      /file copy of an embedded database: it restores into an empty DATA_DIR only.*Nothing was restored/,
    );
    expect(existsSync(external)).toBe(false);

    // One byte of the cluster's control file flipped, the manifest kept: only the checksum can tell.
    const scratch = await mkdtemp(path.join(work, 'scratch-'));
    const found = await extractArchive(archive, scratch);
    const control = path.join(scratch, 'postgres/global/pg_control');
    const bytes = await readFile(control);
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    await writeFile(control, bytes);
    const flipped = path.join(work, 'flipped.tar.gz');
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(flipped));
    for (const name of found.keys()) {
      pack.entry({ name }, await readFile(path.join(scratch, name)));
    }
    pack.finalize();
    await written;
    const target = path.join(work, 'flipped-target');
    await expect(restoreBackup(config(target), flipped)).rejects.toThrow(
      /is damaged: postgres\/global\/pg_control does not match its checksum\. Nothing was restored/,
    );
    expect(existsSync(target)).toBe(false);
  });
});
