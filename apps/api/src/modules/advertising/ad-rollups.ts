import { type SQL, sql } from 'drizzle-orm';

/**
 * Reading a date range from the rollups (migration 0050). ad_metric_blocks pre-sums each campaign's days in aligned
 * blocks of 2, 8, 32 and 128 days (aligned on Monday 1970-01-05); a range is cut into the largest aligned blocks that
 * fit it plus the single days left at its edges, so 90 days read about 7 rows per campaign instead of 90. The sums
 * are the same integers (and two-decimal conversions) the days add up to, so every derived ratio is identical.
 */
const SPANS = [128, 32, 8, 2] as const;
const EPOCH = Date.UTC(1970, 0, 5) / 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000 - EPOCH;
const dayOf = (n: number) => new Date((n + EPOCH) * 86_400_000).toISOString().slice(0, 10);

export type RangePieces = { spans: number[]; starts: string[]; days: string[] };

/** The aligned blocks (span and first day) and the single days that exactly cover `from`…`to`, each day once. */
export function rangePieces(from: string, to: string): RangePieces {
  const pieces: RangePieces = { spans: [], starts: [], days: [] };
  const last = dayNumber(to);
  let cursor = dayNumber(from);
  while (cursor <= last) {
    const span = SPANS.find((s) => cursor % s === 0 && cursor + s - 1 <= last);
    if (span === undefined) {
      pieces.days.push(dayOf(cursor));
      cursor += 1;
    } else {
      pieces.spans.push(span);
      pieces.starts.push(dayOf(cursor));
      cursor += span;
    }
  }
  return pieces;
}

/**
 * The campaigns' figures over the range as rows `m(campaign_id, impressions, reach, clicks, spend_cents, conversions,
 * conversion_value_cents)`, a campaign appearing once per block or edge day it has figures in: sum them by campaign.
 * `campaigns` is a condition on `a` (ad_campaigns).
 */
export function rangeFigures(from: string, to: string, campaigns: SQL, campaignIds?: readonly number[]): SQL {
  const pieces = rangePieces(from, to);
  const figures = sql`impressions, reach, clicks, spend_cents, conversions, conversion_value_cents`;
  // One `span = … and start = any(…)` per span: each is a range of the primary key, which PostgreSQL reads by
  // index (a join against unnest'ed pairs was planned as a scan of every block).
  const bySpan = SPANS.map((span) => ({
    span,
    starts: pieces.starts.filter((_, i) => pieces.spans[i] === span),
  })).filter((s) => s.starts.length > 0);
  const blocks = bySpan.length
    ? sql.join(
        bySpan.map((s) => sql`(b.span = ${s.span} and b.start = any(${sql.param(s.starts)}::date[]))`),
        sql` or `,
      )
    : sql`false`;
  // A page of campaigns (`campaignIds`) is named inside both arms, where it completes the primary keys' ranges; a
  // condition only outside the union would read every campaign's blocks first.
  const blockIds = campaignIds ? sql` and b.campaign_id = any(${sql.param(campaignIds)}::int[])` : sql``;
  const dayIds = campaignIds ? sql` and d.campaign_id = any(${sql.param(campaignIds)}::int[])` : sql``;
  return sql`(select b.campaign_id, ${figures} from ad_metric_blocks b where (${blocks})${blockIds}
    union all
    select d.campaign_id, ${figures} from ad_metrics d where d.day = any(${sql.param(pieces.days)}::date[])${dayIds}) m
    where m.campaign_id in (select a.id from ad_campaigns a where ${campaigns})`;
}
