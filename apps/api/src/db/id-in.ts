import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * PostgreSQL's text of an integer array, '{1,2,3}': one parameter however many ids (a page holds up to 1,000 tasks),
 * so a statement's text stays the same for every page. Truncated, so only integers ever reach the literal.
 */
export function intArrayLiteral(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/** column = any('{1,2,3}'::int[]). */
export function idIn(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${intArrayLiteral(ids)}::int[])`;
}
