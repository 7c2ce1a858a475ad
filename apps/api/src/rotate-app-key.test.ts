import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERMISSIONS } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildUser } from '../test/factories';
import { getTestApp, type TestApp } from '../test/test-app';
import type { Database } from './db/client';
import { mfaTotp, webhooks } from './db/schema';
import { resealAll, rotateKeyFile, rotateWithAppKeys } from './rotate-app-key';
import { NOT_SEALED, SEALED_COLUMNS } from './sealed-columns';
import { appKeyFile, keyFromAppKey, SecretBox } from './secret-box';

const OLD = 'old application key for the rotation test';
const NEW = 'new application key for the rotation test';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let admin: BuiltUser;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp({ env: { APP_KEY: OLD } }));
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

const boxOf = (appKey: string) => new SecretBox({ key: keyFromAppKey(appKey) });

describe('the sealed-columns registry', () => {
  it('names every column that looks like a secret or is checked for the sealed prefix', async () => {
    const named = await db.execute<{ name: string }>(sql`select table_name || '.' || column_name as name
      from information_schema.columns where table_schema = 'public' and data_type = 'text'
      and column_name ~ '(sealed|secret|token)' and column_name !~ '_hash$'`);
    const checked = await db.execute<{ name: string }>(sql`select c.relname || '.' || a.attname as name
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any(k.conkey)
      where k.contype = 'c' and pg_get_constraintdef(k.oid) like '%''v1.\\%''%'`);
    const registered = new Set(SEALED_COLUMNS.map(({ table, column }) => `${table}.${column}`));
    const missing = [...named.rows, ...checked.rows]
      .map((row) => row.name)
      .filter((name) => !registered.has(name) && !(name in NOT_SEALED));
    expect(missing, 'add these to SEALED_COLUMNS (or NOT_SEALED with a reason) in sealed-columns.ts').toEqual([]);
  });

  it('names only columns that exist, with their row keys', async () => {
    for (const { table, column, key } of SEALED_COLUMNS) {
      const found = await db.execute(sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and column_name in (${column}, ${key})`);
      expect(found.rows, `${table}.${column} / ${key}`).toHaveLength(2);
    }
  });
});

describe('rotating the application key', () => {
  it('re-encrypts with APP_KEY: values open under the new key, not the old, and the app still works', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(admin.token),
      payload: { url: 'https://hooks.example.com/rotation', events: ['task.created'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { uuid, secret } = created.json().data as { uuid: string; secret: string };
    const enrolment = await app.inject({ method: 'POST', url: '/api/mfa/totp', headers: bearer(admin.token) });
    const totpSecret = (enrolment.json().data as { secret: string }).secret;

    const result = await rotateWithAppKeys(db, OLD, NEW);
    expect(result.find((r) => r.column === 'webhooks.secret_sealed')?.rows).toBe(1);

    const [hook] = await db.select().from(webhooks).where(eq(webhooks.uuid, uuid));
    const [totp] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, admin.id));
    expect(await boxOf(NEW).open(hook?.secretSealed ?? '')).toBe(secret);
    expect(await boxOf(NEW).open(totp?.secretSealed ?? '')).toBe(totpSecret);
    await expect(boxOf(OLD).open(hook?.secretSealed ?? '')).rejects.toThrow();

    // Secrets never appear in an API answer, sealed or plain.
    const read = await app.inject({ url: `/api/webhooks/${uuid}`, headers: bearer(admin.token) });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(secret);
    expect(read.body).not.toContain(hook?.secretSealed);
    const status = await app.inject({ url: '/api/mfa', headers: bearer(admin.token) });
    expect(status.body).not.toContain(totpSecret);
  });

  it('changes nothing when one value does not open under the old key', async () => {
    const [before] = await db.select().from(webhooks);
    const stranger = await boxOf('some other key').seal('not ours');
    await db.update(mfaTotp).set({ secretSealed: stranger }).where(eq(mfaTotp.userId, admin.id));
    await expect(resealAll(db, boxOf(NEW), boxOf('a third key'))).rejects.toThrow(/mfa_totp\.secret_sealed/);
    const [after] = await db
      .select()
      .from(webhooks)
      .where(eq(webhooks.id, before?.id ?? 0));
    expect(after?.secretSealed).toBe(before?.secretSealed);
    expect(() => rotateWithAppKeys(db, NEW, NEW)).toThrow(/OLD_APP_KEY/);
  });

  it('replaces the key file after the commit, keeps it 0600 and leaves no previous copy', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'app-key-'));
    try {
      const fileBox = new SecretBox({ appKey: null, dataDir });
      const sealed = await fileBox.seal('onboarding credential');
      const oldHex = await readFile(appKeyFile(dataDir), 'utf8');
      // A column of its own, so the registered tables' values (sealed under APP_KEY above) stay out of it.
      await db.execute(sql`create table key_file_probe (id int primary key, sealed text)`);
      await db.execute(sql`insert into key_file_probe values (1, ${sealed})`);
      const oldBox = new SecretBox({ key: Buffer.from(oldHex, 'hex') });
      expect(await oldBox.open(sealed)).toBe('onboarding credential');

      await rotateKeyFile(db, dataDir, [{ table: 'key_file_probe', column: 'sealed', key: 'id' }]);

      const newHex = await readFile(appKeyFile(dataDir), 'utf8');
      expect(newHex).not.toBe(oldHex);
      expect((await stat(appKeyFile(dataDir))).mode & 0o777).toBe(0o600);
      await expect(stat(`${appKeyFile(dataDir)}.previous`)).rejects.toThrow();
      await expect(stat(`${appKeyFile(dataDir)}.next`)).rejects.toThrow();
      const [row] = (await db.execute<{ sealed: string }>(sql`select sealed from key_file_probe`)).rows;
      expect(await new SecretBox({ appKey: null, dataDir }).open(row?.sealed ?? '')).toBe('onboarding credential');
      await expect(oldBox.open(row?.sealed ?? '')).rejects.toThrow();

      // A value the key file's key cannot open rolls everything back and leaves the key file as it was.
      await db.execute(sql`insert into key_file_probe values (2, ${await boxOf('a stranger').seal('x')})`);
      await expect(
        rotateKeyFile(db, dataDir, [{ table: 'key_file_probe', column: 'sealed', key: 'id' }]),
      ).rejects.toThrow(/key_file_probe\.sealed/);
      expect(await readFile(appKeyFile(dataDir), 'utf8')).toBe(newHex);
      await expect(stat(`${appKeyFile(dataDir)}.next`)).rejects.toThrow();
      const [kept] = (await db.execute<{ sealed: string }>(sql`select sealed from key_file_probe where id = 1`)).rows;
      expect(kept?.sealed).toBe(row?.sealed);
    } finally {
      await db.execute(sql`drop table if exists key_file_probe`);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
