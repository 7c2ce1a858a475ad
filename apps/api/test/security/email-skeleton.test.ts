import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../src/db/client';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import { DEFAULT_AUTH_RATE_LIMITS } from '../../src/modules/auth/rate-limiter';
import { REGISTER_MESSAGES } from '../../src/modules/auth/register';
import { buildUser } from '../factories';
import { withDatabase } from '../global-setup';
import { getTestApp } from '../test-app';

let t: Awaited<ReturnType<typeof getTestApp>>;
beforeAll(async () => {
  t = await getTestApp({
    rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, registerPerIp: { limit: 100, windowSeconds: 60 } },
  });
});
afterAll(() => t.close());

const PASSWORD = 'a-long-enough-password';
const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { name: 'Look Alike', email, password: PASSWORD, password_confirmation: PASSWORD },
  });

describe('look-alike e-mails are one skeleton', () => {
  it('refuses i/l, 1/i and +tag variants of existing accounts at self-registration', async () => {
    await buildUser(t.db, { email: 'freelancer@demo.test' });
    await buildUser(t.db, { email: 'client@demo.test' });
    for (const lookAlike of [
      'freeiancer@demo.test',
      'cl1ent@demo.test',
      'freelancer+1@demo.test',
      'CLlENT@demo.test',
    ]) {
      const res = await register(lookAlike);
      expect(res.statusCode, lookAlike).toBe(422);
      expect(res.json().errors.email, lookAlike).toEqual([REGISTER_MESSAGES.lookAlike]);
    }
  });

  it('lets addresses that differ by more than look-alike letters register', async () => {
    await buildUser(t.db, { email: 'maker@demo.test' });
    for (const other of ['baker@demo.test', 'maker2@demo.test']) {
      expect((await register(other)).statusCode, other).toBe(200);
    }
  });
});

describe('migration 0029', () => {
  it('recomputes the skeletons of accounts stored before it', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `portal_test_${process.pid}_skeleton_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const scratch = mkdtempSync(path.join(tmpdir(), 'migrations-0028-'));
    const { db, pool } = createDb(withDatabase(adminUrl, name), { max: 1 });
    try {
      // The migrations as they were before 0029.
      cpSync(MIGRATIONS_DIR, scratch, { recursive: true });
      const journalPath = path.join(scratch, 'meta/_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const cut = journal.entries.findIndex((entry) => entry.tag.startsWith('0029_'));
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
      await migrate(db, { migrationsFolder: scratch });
      await pool.query(
        `insert into users (email, password_hash) values ('free.lancer+old@demo.test', 'x'), ('freeiancer@demo.test', 'x')`,
      );
      const before = await pool.query<{ s: string }>('select email_skeleton as s from users order by id');
      expect(before.rows.map((row) => row.s)).toEqual(['freelancer+old@demotest', 'freeiancer@demotest']);

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const after = await pool.query<{ s: string }>('select email_skeleton as s from users order by id');
      expect(after.rows.map((row) => row.s)).toEqual(['freelancer@demotest', 'freelancer@demotest']);
      const index = await pool.query(`select 1 from pg_indexes where indexname = 'users_email_skeleton_idx'`);
      expect(index.rows).toHaveLength(1);
    } finally {
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
