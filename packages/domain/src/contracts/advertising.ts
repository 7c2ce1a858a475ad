import { z } from 'zod';
import {
  AD_BUDGET_TYPES,
  AD_CAMPAIGN_STATUSES,
  AD_MESSAGES,
  AD_METRIC_FIELDS,
  AD_PLATFORMS,
} from '../rules/advertising';
import { listMetaSchema, optionalText, pageQuerySchema, requiredText } from './common';
import { listQuerySchema, oneOrMany } from './lists';

/** Ad campaigns, their import and the ad-analytics read (issue 22). Money: integer cents (USD). */

const isoDate = z.iso.date();
const cents = z.number().int().min(0).max(100_000_000_00);

const campaignFields = {
  name: requiredText(200),
  platform: z.enum(AD_PLATFORMS),
  objective: optionalText(200),
  customer_uuid: z.uuid(),
  project_uuid: z.uuid().nullish(),
  budget: cents.nullish(),
  budget_type: z.enum(AD_BUDGET_TYPES).default('daily'),
  start_date: isoDate.nullish(),
  end_date: isoDate.nullish(),
  status: z.enum(AD_CAMPAIGN_STATUSES).default('draft'),
  task_uuids: z.array(z.uuid()).max(50).optional(),
  request_uuids: z.array(z.uuid()).max(50).optional(),
};

const datesInOrder = (v: { start_date?: string | null; end_date?: string | null }) =>
  !v.start_date || !v.end_date || v.start_date <= v.end_date;

export const campaignInputSchema = z
  .object(campaignFields)
  .refine(datesInOrder, { message: AD_MESSAGES.endBeforeStart, path: ['end_date'] });
export type CampaignInput = z.input<typeof campaignInputSchema>;

export const campaignUpdateSchema = z
  .object({
    name: campaignFields.name.optional(),
    platform: campaignFields.platform.optional(),
    objective: campaignFields.objective,
    project_uuid: campaignFields.project_uuid,
    budget: campaignFields.budget,
    budget_type: z.enum(AD_BUDGET_TYPES).optional(),
    start_date: campaignFields.start_date,
    end_date: campaignFields.end_date,
    status: z.enum(AD_CAMPAIGN_STATUSES).optional(),
    task_uuids: campaignFields.task_uuids,
    request_uuids: campaignFields.request_uuids,
  })
  .refine(datesInOrder, { message: AD_MESSAGES.endBeforeStart, path: ['end_date'] });
export type CampaignUpdate = z.input<typeof campaignUpdateSchema>;

const refSchema = z.object({ uuid: z.uuid(), title: z.string() });

export const campaignSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  platform: z.enum(AD_PLATFORMS),
  objective: z.string().nullable(),
  customer: z.object({ uuid: z.uuid(), business_name: z.string() }),
  project: refSchema.nullable(),
  budget: z.number().int().nullable(),
  budget_type: z.enum(AD_BUDGET_TYPES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: z.enum(AD_CAMPAIGN_STATUSES),
  tasks: z.array(refSchema),
  requests: z.array(refSchema),
  /** Spend over the campaign's whole life (cents), from its metrics. */
  spend: z.number().int(),
  created_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignResponseSchema = z.object({ data: campaignSchema });

export const CAMPAIGN_SORT_FIELDS = ['name', 'customer', 'platform', 'status', 'start_date', 'spend'] as const;
export const campaignListQuerySchema = listQuerySchema({
  filters: {
    platform: oneOrMany(z.enum(AD_PLATFORMS)),
    status: oneOrMany(z.enum(AD_CAMPAIGN_STATUSES)),
    customer_uuid: oneOrMany(z.uuid()),
  },
  sortBy: CAMPAIGN_SORT_FIELDS,
});
export const campaignListResponseSchema = z.object({
  data: z.array(campaignSchema),
  meta: z.object({
    total: z.number().int(),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
  }),
});

export const campaignImportSchema = z.object({ upload_uuid: z.uuid(), customer_uuid: z.uuid() });
export const campaignImportReportSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** The campaigns the file named that did not exist yet for this client, created by the import. */
  created_campaigns: z.array(z.string()),
  /** Which layout was read: a known export, or this client's remembered mapping. */
  layout: z.enum(['meta', 'google_ads', 'mapping']),
});
export type CampaignImportReport = z.infer<typeof campaignImportReportSchema>;

/** A hand-made mapping: figure → the file's column name (a column used once at most). */
export const adMappingSchema = z.object({
  columns: z.partialRecord(z.enum(AD_METRIC_FIELDS), z.string().trim().min(1).max(200)),
});
export type AdMapping = z.infer<typeof adMappingSchema>;
export const adMappingResponseSchema = z.object({ data: adMappingSchema.nullable() });
export const customerUuidParam = z.object({ customer_uuid: z.uuid() });

export const adAnalyticsQuerySchema = z
  .object({
    group_by: z.enum(['campaign', 'platform']).default('campaign'),
    date_from: isoDate,
    date_to: isoDate,
    customer_uuid: z.uuid().optional(),
    /** The campaign table is paged (50 rows by default, up to 1,000); totals and the series cover every row. */
    page: pageQuerySchema,
  })
  .refine((v) => v.date_from <= v.date_to, { message: AD_MESSAGES.endBeforeStart, path: ['date_to'] });
export type AdAnalyticsQuery = z.output<typeof adAnalyticsQuerySchema>;

const figures = {
  impressions: z.number().int(),
  reach: z.number().int(),
  clicks: z.number().int(),
  spend: z.number().int(),
  conversions: z.number(),
  conversion_value: z.number().int(),
};
const derived = {
  ctr: z.number().nullable(),
  cpc: z.number().nullable(),
  cpm: z.number().nullable(),
  cpa: z.number().nullable(),
  roas: z.number().nullable(),
};
export const adAnalyticsRowSchema = z.object({
  campaign_uuid: z.uuid().optional(),
  campaign_name: z.string().optional(),
  customer_name: z.string().optional(),
  platform: z.enum(AD_PLATFORMS),
  ...figures,
  ...derived,
});
export type AdAnalyticsRow = z.infer<typeof adAnalyticsRowSchema>;
export const adAnalyticsResponseSchema = z.object({
  data: z.array(adAnalyticsRowSchema),
  meta: listMetaSchema,
  totals: z.object({ ...figures, ...derived }),
  /** One point per day of the range (zeros on days without figures), for the chart. */
  series: z.array(z.object({ day: z.string(), ...figures })),
});
export type AdAnalytics = z.infer<typeof adAnalyticsResponseSchema>;
export const adAnalyticsExportQuerySchema = z
  .object({ format: z.enum(['csv', 'xlsx']).default('csv') })
  .and(adAnalyticsQuerySchema);

export const metaConnectionSchema = z.object({
  ad_account_id: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'The ad account id is the number after act_'),
  access_token: z.string().trim().min(10).max(1000),
});
export const metaSyncSchema = z.object({ customer_uuid: z.uuid(), date_from: isoDate, date_to: isoDate });

/** A client's Meta connection as the connect screen shows it: never the token, only what it is and how it went. */
export const metaConnectionStateSchema = z.object({
  customer_uuid: z.uuid(),
  customer_name: z.string(),
  ad_account_id: z.string(),
  synced_at: z.string().nullable(),
  sync_error: z.string().nullable(),
  sync_failed_at: z.string().nullable(),
});
export type MetaConnectionState = z.infer<typeof metaConnectionStateSchema>;
export const metaConnectionListResponseSchema = z.object({ data: z.array(metaConnectionStateSchema) });
export const metaSyncResultSchema = z.object({
  message: z.string(),
  imported: z.number().int(),
  created_campaigns: z.array(z.string()),
});
