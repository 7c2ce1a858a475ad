import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

export type MetricRow = {
  campaignId: number;
  day: string;
  impressions: number;
  reach: number;
  clicks: number;
  spendCents: number;
  conversions: number;
  conversionValueCents: number;
};

/**
 * Upserts figures by (campaign, day), one statement per batch through unnest. A file may name the same campaign
 * and day twice; the later line wins, as it would in a spreadsheet, and one statement may not touch a row twice.
 * Answers how many lines landed (duplicates included: each was read and applied).
 */
export async function upsertMetrics(db: DbExecutor, rows: readonly MetricRow[]): Promise<number> {
  if (rows.length === 0) {
    return 0;
  }
  const byKey = new Map<string, MetricRow>();
  for (const row of rows) {
    byKey.set(`${row.campaignId}|${row.day}`, row);
  }
  const unique = [...byKey.values()];
  const column = <K extends keyof MetricRow>(key: K) => sql.param(unique.map((r) => r[key]));
  await db.execute(sql`insert into ad_metrics
      (campaign_id, day, impressions, reach, clicks, spend_cents, conversions, conversion_value_cents)
    select * from unnest(${column('campaignId')}::int[], ${column('day')}::date[], ${column('impressions')}::bigint[],
      ${column('reach')}::bigint[], ${column('clicks')}::bigint[], ${column('spendCents')}::bigint[],
      ${column('conversions')}::numeric[], ${column('conversionValueCents')}::bigint[])
    on conflict (campaign_id, day) do update set impressions = excluded.impressions, reach = excluded.reach,
      clicks = excluded.clicks, spend_cents = excluded.spend_cents, conversions = excluded.conversions,
      conversion_value_cents = excluded.conversion_value_cents`);
  return rows.length;
}
