import { z } from 'zod';
import { oneOrMany } from '../contracts/lists';
import { TIMER_STATUSES } from '../statuses';
import { checkReportRange, reportRangeFields } from './common';

/**
 * GET projects/time-log/general-report (doc 2 §7): filters[status][] (default completed), optional date_from /
 * date_to, project_uuid and user_uuid. Freelancers get their own time only.
 */
export const generalReportQuerySchema = z
  .object({
    ...reportRangeFields,
    project_uuid: z.uuid().optional(),
    user_uuid: z.uuid().optional(),
    filters: z
      .object({ status: oneOrMany(z.enum(TIMER_STATUSES)) })
      .partial()
      .optional(),
  })
  .superRefine(checkReportRange);
export type GeneralReportQuery = z.input<typeof generalReportQuerySchema>;

/** Minutes logged on requests and on tasks (the spec's requests_total_time, tasks_total_time) and both together. */
export const generalReportSchema = z.object({
  requests_total_time: z.number().int(),
  tasks_total_time: z.number().int(),
  total_time: z.number().int(),
});
export type GeneralReport = z.infer<typeof generalReportSchema>;
export const generalReportResponseSchema = z.object({ data: generalReportSchema });
