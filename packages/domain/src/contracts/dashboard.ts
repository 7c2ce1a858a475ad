import { z } from 'zod';
import { PLAN_KINDS, REQUEST_STATUSES } from '../statuses';
import { taskPrioritySchema, taskStatusSchema } from './tasks';
import { timeLogSchema, weeklySummarySchema } from './time-logs';

/**
 * GET dashboard (doc 1 §2, doc 2 §2): what needs the signed-in person today, in one call. Blocks the caller may not
 * see are null (a freelancer has no requests or activity blocks; without TIMELOG_READ there is no week).
 */

/** How many rows each list block carries; its count says how many there are in all. */
export const DASHBOARD_LIST_LIMIT = 10;
export const DASHBOARD_TASK_GROUPS = ['overdue', 'today', 'week'] as const;
export type DashboardTaskGroup = (typeof DASHBOARD_TASK_GROUPS)[number];

export const dashboardTaskSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  project: z.object({ uuid: z.uuid(), title: z.string(), kind: z.enum(PLAN_KINDS) }),
});
export type DashboardTask = z.infer<typeof dashboardTaskSchema>;

const taskGroup = z.object({ count: z.number().int(), items: z.array(dashboardTaskSchema) });

export const dashboardRequestSchema = z.object({
  uuid: z.uuid(),
  subject: z.string(),
  status: z.enum(REQUEST_STATUSES),
  target_date: z.string().nullable(),
  created_at: z.string(),
  project: z.object({ uuid: z.uuid(), title: z.string() }).nullable(),
});
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

const requestGroup = z.object({ count: z.number().int(), items: z.array(dashboardRequestSchema) });

export const dashboardActivitySchema = z.object({
  id: z.number().int(),
  subject_type: z.enum(['task', 'request']),
  subject: z.object({ uuid: z.uuid(), title: z.string() }),
  action: z.enum(['create', 'update']),
  /** The names of the fields that changed, as the history lists them. */
  fields: z.array(z.string()),
  author: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

export const dashboardSchema = z.object({
  /** The agency's today (YYYY-MM-DD), which the task groups are cut by. */
  today: z.string(),
  week_end: z.string(),
  tasks: z.object({ overdue: taskGroup, today: taskGroup, week: taskGroup }),
  /** The running timer, else the most recently paused one; count is every open timer. */
  timer: z.object({ count: z.number().int(), current: timeLogSchema.nullable() }).nullable(),
  week: weeklySummarySchema.nullable(),
  /**
   * waiting: requests the caller is responsible for that are new or need attention. new_on_my_plans: new requests
   * on plans the caller manages (null for someone who manages none).
   */
  requests: z.object({ waiting: requestGroup, new_on_my_plans: requestGroup.nullable() }).nullable(),
  mentions: z.object({ unread: z.number().int() }).nullable(),
  activity: z.array(dashboardActivitySchema).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ data: dashboardSchema });
