import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb, type Database } from '../src/db/client';
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from '../src/modules/auth/rate-limiter';
import { MemoryPickup } from '../src/modules/mail/pickup';
import type { ResolveHost } from '../src/modules/notifications/push-endpoint';
import { seedDemo } from '../src/seed/demo';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Copies of the template are made file by file rather than through the WAL (PostgreSQL 15's default, WAL_LOG, is
 * meant for small templates; the migrated schema, and the demo workspace more so, are not). The checkpoints a file
 * copy needs cost little on the tests' server, which does not flush to disk (global-setup.ts).
 */
const COPY_STRATEGY = 'strategy = file_copy';

/**
 * The migrated template with the demo workspace in it, made by the first test file that asks while the others wait
 * on an advisory lock, then copied as cheaply as the plain template: the demo seed takes seconds, and a dozen seed
 * tests each ran it on their own. Built under another name and renamed when done, so a copy never sees half a seed.
 * The global teardown drops it with the template.
 */
async function demoTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const name = `${inject('templateDatabase')}_demo`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}" template "${inject('templateDatabase')}" ${COPY_STRATEGY}`);
      const { db, pool } = createDb(withDatabase(adminUrl, building), { max: 2 });
      try {
        await seedDemo(db);
      } finally {
        await pool.end();
      }
      await admin.query(`alter database "${building}" rename to "${name}"`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
  return name;
}

/**
 * An in-process app on a database of its own, copied from the migrated template.
 * Call close() in afterAll; the database is dropped with it.
 */
export async function getTestApp(
  options: {
    /** Start from the demo workspace (seeded once per run, then copied like the migrated template). */
    demo?: boolean;
    env?: Record<string, string>;
    rateLimits?: AuthRateLimits;
    resolveHost?: ResolveHost;
    /** Off unless a test reads the log lines (a pino destination it holds). */
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<{ app: TestApp; db: Database; url: string; mailbox: MemoryPickup; close: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `portal_test_${process.ppid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = options.demo ? await demoTemplate(admin, adminUrl) : inject('templateDatabase');
  await admin.query(`create database "${name}" template "${template}" ${COPY_STRATEGY}`);
  const url = withDatabase(adminUrl, name);
  const { db, pool } = createDb(url, { max: 5 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://portal.test',
    SUPER_USER_EMAILS: 'super@agency.test',
    ...options.env,
  });
  // The e-mail log keeps redacted copies only; the messages as delivered (with their links) land here.
  const mailbox = new MemoryPickup();
  const app = await buildApp({
    config,
    mailPickup: mailbox,
    db,
    logger: options.logger ?? false,
    webDistDir: path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/web-dist'),
    // Tests sign in many times from one address; the growing pauses have their own test (rate-limit.test.ts).
    rateLimits: options.rateLimits ?? {
      ...DEFAULT_AUTH_RATE_LIMITS,
      loginPerIp: { limit: 1000, windowSeconds: 60 },
      loginDelayMs: () => 0,
    },
    // Tests never touch the network: every outbound host resolves to one public address unless a test says otherwise.
    resolveHost: options.resolveHost ?? (async () => ['93.184.215.14']),
  });
  await app.ready();
  return {
    app,
    db,
    url,
    mailbox,
    close: async () => {
      await app.close();
      await pool.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
