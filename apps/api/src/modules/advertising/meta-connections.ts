import type { MetaConnectionState } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../http/errors';
import { syncMetaInsights } from './meta-insights';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'outbound' | 'config'>;

/** How far back a first sync reaches, and how many days before the last sync a later one starts again. */
const FIRST_SYNC_DAYS = 90;
/** Meta revises recent days (late conversions within its attribution window): they are pulled again. */
const REVISED_DAYS = 7;

/** YYYY-MM-DD in the agency's time zone (en-CA formats dates that way). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The days a sync pulls: from 7 days before the last successful sync (90 days back at first), through today. */
export function syncWindow(syncedAt: Date | null, today: string): { date_from: string; date_to: string } {
  const earliest = shift(today, -FIRST_SYNC_DAYS);
  const fromLast = syncedAt ? shift(syncedAt.toISOString().slice(0, 10), -REVISED_DAYS) : earliest;
  // biome-ignore lint/complexity/useMathMinMax: the operands are 'YYYY-MM-DD' strings; Math.max would give NaN.
  return { date_from: fromLast > earliest ? fromLast : earliest, date_to: today };
}

/** The connected clients, with the outcome of their last sync; the token is never read here. */
export async function listMetaConnections(db: DbExecutor): Promise<MetaConnectionState[]> {
  const found = await db.execute<{
    customer_uuid: string;
    customer_name: string;
    ad_account_id: string;
    synced_at: Date | null;
    sync_error: string | null;
    sync_failed_at: Date | null;
  }>(sql`select c.uuid as customer_uuid, c.business_name as customer_name, s.meta_ad_account_id as ad_account_id,
      s.meta_synced_at as synced_at, s.meta_sync_error as sync_error, s.meta_sync_failed_at as sync_failed_at
    from ad_client_settings s join customers c on c.id = s.customer_id
    where s.meta_ad_account_id is not null and s.meta_token_sealed is not null
    order by lower(c.business_name), c.id`);
  return found.rows.map((row) => ({
    ...row,
    synced_at: row.synced_at ? new Date(row.synced_at).toISOString() : null,
    sync_failed_at: row.sync_failed_at ? new Date(row.sync_failed_at).toISOString() : null,
  }));
}

/** Forgets the ad account and its token (the figures already pulled stay). */
export async function disconnectMeta(db: DbExecutor, customerId: number): Promise<void> {
  await db.execute(sql`update ad_client_settings set meta_ad_account_id = null, meta_token_sealed = null,
      meta_synced_at = null, meta_sync_error = null, meta_sync_failed_at = null, updated_at = now()
    where customer_id = ${customerId}`);
}

/**
 * Syncs one client's window (syncWindow) and records the outcome on its connection: the time of a success (and
 * the error cleared), or the failure's message and time. The message is ours (AD_MESSAGES), never Meta's answer
 * or the request, which could carry the token.
 */
export async function syncMetaAccount(
  ctx: Ctx,
  customerId: number,
): Promise<{ imported: number; created_campaigns: string[] }> {
  const found = await ctx.db.execute<{ meta_synced_at: Date | null }>(
    sql`select meta_synced_at from ad_client_settings where customer_id = ${customerId}`,
  );
  const last = found.rows[0]?.meta_synced_at;
  const window = syncWindow(last ? new Date(last) : null, todayIn(ctx.config.agencyTimeZone));
  try {
    const result = await syncMetaInsights(ctx, customerId, window);
    await ctx.db.execute(sql`update ad_client_settings set meta_synced_at = now(), meta_sync_error = null,
        meta_sync_failed_at = null where customer_id = ${customerId}`);
    return result;
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The sync failed.';
    await ctx.db.execute(sql`update ad_client_settings set meta_sync_error = ${message},
        meta_sync_failed_at = now() where customer_id = ${customerId}`);
    throw error;
  }
}

/** The daily job's run: every connected client in turn; one failing is recorded and the others still sync. */
export async function syncAllMetaAccounts(ctx: Ctx): Promise<{ synced: number; failed: number }> {
  const connected = await ctx.db.execute<{ customer_id: number }>(sql`select customer_id from ad_client_settings
    where meta_ad_account_id is not null and meta_token_sealed is not null order by customer_id`);
  let synced = 0;
  let failed = 0;
  for (const { customer_id } of connected.rows) {
    try {
      await syncMetaAccount(ctx, customer_id);
      synced++;
    } catch {
      failed++;
    }
  }
  return { synced, failed };
}
