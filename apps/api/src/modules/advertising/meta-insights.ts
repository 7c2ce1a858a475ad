import { AD_MESSAGES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { type MetricRow, upsertMetrics } from './ad-metrics-store';
import { readMetaConnection } from './ad-settings';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'outbound' | 'config'>;

/** The figures asked of Meta: one row per campaign and day (level=campaign, time_increment=1). */
const FIELDS = 'campaign_id,campaign_name,impressions,reach,inline_link_clicks,clicks,spend,actions,action_values';
/** Actions counted as conversions, as Ads Manager's "Purchases" and "Purchases conversion value" columns do. */
const PURCHASE = new Set(['purchase', 'offsite_conversion.fb_pixel_purchase', 'omni_purchase']);
/** Pages followed at most (500 rows each): a runaway `paging.next` cannot loop forever. */
const MAX_PAGES = 200;

type Action = { action_type: string; value: string };
type InsightRow = {
  campaign_name?: string;
  date_start?: string;
  impressions?: string;
  reach?: string;
  inline_link_clicks?: string;
  clicks?: string;
  spend?: string;
  actions?: Action[];
  action_values?: Action[];
};
type InsightPage = { data?: InsightRow[]; paging?: { next?: string } };

const count = (v: string | undefined) => Math.max(0, Math.round(Number(v ?? 0) || 0));
const cents = (v: string | undefined) => Math.max(0, Math.round((Number(v ?? 0) || 0) * 100));
/** Ads Manager shows one purchase figure, not the sum of its overlapping pixel and omni counts: the largest. */
const purchases = (list: Action[] | undefined) =>
  Math.max(0, ...(list ?? []).filter((a) => PURCHASE.has(a.action_type)).map((a) => Number(a.value) || 0));

/**
 * Pulls a client's campaign figures per day from Meta's Graph insights API (GET /{version}/act_{id}/insights)
 * with the client's sealed access token, through the guarded outbound client admitted for META_GRAPH_BASE_URL
 * only, and upserts them like an import (campaigns by name, created when missing on the Meta platform).
 * Answers how many campaign-days landed.
 */
export async function syncMetaInsights(
  ctx: Ctx,
  customerId: number,
  range: { date_from: string; date_to: string },
): Promise<{ imported: number; created_campaigns: string[] }> {
  const { accountId, token } = await readMetaConnection(ctx, customerId);
  const base = ctx.config.meta.graphBaseUrl;
  const client = ctx.outbound.forConfiguredHost(base);
  const params = new URLSearchParams({
    level: 'campaign',
    time_increment: '1',
    fields: FIELDS,
    time_range: JSON.stringify({ since: range.date_from, until: range.date_to }),
    limit: '500',
  });
  let next: string | undefined = `${base}/${ctx.config.meta.graphVersion}/act_${accountId}/insights?${params}`;
  const campaigns = new Map<string, number>();
  const created: string[] = [];
  let imported = 0;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    // Paging links carry their own cursor; one pointing off Meta's host is not followed (the token goes with it).
    if (new URL(next).origin !== new URL(base).origin) {
      break;
    }
    // Unreachable, refused or a revoked token: 503 with its own message (the provider, not our server, failed).
    const answer = await client
      .request(next, { headers: { authorization: `Bearer ${token}` } })
      .catch(() => ({ status: 0, body: Buffer.alloc(0) }));
    if (answer.status !== 200) {
      throw new AppError(503, AD_MESSAGES.metaFailed, { code: 'meta_failed' });
    }
    const body = JSON.parse(answer.body.toString('utf8')) as InsightPage;
    const rows: MetricRow[] = [];
    for (const row of body.data ?? []) {
      const name = row.campaign_name?.trim();
      if (!name || !row.date_start) {
        continue;
      }
      let id = campaigns.get(name.toLowerCase());
      if (id === undefined) {
        const made = await ctx.db.execute<{ id: number; inserted: boolean }>(sql`insert into ad_campaigns
            (customer_id, name, platform, status) values (${customerId}, ${name.slice(0, 200)}, 'meta', 'active')
          on conflict (customer_id, lower(name)) do update set updated_at = now()
          returning id, (xmax = 0) as inserted`);
        id = made.rows[0]?.id ?? 0;
        if (made.rows[0]?.inserted) {
          created.push(name);
        }
        campaigns.set(name.toLowerCase(), id);
      }
      rows.push({
        campaignId: id,
        day: row.date_start,
        impressions: count(row.impressions),
        reach: count(row.reach),
        clicks: count(row.inline_link_clicks ?? row.clicks),
        spendCents: cents(row.spend),
        conversions: purchases(row.actions),
        conversionValueCents: Math.round(purchases(row.action_values) * 100),
      });
    }
    imported += await upsertMetrics(ctx.db, rows);
    next = body.paging?.next;
  }
  return { imported, created_campaigns: created };
}
