import { z } from 'zod';
import { exportFormatSchema, exportPageSchema } from '../contracts/bulk';
import { listMetaSchema } from '../contracts/common';
import { oneOrMany, sortDirectionSchema } from '../contracts/lists';
import { PROJECT_TYPES, TIMELOG_CATEGORIES, TIMELOG_SOURCES, TIMER_STATUSES } from '../statuses';
import {
  checkReportRange,
  queryBoolean,
  reportFilterFields,
  reportRangeFields,
  reportUserSchema,
  reportWindowSchema,
} from './common';

/** The timelog report shows up to 500 rows a page (doc 2 §9). */
export const TIME_LOG_REPORT_MAX_PAGE_SIZE = 500;
/** The per-day chart stacks this many plans by name; the rest of the day is one "Other" part (uuid null). */
export const TIME_LOG_REPORT_CHART_PROJECTS = 10;
export const TIME_LOG_REPORT_SORTS = ['date', 'minutes', 'user', 'project'] as const;

/**
 * GET reports/time-logs (doc 2 §7). date_from/date_to (YYYY-MM-DD, default the last 30 days in the agency's time
 * zone, both inclusive), project_uuid, user_uuid, user_type, project_type, source, category (one value or a list),
 * missed_only (only people/days below the weekly-hours thresholds), status (default completed). Freelancers always
 * get their own logs only.
 */
const timeLogReportFilters = {
  ...reportRangeFields,
  ...reportFilterFields,
  project_uuid: z.uuid().optional(),
  user_uuid: z.uuid().optional(),
  missed_only: queryBoolean,
  status: oneOrMany(z.enum(TIMER_STATUSES)).optional(),
  sort: z
    .object({ by: z.enum(TIME_LOG_REPORT_SORTS).optional(), direction: sortDirectionSchema.optional() })
    .optional(),
};

export const timeLogReportQuerySchema = z
  .object({
    ...timeLogReportFilters,
    page: z
      .object({
        size: z.coerce.number().int().min(1).max(TIME_LOG_REPORT_MAX_PAGE_SIZE).default(50),
        number: z.coerce.number().int().min(1).default(1),
      })
      .default({ size: 50, number: 1 }),
  })
  .superRefine(checkReportRange);
export type TimeLogReportQuery = z.input<typeof timeLogReportQuerySchema>;

/**
 * GET reports/time-logs/export-all: the report's filters and sort (every one of them, so the file holds exactly the
 * report's logs) with the export's page (up to 100,000 rows) and format.
 */
export const timeLogReportExportQuerySchema = z
  .object({ ...timeLogReportFilters, page: exportPageSchema, format: exportFormatSchema.default('csv') })
  .superRefine(checkReportRange);

/** One time log of the report. minutes: the logged minutes (a running timer's accumulated part). */
export const timeLogReportRowSchema = z.object({
  uuid: z.uuid(),
  date: z.string(),
  minutes: z.number().int(),
  description: z.string().nullable(),
  status: z.enum(TIMER_STATUSES),
  /** The log's category; a log saved without one reads as its plan's default category. */
  category: z.enum(TIMELOG_CATEGORIES),
  source: z.enum(TIMELOG_SOURCES),
  source_uuid: z.uuid(),
  task: z.object({ uuid: z.uuid(), title: z.string() }).nullable(),
  request: z.object({ uuid: z.uuid(), subject: z.string() }).nullable(),
  project: z.object({ uuid: z.uuid(), title: z.string(), project_type: z.enum(PROJECT_TYPES) }).nullable(),
  customer: z.object({ uuid: z.uuid(), business_name: z.string() }).nullable(),
  user: reportUserSchema,
  /** True when the person was below the weekly-hours threshold at the end of this log's day. */
  missed: z.boolean(),
  created_at: z.string(),
  /** Minutes × the applicable hourly rate, in cents (USD); null for viewers without CHARGES_READ. */
  amount_cents: z.number().int().nullable(),
});
export type TimeLogReportRow = z.infer<typeof timeLogReportRowSchema>;

export const timeLogReportUserTotalSchema = z.object({
  user: reportUserSchema,
  minutes: z.number().int(),
  billable_minutes: z.number().int(),
  /** Days of the range (up to today) on which this person was below the weekly-hours threshold. */
  missed_days: z.number().int(),
});
export type TimeLogReportUserTotal = z.infer<typeof timeLogReportUserTotalSchema>;

export const timeLogReportProjectTotalSchema = z.object({
  /** null: logs whose task has no plan (never for request logs). */
  project: z.object({ uuid: z.uuid(), title: z.string(), project_type: z.enum(PROJECT_TYPES) }).nullable(),
  customer: z.object({ uuid: z.uuid(), business_name: z.string() }).nullable(),
  minutes: z.number().int(),
  billable_minutes: z.number().int(),
  /** The plan's logs' amounts, in cents; null for viewers without CHARGES_READ. */
  amount_cents: z.number().int().nullable(),
});
export type TimeLogReportProjectTotal = z.infer<typeof timeLogReportProjectTotalSchema>;

/**
 * One day of the range (every day, zeros included, oldest first) with its stacks for the chart: by_user holds every
 * person with time that day; by_project the TIME_LOG_REPORT_CHART_PROJECTS plans with most time over the range, the
 * rest in one part whose uuid is null.
 */
export const timeLogReportDaySchema = z.object({
  date: z.string(),
  minutes: z.number().int(),
  billable_minutes: z.number().int(),
  by_user: z.array(z.object({ uuid: z.uuid(), minutes: z.number().int() })),
  by_project: z.array(z.object({ uuid: z.uuid().nullable(), minutes: z.number().int() })),
});
export type TimeLogReportDay = z.infer<typeof timeLogReportDaySchema>;

/** A person's day below the weekly-hours threshold: week_minutes is the week (Monday on) through that day. */
export const missedDaySchema = z.object({
  user_uuid: z.uuid(),
  date: z.string(),
  week_minutes: z.number().int(),
  threshold_minutes: z.number().int(),
});
export type MissedDay = z.infer<typeof missedDaySchema>;

/** by_project lists at most this many plans (most time first); by_project_count says how many had time. */
export const TIME_LOG_REPORT_BY_PROJECT_LIMIT = 200;

/**
 * Totals over every row that matches (not just the page), all in minutes: by_user (most time first; with
 * missed_only also the people with missed days and no time), by_project (most time first, at most
 * TIME_LOG_REPORT_BY_PROJECT_LIMIT plans; by_project_count counts them all), by_day (the chart), missed
 * (people/days below the thresholds, newest first, at most 1000). Thresholds count all of a person's logs, whatever
 * the plan, source or category filters.
 */
export const timeLogReportTotalsSchema = z.object({
  total: z.number().int(),
  billable: z.number().int(),
  /** Every matching log's amount summed, in cents (USD); null for viewers without CHARGES_READ. */
  amount_cents: z.number().int().nullable(),
  by_user: z.array(timeLogReportUserTotalSchema),
  by_project: z.array(timeLogReportProjectTotalSchema),
  by_project_count: z.number().int(),
  by_day: z.array(timeLogReportDaySchema),
  missed: z.array(missedDaySchema),
});
export type TimeLogReportTotals = z.infer<typeof timeLogReportTotalsSchema>;

export const timeLogReportResponseSchema = z.object({
  data: z.array(timeLogReportRowSchema),
  meta: listMetaSchema.extend({ window: reportWindowSchema }),
  totals: timeLogReportTotalsSchema,
});
export type TimeLogReportResponse = z.infer<typeof timeLogReportResponseSchema>;
