import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { REPO_ROOT } from '../config';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/api/drizzle');

/** Applies the committed SQL migrations, forward only. Drizzle takes an advisory lock, so two starts do not race. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
