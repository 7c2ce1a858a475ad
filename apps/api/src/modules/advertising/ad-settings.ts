import { AD_MESSAGES, type AdMapping } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { validationError } from '../../http/errors';

export async function customerIdOf(db: DbExecutor, uuid: string): Promise<number> {
  const found = await db.execute<{ id: number }>(sql`select id from customers where uuid = ${uuid}`);
  const id = found.rows[0]?.id;
  if (id === undefined) {
    throw validationError({ customer_uuid: ['The selected client is invalid.'] });
  }
  return id;
}

/** The client's remembered column mapping (figure → column name), or null. */
export async function readMapping(db: DbExecutor, customerId: number): Promise<Record<string, string> | null> {
  const found = await db.execute<{ column_mapping: Record<string, string> | null }>(
    sql`select column_mapping from ad_client_settings where customer_id = ${customerId}`,
  );
  return found.rows[0]?.column_mapping ?? null;
}

/** PUT the mapping: the three figures a line needs must be mapped, and no column twice. */
export async function writeMapping(db: DbExecutor, customerId: number, mapping: AdMapping): Promise<void> {
  const columns = Object.fromEntries(Object.entries(mapping.columns).filter(([, v]) => v)) as Record<string, string>;
  const errors: Record<string, string[]> = {};
  for (const field of ['campaign_name', 'day', 'impressions']) {
    if (!columns[field]) {
      errors[`columns.${field}`] = ['Choose the column for this figure'];
    }
  }
  const seen = new Set<string>();
  for (const [field, column] of Object.entries(columns)) {
    if (seen.has(column.toLowerCase())) {
      errors[`columns.${field}`] = ['This column is already used for another figure'];
    }
    seen.add(column.toLowerCase());
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  await db.execute(sql`insert into ad_client_settings (customer_id, column_mapping)
    values (${customerId}, ${JSON.stringify(columns)}::jsonb)
    on conflict (customer_id) do update set column_mapping = excluded.column_mapping, updated_at = now()`);
}

/** Stores the client's Meta ad account and its access token, sealed (sealed-columns.ts). */
export async function connectMeta(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  customerId: number,
  input: { ad_account_id: string; access_token: string },
): Promise<void> {
  const sealed = await ctx.secrets.seal(input.access_token);
  await ctx.db.execute(sql`insert into ad_client_settings (customer_id, meta_ad_account_id, meta_token_sealed)
    values (${customerId}, ${input.ad_account_id}, ${sealed})
    on conflict (customer_id) do update set meta_ad_account_id = excluded.meta_ad_account_id,
      meta_token_sealed = excluded.meta_token_sealed, meta_sync_error = null, meta_sync_failed_at = null,
      updated_at = now()`);
}

export async function readMetaConnection(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  customerId: number,
): Promise<{ accountId: string; token: string }> {
  const found = await ctx.db.execute<{ meta_ad_account_id: string | null; meta_token_sealed: string | null }>(
    sql`select meta_ad_account_id, meta_token_sealed from ad_client_settings where customer_id = ${customerId}`,
  );
  const row = found.rows[0];
  if (!row?.meta_ad_account_id || !row.meta_token_sealed) {
    throw validationError({ customer_uuid: [AD_MESSAGES.metaNotConnected] });
  }
  return { accountId: row.meta_ad_account_id, token: await ctx.secrets.open(row.meta_token_sealed) };
}
