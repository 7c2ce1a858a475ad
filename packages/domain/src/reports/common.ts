import { z } from 'zod';
import { oneOrMany, queryBoolean } from '../contracts/lists';
import { isoDaySchema } from '../contracts/time-logs';
import { PROJECT_TYPES, TIMELOG_CATEGORIES, TIMELOG_SOURCES } from '../statuses';
import { APP_USER_TYPES } from '../user-types';

/** Report defaults (doc 2 §9): the last 30 days; the performance window is 30 days too (doc 1 §9). */
export const REPORT_DEFAULT_DAYS = 30;
export const PERFORMANCE_WINDOW_DAYS = 30;
/** The longest range one report call may cover, so a typo (year 2062) cannot scan the whole table. */
export const REPORT_MAX_RANGE_DAYS = 366;
/** The weekly thresholds (rules/weekly-hours.ts) grow by 450 minutes a working day: the expected day. */
export const EXPECTED_DAILY_MINUTES = 450;

export const REPORT_RANGE_MESSAGE = 'The start date must be on or before the end date';
export const REPORT_RANGE_LENGTH_MESSAGE = `A report may cover at most ${REPORT_MAX_RANGE_DAYS} days`;

/** Filters shared by the time-log and performance reports; each takes one value or a list (`source[]=task`). */
export const reportFilterFields = {
  user_type: oneOrMany(z.enum(APP_USER_TYPES)).optional(),
  project_type: oneOrMany(z.enum(PROJECT_TYPES)).optional(),
  source: oneOrMany(z.enum(TIMELOG_SOURCES)).optional(),
  category: oneOrMany(z.enum(TIMELOG_CATEGORIES)).optional(),
};

export const reportRangeFields = {
  date_from: isoDaySchema.optional(),
  date_to: isoDaySchema.optional(),
};

export { queryBoolean };

/** A person as reports show them. */
export const reportUserSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  type: z.enum(APP_USER_TYPES),
});
export type ReportUser = z.infer<typeof reportUserSchema>;

export const reportWindowSchema = z.object({ date_from: z.string(), date_to: z.string() });
export type ReportWindow = z.infer<typeof reportWindowSchema>;

export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Refinement for a date_from/date_to pair: ordered and not longer than REPORT_MAX_RANGE_DAYS. */
export function checkReportRange(value: { date_from?: string; date_to?: string }, ctx: z.RefinementCtx): void {
  if (!value.date_from || !value.date_to) {
    return;
  }
  if (value.date_from > value.date_to) {
    ctx.addIssue({ code: 'custom', path: ['date_from'], message: REPORT_RANGE_MESSAGE });
  } else if (dayCount(value.date_from, value.date_to) > REPORT_MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['date_to'], message: REPORT_RANGE_LENGTH_MESSAGE });
  }
}
