import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { REPO_ROOT } from '../config';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/api/drizzle');

/**
 * Applies the committed SQL migrations, forward only, in one session whose `lock_timeout` bounds each wait for a
 * table lock: during a rolling restart the previous version still serves, and a migration queued behind its long
 * transaction would otherwise block every later query on that table. It then fails, and the start with it, to be
 * retried (docs/ARCHITECTURE.md, "Running in production").
 */
export async function runMigrations(db: Database, options: { lockTimeoutMs?: number } = {}): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query(`set lock_timeout = ${Math.trunc(options.lockTimeoutMs ?? 10_000)}`);
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('reset lock_timeout').catch(() => undefined);
    client.release();
  }
}
