/**
 * Ad campaigns and their analytics (issue 22). Money is integer cents (USD) everywhere in the API, under the
 * issue's field names (`budget`, `spend`, `conversion_value`); the screens show dollars with two decimals.
 */
export const AD_PLATFORMS = ['meta', 'google_ads', 'linkedin', 'tiktok'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

export const AD_PLATFORM_LABELS: Record<AdPlatform, string> = {
  meta: 'Meta',
  google_ads: 'Google Ads',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
};

export const AD_BUDGET_TYPES = ['daily', 'lifetime'] as const;
export const AD_CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type AdCampaignStatus = (typeof AD_CAMPAIGN_STATUSES)[number];

/** The figures a metrics row carries, in the order of the import mapping screen. */
export const AD_METRIC_FIELDS = [
  'campaign_name',
  'day',
  'impressions',
  'reach',
  'clicks',
  'spend',
  'conversions',
  'conversion_value',
] as const;
export type AdMetricField = (typeof AD_METRIC_FIELDS)[number];
/** Without these three a line cannot be placed; the figures default to 0 when their column is absent. */
export const AD_REQUIRED_FIELDS: readonly AdMetricField[] = ['campaign_name', 'day', 'impressions'];

export const AD_MESSAGES = {
  campaignDeleted: 'The campaign was deleted.',
  endBeforeStart: 'The end date must be on or after the start date',
  unknownHeaders: 'The file has columns we do not recognise: map them to the figures once for this client.',
  mappingSaved: 'The column mapping was saved.',
  uploadNotFound: 'The file was not found, or it is not yours.',
  notCsv: 'The file is not a CSV file.',
  noHeaderRow: 'The file has no header row we can read.',
  campaignNameMissing: 'The campaign name is empty',
  dayInvalid: 'The day is not a date (YYYY-MM-DD)',
  numberInvalid: (field: string) => `${field} is not a number`,
  negative: (field: string) => `${field} may not be negative`,
  metaNotConnected: 'Connect a Meta ad account for this client first.',
  metaFailed: 'Meta did not answer the insights request.',
  metaConnected: 'The Meta ad account was connected.',
  metaDisconnected: 'The Meta ad account was disconnected.',
  metaSynced: (imported: number) => `Synced ${imported} campaign days from Meta.`,
  noPlanAccess: 'You may not use this plan.',
  planOfAnotherClient: 'The plan belongs to another client',
} as const;

export type AdFigures = {
  impressions: number;
  reach: number;
  clicks: number;
  /** cents */
  spend: number;
  conversions: number;
  /** cents */
  conversion_value: number;
};

export type AdDerived = {
  /** clicks / impressions, a fraction (0.0123 = 1.23 %). */
  ctr: number | null;
  /** cents per click */
  cpc: number | null;
  /** cents per thousand impressions */
  cpm: number | null;
  /** cents per conversion */
  cpa: number | null;
  /** conversion value / spend */
  roas: number | null;
};

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
const round = (n: number | null, digits: number) => (n === null ? null : Number(n.toFixed(digits)));

/** The derived metrics: a zero denominator gives null ("no value"), never Infinity or NaN. */
export function deriveAdMetrics(f: AdFigures): AdDerived {
  return {
    ctr: round(ratio(f.clicks, f.impressions), 6),
    cpc: round(ratio(f.spend, f.clicks), 2),
    cpm: round(ratio(f.spend * 1000, f.impressions), 2),
    cpa: round(ratio(f.spend, f.conversions), 2),
    roas: round(ratio(f.conversion_value, f.spend), 4),
  };
}
