import { z } from 'zod';
import { listMetaSchema, pageQuerySchema } from '../contracts/common';
import { listSearchTermSchema, oneOrMany, queryBoolean, sortDirectionSchema } from '../contracts/lists';
import { PLAN_STATUSES, type PlanStatus, PROJECT_TYPES } from '../statuses';

/** Project time report default statuses (doc 2 §9). */
export const PROJECT_TIME_REPORT_DEFAULT_STATUSES: PlanStatus[] = [
  'paused',
  'waiting_to_launch',
  'in_progress',
  'active',
];
export const PROJECT_TIME_REPORT_SORTS = [
  'title',
  'budget',
  'spent',
  'estimated',
  'available',
  'available_from_timelogs',
  'total_credits',
  'total_timelogs',
] as const;

/**
 * GET reports/project-time (doc 2 §7): filters[projects.status][] (default paused, waiting_to_launch, in_progress,
 * active), filters[project_type][], advertising (1: only plans with advertising services — requests whose service
 * is tagged 'advertising'; 0: only plans without), search_term (title or client), page, sort (default title asc).
 */
export const projectTimeReportQuerySchema = z.object({
  page: pageQuerySchema,
  search_term: listSearchTermSchema.optional(),
  advertising: queryBoolean,
  filters: z
    .object({
      'projects.status': oneOrMany(z.enum(PLAN_STATUSES)),
      project_type: oneOrMany(z.enum(PROJECT_TYPES)),
    })
    .partial()
    .optional(),
  sort: z
    .object({ by: z.enum(PROJECT_TIME_REPORT_SORTS).optional(), direction: sortDirectionSchema.optional() })
    .optional(),
});
export type ProjectTimeReportQuery = z.input<typeof projectTimeReportQuerySchema>;

/**
 * Project time report row (doc 2 §3), every time in minutes, "this period" being the plan's current monthly credit
 * period (as in the budget panel):
 * - budget: this period's credit (the reload amount when not credited yet);
 * - spent: minutes logged on the plan this period;
 * - estimated: spent + the open requests' estimates (upper bound); estimated_original: spent + the open requests'
 *   estimates as the service catalogue first set them;
 * - total_credits: every credit row (credits, adjustments, expiries); total_timelogs: every minute ever logged;
 * - available_from_timelogs: total_credits − total_timelogs (the panel's Balance);
 * - available: available_from_timelogs − the open requests' estimates;
 * - spent_percent / estimated_percent: of budget (the bars; over 100 is the danger style).
 */
export const projectTimeReportRowSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  status: z.enum(PLAN_STATUSES),
  project_type: z.enum(PROJECT_TYPES),
  customer: z.object({ uuid: z.uuid(), business_name: z.string() }).nullable(),
  period_start: z.string().nullable(),
  budget: z.number().int(),
  estimated: z.number().int(),
  estimated_original: z.number().int(),
  spent: z.number().int(),
  available: z.number().int(),
  available_from_timelogs: z.number().int(),
  total_credits: z.number().int(),
  total_timelogs: z.number().int(),
  spent_percent: z.number(),
  estimated_percent: z.number(),
  /** This period's logs priced at the applicable hourly rates, in cents (USD); null without CHARGES_READ. */
  spent_amount_cents: z.number().int().nullable(),
});
export type ProjectTimeReportRow = z.infer<typeof projectTimeReportRowSchema>;

/** Sums of every matching plan (not only the page), same fields and units as a row. */
export const projectTimeReportTotalsSchema = z.object({
  budget: z.number().int(),
  estimated: z.number().int(),
  estimated_original: z.number().int(),
  spent: z.number().int(),
  available: z.number().int(),
  available_from_timelogs: z.number().int(),
  total_credits: z.number().int(),
  total_timelogs: z.number().int(),
  spent_amount_cents: z.number().int().nullable(),
});
export type ProjectTimeReportTotals = z.infer<typeof projectTimeReportTotalsSchema>;

export const projectTimeReportResponseSchema = z.object({
  data: z.array(projectTimeReportRowSchema),
  meta: listMetaSchema,
  totals: projectTimeReportTotalsSchema,
});
export type ProjectTimeReportResponse = z.infer<typeof projectTimeReportResponseSchema>;
