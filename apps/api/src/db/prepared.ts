import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

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
  const name = fixedName ? claimName(`f_${fixedName}`) : statementName(query.toSQL().sql);
  return name ? query.prepare(name).execute() : Promise.resolve(query);
}

/** The statement's name, or null once this process has named as many statements as it may. */
function statementName(text: string): string | null {
  return claimName(`p_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`);
}

function claimName(name: string): string | null {
  if (!names.has(name)) {
    if (names.size >= MAX_STATEMENTS) {
      return null;
    }
    names.add(name);
  }
  return name;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/** runPrepared for a raw `sql` statement (what db.execute runs); the rows as PostgreSQL answers them. */
export async function executePrepared<T extends Record<string, unknown>>(db: Database, query: SQL): Promise<T[]> {
  return executeTemplate<T>(db, prepareTemplate(query), {});
}

/** A statement turned into its text once, its `sql.placeholder` values filled on each run (executeTemplate). */
export type StatementTemplate = { text: string; params: unknown[]; name: string | null };

/**
 * For a statement whose building costs more than running it: global search's is 14 kB of SQL from ~40 parts, 0.3–0.5
 * ms of the API's CPU to build and turn into text on every keystroke. Built once with placeholders, the text (and
 * its name) is reused.
 */
export function prepareTemplate(query: SQL): StatementTemplate {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params, name: statementName(text) };
}

export async function executeTemplate<T extends Record<string, unknown>>(
  db: Database,
  template: StatementTemplate,
  values: Record<string, unknown>,
): Promise<T[]> {
  const { text, name } = template;
  const params = fillPlaceholders(template.params, values);
  const result = await db.$client.query<T>(name ? { name, text, values: params } : { text, values: params });
  return result.rows;
}
