import { createHash } from 'node:crypto';

/** Distinct statement texts this process prepares; past it, new shapes run unnamed (no connection grows forever). */
const MAX_STATEMENTS = 200;
const names = new Set<string>();

type Preparable<T> = PromiseLike<T> & {
  toSQL: () => { sql: string };
  prepare: (name: string) => { execute: () => Promise<T> };
};

/**
 * Runs a built drizzle query as a named prepared statement: each pooled connection parses it once, and PostgreSQL
 * may then reuse a generic plan instead of planning on every call (plan_cache_mode=auto keeps custom plans when the
 * generic one would cost clearly more). The name is a hash of the SQL text, so list queries built from filters get
 * one statement per shape; their values stay bound parameters.
 */
export function runPrepared<T>(query: Preparable<T>, fixedName?: string): Promise<T> {
  // A statement whose text never varies (a read by an id array) may pass its own name: building the SQL once more
  // just to hash it cost ~0.05 ms per statement, several per list request. The name must stay unique to that text.
  const name = fixedName
    ? `f_${fixedName}`
    : `p_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 24)}`;
  if (!names.has(name)) {
    if (names.size >= MAX_STATEMENTS) {
      return Promise.resolve(query);
    }
    names.add(name);
  }
  return query.prepare(name).execute();
}
