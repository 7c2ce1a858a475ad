import { BULK_MAX_ROWS } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../http/errors';

/** A selection larger than a bulk call handles: narrow the filters (422, not a partial run). */
export const tooManyRows = () =>
  new AppError(422, `Select at most ${BULK_MAX_ROWS} records.`, {
    code: 'too_many_records',
    errors: { filters: [`Select at most ${BULK_MAX_ROWS} records.`] },
  });

/** The uuids a selection query answers (its one column is `uuid`). */
export async function selectUuids(db: DbExecutor, query: SQL): Promise<string[]> {
  const result = await db.execute<{ uuid: string }>(query);
  return result.rows.map((r) => r.uuid);
}

/** The ticked ids, once each: an unknown or hidden one is still attempted and fails as its single-row call would. */
export function tickedIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** `_all`: the list's rows as the caller sees them; `query` selects `uuid` and ends in `limit BULK_LIMIT`. */
export async function selectListed(db: DbExecutor, query: SQL): Promise<string[]> {
  const uuids = await selectUuids(db, query);
  if (uuids.length > BULK_MAX_ROWS) {
    throw tooManyRows();
  }
  return uuids;
}

/** One more than a bulk call takes, so a selection that is too large is told apart from one that fits. */
export const BULK_LIMIT = sql`limit ${BULK_MAX_ROWS + 1}`;
