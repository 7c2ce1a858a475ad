import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './clients';
import { createdAt, id, publicId, updatedAt } from './columns';
import { projects } from './plans';
import { requests } from './requests';
import { tasks } from './tasks';
import { users } from './users';

/** The summed figures of a rollup row, and how many daily rows they sum. */
function rollupFigures() {
  return {
    days: integer().notNull(),
    impressions: bigint({ mode: 'number' }).notNull(),
    reach: bigint({ mode: 'number' }).notNull(),
    clicks: bigint({ mode: 'number' }).notNull(),
    spendCents: bigint({ mode: 'number' }).notNull(),
    conversions: numeric({ precision: 16, scale: 2, mode: 'number' }).notNull(),
    conversionValueCents: bigint({ mode: 'number' }).notNull(),
  };
}

/**
 * Ad campaigns of a client (modules/advertising, issue 22). Names are unique per client (case-insensitive): the
 * CSV import finds a campaign by the name the ad platform exports. Money is integer cents (USD).
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: id(),
    uuid: publicId(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    projectId: integer().references(() => projects.id, { onDelete: 'set null' }),
    name: text().notNull(),
    platform: text({ enum: ['meta', 'google_ads', 'linkedin', 'tiktok'] }).notNull(),
    objective: text(),
    budgetCents: bigint({ mode: 'number' }),
    budgetType: text({ enum: ['daily', 'lifetime'] })
      .notNull()
      .default('daily'),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    status: text({ enum: ['draft', 'active', 'paused', 'ended'] })
      .notNull()
      .default('draft'),
    /** The "New Campaign" request this campaign was made from (the request-submitted listener). */
    sourceRequestId: integer().references(() => requests.id, { onDelete: 'set null' }),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ad_campaigns_customer_name_idx').on(t.customerId, sql`lower(${t.name})`),
    uniqueIndex('ad_campaigns_source_request_idx').on(t.sourceRequestId),
    index('ad_campaigns_project_idx').on(t.projectId),
    check('ad_campaigns_platform_check', sql`${t.platform} in ('meta', 'google_ads', 'linkedin', 'tiktok')`),
    check('ad_campaigns_status_check', sql`${t.status} in ('draft', 'active', 'paused', 'ended')`),
    check('ad_campaigns_budget_type_check', sql`${t.budgetType} in ('daily', 'lifetime')`),
    check('ad_campaigns_budget_check', sql`${t.budgetCents} is null or ${t.budgetCents} >= 0`),
  ],
);

/**
 * One campaign's figures for one day: the import and the Meta sync upsert on (campaign, day), so a re-import
 * replaces the day instead of adding to it. The analytics read scans by day, covering the figures (EXPLAIN in
 * the ads benchmark).
 */
export const adMetrics = pgTable(
  'ad_metrics',
  {
    campaignId: integer()
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    impressions: bigint({ mode: 'number' }).notNull().default(0),
    reach: bigint({ mode: 'number' }).notNull().default(0),
    clicks: bigint({ mode: 'number' }).notNull().default(0),
    spendCents: bigint({ mode: 'number' }).notNull().default(0),
    /** Google Ads reports fractional conversions (attribution models): two decimals. */
    conversions: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    conversionValueCents: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] }), index('ad_metrics_day_idx').on(t.day, t.campaignId)],
);

/** Tasks and requests linked to a campaign (the work that runs it). */
export const adCampaignLinks = pgTable(
  'ad_campaign_links',
  {
    id: id(),
    campaignId: integer()
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    taskId: integer().references(() => tasks.id, { onDelete: 'cascade' }),
    requestId: integer().references(() => requests.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('ad_campaign_links_task_idx').on(t.campaignId, t.taskId),
    uniqueIndex('ad_campaign_links_request_idx').on(t.campaignId, t.requestId),
    check('ad_campaign_links_one_check', sql`(${t.taskId} is null) <> (${t.requestId} is null)`),
  ],
);

/** Per client: the hand-made column mapping of an unknown CSV layout, and the Meta ad account to sync from. */
export const adClientSettings = pgTable('ad_client_settings', {
  customerId: integer()
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  /** figure → column name (AD_METRIC_FIELDS). */
  columnMapping: jsonb().$type<Record<string, string>>(),
  metaAdAccountId: text(),
  /** The Meta access token, sealed by the secret box; never answered by the API. */
  metaTokenSealed: text(),
  metaSyncedAt: timestamp({ withTimezone: true }),
  /** The last sync's failure (the message shown on the connect screen), cleared by a sync that succeeds. */
  metaSyncError: text(),
  metaSyncFailedAt: timestamp({ withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * Pre-summed figures of aligned blocks of days (2, 8, 32 and 128 days from Monday 1970-01-05) per campaign, so a
 * date range reads a handful of blocks per campaign plus at most a few single days instead of every day (the ads
 * benchmark: 90 days × 11,112 campaigns). Kept by triggers on ad_metrics in the statement that writes the days
 * (migration 0050), whoever writes them: the import, the Meta sync, a campaign's deletion, the bench seed.
 * `days` counts the metric rows inside: a block reaching 0 (only a deletion of days can) is deleted by key.
 */
export const adMetricBlocks = pgTable(
  'ad_metric_blocks',
  {
    span: smallint().notNull(),
    start: date({ mode: 'string' }).notNull(),
    campaignId: integer()
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    ...rollupFigures(),
  },
  (t) => [primaryKey({ columns: [t.span, t.start, t.campaignId] })],
);

/**
 * The figures of each client's campaigns per platform and day (same triggers): the chart's daily series and the
 * platform view read these few rows instead of every campaign's day. No foreign key to customers: a client's
 * deletion subtracts its campaigns' days through the triggers, and a cascade racing them would refuse the write.
 */
export const adDailyTotals = pgTable(
  'ad_daily_totals',
  {
    customerId: integer().notNull(),
    platform: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    ...rollupFigures(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.day, t.platform] }),
    index('ad_daily_totals_day_idx').on(t.day),
    index('ad_daily_totals_empty_idx').on(t.customerId).where(sql`${t.days} = 0`),
  ],
);
