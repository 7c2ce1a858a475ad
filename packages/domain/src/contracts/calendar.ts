import './zod-setup';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { oneOrMany } from './lists';

/**
 * The calendar (issue 21): what has a date and who may see it (docs/ARCHITECTURE.md "Calendar"). A task is one
 * event (its start–due span, or the one date it has); a request its delivery date; a scheduled comment (the
 * viewer's own, still to be sent) its send time; a retainer plan each monthly credit renewal.
 */
export const CALENDAR_KINDS = ['task', 'request', 'comment', 'renewal', 'content'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  task: 'Task',
  request: 'Request delivery',
  comment: 'Scheduled comment',
  renewal: 'Credit renewal',
  // Content plans (issue 22): a post's scheduled time.
  content: 'Scheduled post',
};

export const CALENDAR_MOVE_FIELDS = ['start_date', 'end_date', 'target_date'] as const;
export type CalendarMoveField = (typeof CALENDAR_MOVE_FIELDS)[number];

/** Events one range may hold; a wider answer would be unreadable and slow, so the caller narrows it. */
export const CALENDAR_MAX_EVENTS = 2000;
/** The longest range one call may ask for: a month view with its leading and trailing weeks fits (42 days). */
export const CALENDAR_MAX_RANGE_DAYS = 62;

const day = z.iso.date();

/** GET calendar/events: start inclusive, end exclusive (as FullCalendar asks), dates in the agency's calendar. */
export const calendarEventsQuerySchema = z
  .object({
    start: day,
    end: day,
    kinds: oneOrMany(z.enum(CALENDAR_KINDS)).optional(),
    user_uuid: z.uuid().optional(),
    project_uuid: z.uuid().optional(),
    customer_uuid: z.uuid().optional(),
  })
  .superRefine((query, context) => {
    const days = (Date.parse(query.end) - Date.parse(query.start)) / 86_400_000;
    if (!(days > 0)) {
      context.addIssue({ code: 'custom', path: ['end'], message: MESSAGES.calendarRangeOrder });
    } else if (days > CALENDAR_MAX_RANGE_DAYS) {
      context.addIssue({ code: 'custom', path: ['end'], message: MESSAGES.calendarRangeTooLong });
    }
  });
export type CalendarEventsQuery = z.output<typeof calendarEventsQuerySchema>;

export const calendarEventSchema = z.object({
  /** Stable per item and kind: `task:<uuid>`, `renewal:<plan uuid>:<date>`. */
  id: z.string(),
  kind: z.enum(CALENDAR_KINDS),
  title: z.string(),
  /** YYYY-MM-DD for all-day events, an ISO instant otherwise. */
  start: z.string(),
  /** Exclusive end (the day after the last day) for multi-day events; null for a single day or instant. */
  end: z.string().nullable(),
  all_day: z.boolean(),
  /** What clicking opens: the task drawer, the request page, the plan page, or a plan's content (/content). */
  open: z.object({ type: z.enum(['task', 'request', 'plan', 'content']), uuid: z.uuid() }),
  /** Whether the viewer may drag it to another day (the server's update rules still decide). */
  movable: z.boolean(),
  /**
   * The fields a move sends to the item's own PUT (tasks/{uuid}, requests/{uuid}): start_date takes the new first
   * day, end_date the new last day, target_date the new day. Empty when the event cannot move.
   */
  moves: z.array(z.enum(CALENDAR_MOVE_FIELDS)),
  plan: z.object({ uuid: z.uuid(), title: z.string() }).nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarEventsResponseSchema = z.object({ data: z.array(calendarEventSchema) });

export const calendarFeedResponseSchema = z.object({ data: z.object({ url: z.string() }) });
export type CalendarFeed = z.infer<typeof calendarFeedResponseSchema>['data'];
