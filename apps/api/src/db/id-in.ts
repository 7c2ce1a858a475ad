import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** column = any('{1,2,3}'::int[]): one parameter however many ids (a page holds up to 1,000 tasks). */
export function idIn(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;
}
