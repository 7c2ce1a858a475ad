import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database, DbExecutor } from './client';

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

/** A row as PostgreSQL writes it: each column's text, or null. */
export type TextRow = (string | null)[];

/** Every column as PostgreSQL's text: the caller converts the few that are not strings. */
const asText = { getTypeParser: () => (value: string) => value };

/** The connection under a drizzle executor: the pool, or the connection a transaction holds. */
function clientOf(db: DbExecutor): pg.Pool | pg.PoolClient {
  if ('$client' in db) {
    return db.$client;
  }
  // drizzle's node-postgres transaction keeps its connection on its session.
  return (db as unknown as { session: { client: pg.PoolClient } }).session.client;
}

/**
 * A statement of fixed text, prepared under its own name, its rows as arrays of PostgreSQL's text. For the reads of
 * big pages (1,000 tasks): drizzle's row mapping (a class check and a decoder per column and row) and pg's per-type
 * parsers cost ~5 ms of a 1,000-task page's CPU, more than the few conversions the caller makes itself. The name
 * must stay unique to the text.
 */
export function queryTextRows(db: DbExecutor, fixedName: string, text: string, values: unknown[]): Promise<TextRow[]> {
  return runTextRows(db, claimName(`t_${fixedName}`), text, values);
}

/**
 * A built query (drizzle's select, or anything with toSQL) as a named prepared statement per SQL text, like
 * runPrepared, its rows as text rows: its SQL is built once (runPrepared builds it to name it, then drizzle builds it
 * again to prepare it) and no row goes through drizzle's mapping.
 */
export function queryBuiltTextRows(
  db: DbExecutor,
  query: { toSQL: () => { sql: string; params: unknown[] } },
): Promise<TextRow[]> {
  const { sql: text, params } = query.toSQL();
  return runTextRows(db, statementName(text), text, params);
}

async function runTextRows(db: DbExecutor, name: string | null, text: string, values: unknown[]) {
  const config = { text, values, rowMode: 'array' as const, types: asText };
  const result = await clientOf(db).query<TextRow>(name ? { ...config, name } : config);
  return result.rows;
}

/**
 * A timestamptz column's text as Date#toISOString writes it. PostgreSQL writes 'YYYY-MM-DD HH:MM:SS[.ffffff]+00'
 * (in UTC sessions, trailing zeros of the fraction dropped), which is cut into the ISO form directly; parsing it
 * into a Date and writing that out cost ~1.5 ms per 1,000 rows. Anything else (another zone, years before 1000,
 * which V8's parser reads differently) goes through a Date as before.
 */
export function isoTimestamp(text: string): string {
  const n = text.length;
  if (
    text.charCodeAt(0) > 48 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(10) === 32 &&
    text.endsWith('+00') &&
    (n === 22 || (n <= 29 && text.charCodeAt(19) === 46))
  ) {
    const millis =
      n === 22
        ? '000'
        : text
            .slice(20, n - 3)
            .padEnd(3, '0')
            .slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${millis}Z`;
  }
  return new Date(text).toISOString();
}
