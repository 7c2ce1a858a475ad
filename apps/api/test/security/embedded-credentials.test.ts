import { existsSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { credentialsFile, readCredentials, writeCredentials } from '../../src/db/credentials';
import { APP_ROLE, openDatabase } from '../../src/db/database';
import { startEmbeddedPostgres } from '../../src/db/embedded';

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}
const withPassword = (url: string, password: string) => {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
};

describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded PostgreSQL credentials', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-creds-'));
    await chmod(dir, 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a new data directory gets a random superuser password in a 0600 file; the app connects as a non-superuser owner', async () => {
    const config = loadConfig({ DATA_DIR: path.join(dir, 'fresh'), EMBEDDED_PG_PORT: '0', LOG_LEVEL: 'silent' });
    const handle = await openDatabase(config, () => undefined);
    try {
      const pgDir = path.join(config.dataDir, 'postgres');
      const file = credentialsFile(pgDir);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const credentials = readCredentials(pgDir);
      expect(credentials?.superuser.password).not.toBe('portal');
      expect(credentials?.superuser.password.length).toBeGreaterThanOrEqual(24);

      expect(new URL(handle.url).username).toBe(APP_ROLE);
      const [me] = await query<{ rolsuper: boolean; owner: string; listen: string }>(
        handle.url,
        `select r.rolsuper, pg_get_userbyid(d.datdba) as owner, current_setting('listen_addresses') as listen
         from pg_roles r, pg_database d where r.rolname = current_user and d.datname = current_database()`,
      );
      expect(me).toEqual({ rolsuper: false, owner: APP_ROLE, listen: '127.0.0.1' });
      // What migrations and pg-boss need as the owner: a trusted extension and a schema of their own.
      await query(handle.url, 'create extension if not exists pg_trgm');
      await query(handle.url, 'create schema if not exists pgboss_probe');
      // The old fixed password opens nothing.
      await expect(query(withPassword(handle.url, 'portal'), 'select 1')).rejects.toThrow(/password/);
      const superuserUrl = withPassword(handle.url, 'portal').replace(`${APP_ROLE}:`, 'portal:');
      await expect(query(superuserUrl, 'select 1')).rejects.toThrow(/password/);
    } finally {
      await handle.stop();
    }
  }, 120_000);

  it('a data directory from an earlier version (fixed password, superuser-owned tables) is migrated at its next start', async () => {
    const pgDir = path.join(dir, 'legacy', 'postgres');
    // Build what the earlier version left: superuser 'portal'/'portal', the app database and a table owned by it.
    const old = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePortOf() });
    await query(old.url('postgres'), 'create database agency_portal');
    await query(
      old.url('agency_portal'),
      'create table legacy_rows (id int primary key generated always as identity, v text)',
    );
    await query(old.url('agency_portal'), "insert into legacy_rows (v) values ('kept')");
    await query(old.url('postgres'), "alter role portal with password 'portal'");
    await old.stop();
    await rm(credentialsFile(pgDir));

    const config = loadConfig({ DATA_DIR: path.join(dir, 'legacy'), EMBEDDED_PG_PORT: '0', LOG_LEVEL: 'silent' });
    const handle = await openDatabase(config, () => undefined);
    try {
      expect(readCredentials(pgDir)?.superuser.password).not.toBe('portal');
      expect(statSync(credentialsFile(pgDir)).mode & 0o777).toBe(0o600);
      // The app role now owns the old table: it can read and alter it (migrations will).
      expect(await query<{ v: string }>(handle.url, 'select v from legacy_rows')).toEqual([{ v: 'kept' }]);
      await query(handle.url, 'alter table legacy_rows add column w text');
      await query(handle.url, "insert into legacy_rows (v) values ('new')");
      const superuserUrl = withPassword(handle.url, 'portal').replace(`${APP_ROLE}:`, 'portal:');
      await expect(query(superuserUrl, 'select 1')).rejects.toThrow(/password/);
    } finally {
      await handle.stop();
    }
    // And it starts again with what it stored.
    const again = await openDatabase(config, () => undefined);
    expect((await query<{ n: number }>(again.url, 'select count(*)::int as n from legacy_rows'))[0]?.n).toBe(2);
    await again.stop();
  }, 180_000);

  it('finishes a password rotation that a crash interrupted, before or after the server took the new password', async () => {
    for (const serverTookIt of [false, true]) {
      const pgDir = path.join(dir, `interrupted-${serverTookIt}`, 'postgres');
      const old = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePortOf() });
      await query(old.url('postgres'), `alter role portal with password '${serverTookIt ? 'Fresh_pw_1' : 'portal'}'`);
      await old.stop();
      // What a crash inside the rotation leaves: the new password on disk, still marked as rotating from the old.
      writeCredentials(pgDir, { superuser: { user: 'portal', password: 'Fresh_pw_1' }, rotatingFrom: 'portal' });

      const config = loadConfig({
        DATA_DIR: path.dirname(pgDir),
        EMBEDDED_PG_PORT: '0',
        LOG_LEVEL: 'silent',
      });
      const handle = await openDatabase(config, () => undefined);
      try {
        expect(readCredentials(pgDir)).toMatchObject({ superuser: { password: 'Fresh_pw_1' } });
        expect(readCredentials(pgDir)?.rotatingFrom).toBeUndefined();
        expect(await query<{ one: number }>(handle.url, 'select 1 as one')).toEqual([{ one: 1 }]);
        const superuserUrl = withPassword(handle.url, 'portal').replace(`${APP_ROLE}:`, 'portal:');
        await expect(query(superuserUrl, 'select 1')).rejects.toThrow(/password/);
      } finally {
        await handle.stop();
      }
    }
  }, 180_000);
});

async function freePortOf(): Promise<number> {
  const { freePort } = await import('../../src/db/free-port');
  return freePort();
}
