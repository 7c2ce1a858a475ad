import {
  AD_PLATFORM_LABELS,
  type AdAnalytics,
  type AdAnalyticsQuery,
  type AdAnalyticsRow,
  type AdFigures,
  type AdPlatform,
  deriveAdMetrics,
  type ExportFormat,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { listMeta, pageOffset } from '../../http/list-paging';
import type { ExportColumn, ExportSpec } from '../tables/export-stream';
import { rangeFigures } from './ad-rollups';
import { customerIdOf } from './ad-settings';
import { type Viewer, viewerScope } from './campaign-commands';

type SumRow = {
  campaign_uuid?: string;
  campaign_name?: string;
  customer_name?: string;
  platform: AdPlatform;
  impressions: string;
  reach: string;
  clicks: string;
  spend: string;
  conversions: string;
  conversion_value: string;
};

const sums = sql`sum(m.impressions)::bigint as impressions, sum(m.reach)::bigint as reach,
  sum(m.clicks)::bigint as clicks, sum(m.spend_cents)::bigint as spend, sum(m.conversions) as conversions,
  sum(m.conversion_value_cents)::bigint as conversion_value`;

function figuresOf(row: Partial<Record<keyof AdFigures, unknown>>): AdFigures {
  return {
    impressions: Number(row.impressions ?? 0),
    reach: Number(row.reach ?? 0),
    clicks: Number(row.clicks ?? 0),
    spend: Number(row.spend ?? 0),
    conversions: Number(row.conversions ?? 0),
    conversion_value: Number(row.conversion_value ?? 0),
  };
}

type Scope = { viewer: Viewer; customerId: number | null; from: string; to: string };

async function scopeOf(db: DbExecutor, viewer: Viewer, query: AdAnalyticsQuery): Promise<Scope> {
  const customerId = query.customer_uuid ? await customerIdOf(db, query.customer_uuid) : null;
  return { viewer, customerId, from: query.date_from, to: query.date_to };
}

/** The campaigns in view, as a condition on `a`. */
function campaignsOf(scope: Scope): SQL {
  const campaign = [viewerScope(scope.viewer)];
  if (scope.customerId !== null) {
    campaign.push(sql`a.customer_id = ${scope.customerId}`);
  }
  return sql.join(campaign, sql` and `);
}

/**
 * The figures per platform and day as rows `m(day, platform, …figures)`. Regular staff see every campaign, so the
 * per-client daily totals answer (a few rows a day); a freelancer's few campaigns are read from their days.
 */
function dailyFigures(scope: Scope): SQL {
  const range = sql`m.day between ${scope.from}::date and ${scope.to}::date`;
  if (!scope.viewer.freelancer) {
    const client = scope.customerId === null ? sql`true` : sql`m.customer_id = ${scope.customerId}`;
    return sql`ad_daily_totals m where ${range} and ${client}`;
  }
  return sql`(select d.*, a.platform from ad_metrics d join ad_campaigns a on a.id = d.campaign_id
      where ${campaignsOf(scope)}) m where ${range}`;
}

/**
 * The grouped select: by campaign (sorted by campaign name, as the spec's "campaign table" is; summed from the
 * rollup blocks, ad-rollups.ts) or by platform (the spec's "social" view). Only campaigns with figures in the range
 * appear.
 */
function groupedQuery(scope: Scope, groupBy: AdAnalyticsQuery['group_by']): SQL {
  if (groupBy === 'platform') {
    return sql`select m.platform, ${sums} from ${dailyFigures(scope)} group by m.platform order by m.platform`;
  }
  return sql`select a.uuid as campaign_uuid, a.name as campaign_name, c.business_name as customer_name, a.platform,
      s.impressions, s.reach, s.clicks, s.spend, s.conversions, s.conversion_value
    from (select m.campaign_id, ${sums} from ${rangeFigures(scope.from, scope.to, campaignsOf(scope))}
        group by m.campaign_id) s
      join ad_campaigns a on a.id = s.campaign_id join customers c on c.id = a.customer_id
    order by lower(a.name), a.id`;
}

/**
 * The page of campaigns with figures in the range, in the table's order (campaign name), and how many there are.
 * Only the page's campaigns are summed: the whole table is 11,000 rows for a big account, too many to sum, check and
 * send on every view (the export streams them all).
 */
async function campaignPage(db: DbExecutor, scope: Scope, page: AdAnalyticsQuery['page']) {
  // One probe of ad_metrics' primary key per campaign: a lateral `limit 1` keeps PostgreSQL from turning the test
  // into a hash join over every day of the range (a million rows for a big account's quarter).
  const withFigures = sql`ad_campaigns a cross join lateral (select 1 from ad_metrics d
      where d.campaign_id = a.id and d.day between ${scope.from}::date and ${scope.to}::date limit 1) f
    where ${campaignsOf(scope)}`;
  const [ids, count] = await Promise.all([
    db.execute<{ id: number }>(sql`select a.id from ${withFigures}
      order by lower(a.name), a.id limit ${page.size} offset ${pageOffset(page)}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from ${withFigures}`),
  ]);
  const pageIds = ids.rows.map((r) => Number(r.id));
  const rows = pageIds.length
    ? await db.execute<SumRow>(sql`select a.uuid as campaign_uuid, a.name as campaign_name,
          c.business_name as customer_name, a.platform,
          s.impressions, s.reach, s.clicks, s.spend, s.conversions, s.conversion_value
        from (select m.campaign_id, ${sums}
            from ${rangeFigures(scope.from, scope.to, sql`a.id = any(${sql.param(pageIds)}::int[])`, pageIds)}
            group by m.campaign_id) s
          join ad_campaigns a on a.id = s.campaign_id join customers c on c.id = a.customer_id
        order by lower(a.name), a.id`)
    : { rows: [] as SumRow[] };
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/**
 * GET ad-analytics: a page of the grouped rows with derived metrics, and over every row of the range the totals and
 * a per-day series for the chart (the totals are the series summed: the same figures, read once).
 */
export async function adAnalytics(db: DbExecutor, viewer: Viewer, query: AdAnalyticsQuery): Promise<AdAnalytics> {
  const scope = await scopeOf(db, viewer, query);
  const grouped =
    query.group_by === 'campaign'
      ? campaignPage(db, scope, query.page)
      : db.execute<SumRow>(groupedQuery(scope, 'platform')).then((r) => ({
          rows: r.rows.slice(pageOffset(query.page), pageOffset(query.page) + query.page.size),
          total: r.rows.length,
        }));
  const [page, daily] = await Promise.all([
    grouped,
    db.execute<{ day: string } & Record<keyof AdFigures, string>>(sql`select d.day::date::text as day,
        coalesce(s.impressions, 0) as impressions, coalesce(s.reach, 0) as reach, coalesce(s.clicks, 0) as clicks,
        coalesce(s.spend, 0) as spend, coalesce(s.conversions, 0) as conversions,
        coalesce(s.conversion_value, 0) as conversion_value
      from generate_series(${query.date_from}::date, ${query.date_to}::date, interval '1 day') d(day)
      left join (select m.day, ${sums} from ${dailyFigures(scope)} group by m.day) s on s.day = d.day::date
      order by d.day`),
  ]);
  const data: AdAnalyticsRow[] = page.rows.map((row) => {
    const figures = figuresOf(row);
    return {
      ...(row.campaign_uuid
        ? { campaign_uuid: row.campaign_uuid, campaign_name: row.campaign_name, customer_name: row.customer_name }
        : {}),
      platform: row.platform,
      ...figures,
      ...deriveAdMetrics(figures),
    };
  });
  const series = daily.rows.map((row) => ({ day: row.day, ...figuresOf(row) }));
  const totals: AdFigures = figuresOf({});
  for (const day of series) {
    for (const key of Object.keys(totals) as (keyof AdFigures)[]) {
      totals[key] += day[key];
    }
  }
  totals.conversions = Math.round(totals.conversions * 100) / 100;
  return {
    data,
    meta: listMeta(page.total, query.page),
    totals: { ...totals, ...deriveAdMetrics(totals) },
    series,
  };
}

const money = (cents: number | null) => (cents === null ? null : Math.round(cents) / 100);
const derivedOf = (row: Record<string, unknown>) => deriveAdMetrics(figuresOf(row));

/** The export of the grouped table: the same rows, money in dollars, CTR in percent. */
export async function adAnalyticsExport(
  db: DbExecutor,
  viewer: Viewer,
  query: AdAnalyticsQuery & { format: ExportFormat },
): Promise<ExportSpec> {
  const scope = await scopeOf(db, viewer, query);
  const first: ExportColumn[] =
    query.group_by === 'platform'
      ? [{ header: 'Platform', value: (r) => AD_PLATFORM_LABELS[r.platform as AdPlatform] ?? String(r.platform) }]
      : [
          { header: 'Campaign', value: (r) => String(r.campaign_name) },
          { header: 'Client', value: (r) => String(r.customer_name) },
          { header: 'Platform', value: (r) => AD_PLATFORM_LABELS[r.platform as AdPlatform] ?? String(r.platform) },
        ];
  const columns: ExportColumn[] = [
    ...first,
    { header: 'Impressions', value: (r) => Number(r.impressions) },
    { header: 'Reach', value: (r) => Number(r.reach) },
    { header: 'Clicks', value: (r) => Number(r.clicks) },
    { header: 'Spend (USD)', value: (r) => money(Number(r.spend)) },
    { header: 'Conversions', value: (r) => Number(r.conversions) },
    { header: 'Conversion value (USD)', value: (r) => money(Number(r.conversion_value)) },
    { header: 'CTR (%)', value: (r) => nullable(derivedOf(r).ctr, (v) => Math.round(v * 10000) / 100) },
    { header: 'CPC (USD)', value: (r) => money(derivedOf(r).cpc) },
    { header: 'CPM (USD)', value: (r) => money(derivedOf(r).cpm) },
    { header: 'CPA (USD)', value: (r) => money(derivedOf(r).cpa) },
    { header: 'ROAS', value: (r) => derivedOf(r).roas },
  ];
  return {
    name: query.group_by === 'platform' ? 'ad-analytics-platforms' : 'ad-analytics-campaigns',
    format: query.format,
    columns,
    query: groupedQuery(scope, query.group_by),
  };
}

const nullable = (v: number | null, f: (n: number) => number) => (v === null ? null : f(v));
