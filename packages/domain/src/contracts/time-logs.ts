import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TIMELOG_CATEGORIES, TIMELOG_SOURCES, TIMER_STATUSES } from '../statuses';
import { listMetaSchema, pageQuerySchema } from './common';
import { oneOrMany, sortDirectionSchema } from './lists';

/** A calendar day as the API sends it: YYYY-MM-DD (the UI types MM/DD/YYYY and converts). */
export const isoDaySchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/** Upper bound of one log: 1,000 hours. */
export const MAX_TIMELOG_MINUTES = 60_000;

/**
 * Time log (doc 2 §3). Timestamps (started_at, created_at) are ISO 8601 with the UTC offset
 * (e.g. 2026-11-20T14:03:00.000Z); the web shows them in the agency time zone.
 * A running log keeps what was accumulated before its last start in `minutes` and the start in `started_at`;
 * `elapsed_minutes` is computed by the server at answer time (minutes + whole minutes since started_at for a
 * running log, else minutes), so a timer shows the right time after a reload or on another device.
 * `abilities` says what the caller may do with this log (freelancers never update or delete).
 */
export const timeLogSchema = z.object({
  uuid: z.uuid(),
  task: z.object({ uuid: z.uuid(), title: z.string() }).nullable(),
  /** A log belongs to a task or to a request (doc 2 §7 request time log); request_id is the request's uuid. */
  request: z.object({ uuid: z.uuid(), subject: z.string() }).nullable(),
  request_id: z.uuid().nullable(),
  user: z.object({ uuid: z.uuid(), name: z.string() }),
  date: z.string(),
  minutes: z.number().int(),
  started_at: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(TIMER_STATUSES),
  created_at: z.string(),
  source: z.enum(TIMELOG_SOURCES),
  source_uuid: z.uuid().nullable(),
  elapsed_minutes: z.number().int(),
  category: z.enum(TIMELOG_CATEGORIES).nullable(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type TimeLog = z.infer<typeof timeLogSchema>;

const minutesField = z
  .number({ error: MESSAGES.timeAboveZero })
  .int(MESSAGES.timeAboveZero)
  .min(0, MESSAGES.timeAboveZero)
  .max(MAX_TIMELOG_MINUTES, `Time should be at most ${MAX_TIMELOG_MINUTES / 60}:00`);

const descriptionField = z.string().trim().max(5000, 'This field may not be longer than 5000 characters').nullish();
const refTokenField = z.string().max(100).nullish();
export const TIMELOG_CATEGORY_MESSAGE = 'The category must be billable, non-billable or sgm-non-billable';
/** A log's category (doc 2 §9); left out on create, the log takes its plan's default_timelog_category. */
const categoryField = z.enum(TIMELOG_CATEGORIES, { error: TIMELOG_CATEGORY_MESSAGE }).nullish();
/** The spec's start format (doc 1 §9, doc 2 §9): a wall-clock time without zone, read in the agency's time zone. */
export const WALL_CLOCK_START = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
export const STARTED_AT_MESSAGE = 'The start must be YYYY-MM-DD HH:mm:ss or an ISO 8601 date-time';

/** A real calendar time: 2026-02-30 10:00:00 and 24:00:00 are refused, not rolled over. */
function isRealWallClock(value: string): boolean {
  const iso = `${value.replace(' ', 'T')}Z`;
  const time = Date.parse(iso);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 19) === iso.slice(0, 19);
}

/**
 * started_at as the spec sends it, 'YYYY-MM-DD HH:mm:ss' (read in the agency's time zone, AGENCY_TIME_ZONE), or
 * ISO 8601 with an offset ('2026-03-02T14:05:00Z', '…-05:00'). It records when the work of an entry began; a
 * running timer's start is always the server's clock, so a client cannot add time by back-dating it.
 */
const startedAtField = z
  .string()
  .refine(
    (value) =>
      WALL_CLOCK_START.test(value) ? isRealWallClock(value) : z.iso.datetime({ offset: true }).safeParse(value).success,
    STARTED_AT_MESSAGE,
  )
  .nullish()
  .meta({
    description:
      "When the work began: 'YYYY-MM-DD HH:mm:ss' in the agency's time zone (AGENCY_TIME_ZONE) or ISO 8601 with an offset. Stored for entries (paused, completed); a running timer starts at the server's clock.",
    examples: ['2026-03-02 09:30:00'],
  });

const isObjectPayload = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);

/**
 * POST time-log (doc 2 §7). Exactly one source: task_id = task uuid or request_id = request uuid. user_id = user
 * uuid (default: the caller; another user needs TIMELOG_FOR_OTHERS). status running starts a timer (first pausing
 * the user's other running log); paused/completed need minutes > 0 ('Time should be bigger than 00:00' on
 * minutes, checked by the server); description is required for completed task entries ('This field is required').
 */
export const timeLogCreateSchema = z
  .object({
    task_id: z.uuid({ error: MESSAGES.required }).nullish(),
    request_id: z.uuid({ error: MESSAGES.required }).nullish(),
    user_id: z.uuid().nullish(),
    date: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).pipe(isoDaySchema),
    started_at: startedAtField,
    description: descriptionField,
    status: z.enum(TIMER_STATUSES).default('completed'),
    minutes: minutesField.default(0),
    category: categoryField,
    ref_token: refTokenField,
  })
  // Checked even when other fields fail (so a form learns every missing field at once), but only on an object.
  .refine((input) => Boolean(input.task_id || input.request_id), {
    path: ['task_id'],
    message: MESSAGES.required,
    when: isObjectPayload,
  })
  .refine((input) => !(input.task_id && input.request_id), {
    path: ['request_id'],
    message: MESSAGES.oneTimeLogSource,
    when: isObjectPayload,
  });
export type TimeLogCreateInput = z.input<typeof timeLogCreateSchema>;

/**
 * PUT time-log/{uuid}: every field optional. status running = start/resume; paused = pause (minutes +=
 * elapsed); completed = add entry (minutes = max(timer elapsed, typed minutes)). A change to nothing writes nothing.
 */
export const timeLogUpdateSchema = z.object({
  started_at: startedAtField,
  minutes: minutesField.optional(),
  date: z.string().min(1, MESSAGES.required).pipe(isoDaySchema).optional(),
  description: descriptionField,
  status: z.enum(TIMER_STATUSES).optional(),
  category: categoryField,
  ref_token: refTokenField,
});
export type TimeLogUpdateInput = z.input<typeof timeLogUpdateSchema>;

export const timeLogResponseSchema = z.object({ data: timeLogSchema });

/**
 * GET time-log: filters[user.uuid][], filters[status][] (running + paused for the active-timers dropdown),
 * filters[task.uuid], filters[request.uuid], filters[date][greater_than_or_equals] /
 * filters[date][less_than_or_equals]; newest date first.
 */
export const timeLogListQuerySchema = z.object({
  page: pageQuerySchema,
  filters: z
    .object({
      'user.uuid': oneOrMany(z.uuid()),
      status: oneOrMany(z.enum(TIMER_STATUSES)),
      'task.uuid': z.uuid(),
      'request.uuid': z.uuid(),
      date: z.object({ greater_than_or_equals: isoDaySchema, less_than_or_equals: isoDaySchema }).partial().optional(),
    })
    .partial()
    .optional(),
});
export type TimeLogListQuery = z.input<typeof timeLogListQuerySchema>;
/** meta.total is the '{n} timelogs found' count of the Timelogs tab. */
export const timeLogListResponseSchema = z.object({ data: z.array(timeLogSchema), meta: listMetaSchema });

/** The Timelogs tabs' sortable columns (Tracked, Date, User, Created At); without a sort, newest date first. */
export const TIME_LOG_TAB_SORTS = ['minutes', 'date', 'user.name', 'created_at'] as const;
export type TimeLogTabSort = (typeof TIME_LOG_TAB_SORTS)[number];

/** GET tasks/{uuid}/time-logs and GET requests/{uuid}/time-logs (the Timelogs tabs). */
export const taskTimeLogListQuerySchema = z.object({
  page: pageQuerySchema,
  sort: z.object({ by: z.enum(TIME_LOG_TAB_SORTS).optional(), direction: sortDirectionSchema.optional() }).optional(),
});

/** GET project-tasks/{taskUuid}/time-logs/{userUuid}: completed minutes of that user and of everyone. */
export const taskTimeTotalSchema = z.object({
  sum_user_completed: z.number().int(),
  sum_completed: z.number().int(),
});
export type TaskTimeTotal = z.infer<typeof taskTimeTotalSchema>;
export const taskTimeTotalResponseSchema = z.object({ data: taskTimeTotalSchema });

/**
 * GET time-log/weekly-summary: the caller's Monday–Sunday week in the agency time zone. total_minutes counts every
 * log of the week (a running timer up to now); behind = isWeeklyTotalBehind(total, today's weekday) and
 * threshold_minutes is today's threshold (doc 1 §9), so the header turns red from the server's answer.
 */
export const weeklySummarySchema = z.object({
  week_start: z.string(),
  week_end: z.string(),
  today: z.string(),
  total_minutes: z.number().int(),
  by_day: z.array(z.object({ date: z.string(), minutes: z.number().int() })),
  threshold_minutes: z.number().int(),
  behind: z.boolean(),
});
export type WeeklySummary = z.infer<typeof weeklySummarySchema>;
export const weeklySummaryResponseSchema = z.object({ data: weeklySummarySchema });
