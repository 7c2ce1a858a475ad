import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = ReturnType<typeof createDb>['db'];
/** An open transaction, as handed to db.transaction's callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the pool-backed database or a transaction: what queries that may run inside a caller's transaction take. */
export type DbExecutor = Database | Tx;

/**
 * pg_trgm word similarity from which global search counts a longer word as a misspelling ('brigthon' → 'brighton
 * bakery' is 0.44; modules/search). The `<%` operator reads it from this setting, so every connection starts with
 * it: set per transaction instead, each search paid a transaction and a round trip of its own (issue 24). Nothing
 * else uses pg_trgm's word operators.
 */
export const SEARCH_TYPO_THRESHOLD = 0.4;

export function createDb(connectionString: string, options: { max?: number } = {}) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: `-c pg_trgm.word_similarity_threshold=${SEARCH_TYPO_THRESHOLD}`,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool };
}
