import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type ReadinessCheck = 'draining' | 'database' | 'migrations' | 'redis';

export type ReadinessSources = {
  db: Database;
  migrationsDir: string;
  draining: () => boolean;
  /** Absent when REDIS_URL is not set: one instance needs no Redis. */
  redis?: () => Promise<boolean>;
};

/** How long one check may take before it counts as failing (a proxy's health check has its own short timeout). */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    promise.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** The newest migration this build ships: the journal's last entry (its `when` is what drizzle records). */
function latestShipped(migrationsDir: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * What /api/ready checks, answering the names of the failing checks (empty = ready). Migrations count as applied
 * when the database's newest recorded migration is the newest this build ships: an instance of an older build
 * started against a newer schema is ready too (expand-then-contract keeps it working), one whose migrations have
 * not run is not.
 */
export function readinessChecks(sources: ReadinessSources) {
  const shipped = latestShipped(sources.migrationsDir);
  return async (): Promise<ReadinessCheck[]> => {
    if (sources.draining()) {
      return ['draining'];
    }
    const [database, migrations, redis] = await Promise.all([
      within(
        sources.db.execute(sql`select 1`).then(() => true),
        false,
      ),
      within(
        sources.db
          .execute<{ latest: string | null }>(
            sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
          )
          .then((result) => Number(result.rows[0]?.latest ?? 0) >= shipped),
        false,
      ),
      sources.redis ? within(sources.redis(), false) : Promise.resolve(true),
    ]);
    const failing: ReadinessCheck[] = [];
    if (!database) {
      failing.push('database');
    }
    if (!migrations) {
      failing.push('migrations');
    }
    if (!redis) {
      failing.push('redis');
    }
    return failing;
  };
}
