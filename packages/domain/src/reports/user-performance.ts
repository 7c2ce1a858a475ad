import { z } from 'zod';
import { listMetaSchema, pageQuerySchema } from '../contracts/common';
import { listSearchTermSchema, sortDirectionSchema } from '../contracts/lists';
import { isoDaySchema } from '../contracts/time-logs';
import { TIMELOG_CATEGORIES, TIMELOG_SOURCES } from '../statuses';
import { reportFilterFields, reportUserSchema, reportWindowSchema } from './common';

export const USER_PERFORMANCE_SORTS = [
  'name',
  'logged_minutes',
  'logged_percent',
  'billable_share',
  'tasks_completed',
  'requests_completed',
  'on_time_rate',
  'estimate_accuracy',
] as const;

/**
 * GET reports/user-performance and GET reports/user-performance/{userUuid} (doc 2 §7): filters user_type,
 * category, source, project_type over the 30-day window ending on date_to (default today in the agency's time
 * zone; doc 1 §9). The list takes search_term (name), page and sort (default name asc). Freelancers see themselves.
 */
export const userPerformanceQuerySchema = z.object({
  ...reportFilterFields,
  date_to: isoDaySchema.optional(),
  search_term: listSearchTermSchema.optional(),
  page: pageQuerySchema,
  sort: z
    .object({ by: z.enum(USER_PERFORMANCE_SORTS).optional(), direction: sortDirectionSchema.optional() })
    .optional(),
});
export type UserPerformanceQuery = z.input<typeof userPerformanceQuerySchema>;

/**
 * One person's figures over the window, minutes for times and percentages 0–100 (one decimal):
 * - logged_minutes: completed time logged (after the category/source/project_type filters);
 * - expected_minutes: 450 per working day (Monday–Friday) of the window up to today, the weekly thresholds' pace;
 * - logged_percent: logged / expected (null when nothing is expected);
 * - billable_minutes and billable_share: billable part of logged (null when nothing logged);
 * - tasks_completed / requests_completed: completed in the window with this person responsible;
 * - on_time_rate: share of those with a due date (task end_date, request target_date) completed on or before it;
 * - estimate_accuracy: mean over those tasks with an estimate of max(0, 100 − |logged − estimate| / estimate × 100),
 *   logged being all completed time on the task (null when none).
 */
export const userPerformanceRowSchema = z.object({
  user: reportUserSchema,
  logged_minutes: z.number().int(),
  expected_minutes: z.number().int(),
  logged_percent: z.number().nullable(),
  billable_minutes: z.number().int(),
  billable_share: z.number().nullable(),
  tasks_completed: z.number().int(),
  requests_completed: z.number().int(),
  on_time_rate: z.number().nullable(),
  estimate_accuracy: z.number().nullable(),
});
export type UserPerformanceRow = z.infer<typeof userPerformanceRowSchema>;

/** One day of the window (every day, oldest first) for the charts. */
export const userPerformanceDaySchema = z.object({
  date: z.string(),
  logged_minutes: z.number().int(),
  billable_minutes: z.number().int(),
  expected_minutes: z.number().int(),
  tasks_completed: z.number().int(),
  requests_completed: z.number().int(),
});
export type UserPerformanceDay = z.infer<typeof userPerformanceDaySchema>;

/** The list: one row per person (active staff matching the filters), the team's per-day series and its totals. */
export const userPerformanceListResponseSchema = z.object({
  data: z.array(userPerformanceRowSchema),
  meta: listMetaSchema.extend({ window: reportWindowSchema }),
  totals: z.object({
    logged_minutes: z.number().int(),
    expected_minutes: z.number().int(),
    billable_minutes: z.number().int(),
    tasks_completed: z.number().int(),
    requests_completed: z.number().int(),
    by_day: z.array(userPerformanceDaySchema),
  }),
});
export type UserPerformanceListResponse = z.infer<typeof userPerformanceListResponseSchema>;

/** One person in detail: the row, the per-day series and where the time went. */
export const userPerformanceDetailSchema = userPerformanceRowSchema.extend({
  window: reportWindowSchema,
  by_day: z.array(userPerformanceDaySchema),
  by_category: z.array(z.object({ category: z.enum(TIMELOG_CATEGORIES), minutes: z.number().int() })),
  by_source: z.array(z.object({ source: z.enum(TIMELOG_SOURCES), minutes: z.number().int() })),
  /** The ten plans with most of this person's time in the window, most first. */
  by_project: z.array(
    z.object({ project: z.object({ uuid: z.uuid(), title: z.string() }), minutes: z.number().int() }),
  ),
});
export type UserPerformanceDetail = z.infer<typeof userPerformanceDetailSchema>;
export const userPerformanceDetailResponseSchema = z.object({ data: userPerformanceDetailSchema });
export const userPerformanceParamsSchema = z.object({ userUuid: z.uuid() });
