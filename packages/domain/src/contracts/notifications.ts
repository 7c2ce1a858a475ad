import { z } from 'zod';
import { MESSAGES } from '../messages';
import { NOTIFICATION_FILTERS } from '../statuses';
import { listMetaSchema } from './common';

/** The bell loads 15 notifications a page (doc 1 §9). */
export const NOTIFICATIONS_PAGE_SIZE = 15;

/** What a notification is about; producers add kinds as the events they come from exist. */
export const NOTIFICATION_TYPES = [
  'task_assigned',
  'task_followed',
  'task_status_changed',
  'comment_mention',
  'comment_reply',
  'comment_created',
  'files_ready',
  'budget_threshold',
  'request_created',
  'request_status_changed',
  'request_assigned',
  'request_due_tomorrow',
  'form_answer_received',
  'webhook_paused',
  'onboarding_completed',
  'onboarding_stuck',
  'invoice_overdue',
  'content_client_decision',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationDataSchema = z.object({
  title: z.string(),
  sub_title: z.string().nullable(),
  content: z.string().nullable(),
  action_url: z.string().nullable(),
  resource_id: z.string().nullable(),
  has_mention: z.boolean(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

/**
 * Notification (doc 1 §3). `id` is the public uuid; `number` counts per recipient (1, 2, 3, …) and is the list's
 * cursor (`after`). Timestamps are ISO 8601 with the UTC offset.
 */
export const notificationSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  type: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: notificationDataSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * GET notifications: `page[size]` (15 by default), `after` (only numbers below it: the next page of an infinite
 * list) or `page[number]`, and the filter. Newest first.
 */
export const notificationListQuerySchema = z.object({
  page: z
    .object({
      size: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
      number: z.coerce.number().int().min(1).default(1),
    })
    .default({ size: NOTIFICATIONS_PAGE_SIZE, number: 1 }),
  after: z.coerce.number().int().min(1).optional(),
  filter: z.enum(NOTIFICATION_FILTERS).default('all'),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({ data: z.array(notificationSchema), meta: listMetaSchema });
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const notificationResponseSchema = z.object({ data: notificationSchema });

export const notificationCountResponseSchema = z.object({ data: z.object({ unread: z.number().int() }) });
export type NotificationCount = z.infer<typeof notificationCountResponseSchema>;

/** Mention count (doc 1 §3): the caller's unread notifications that mention them. */
export const mentionCountResponseSchema = z.object({ inbox_unread: z.number().int() });
export type MentionCount = z.infer<typeof mentionCountResponseSchema>;

export const notificationIdParam = z.object({ id: z.uuid() });

/**
 * A push token is the JSON of the browser's PushSubscription (endpoint and keys); the server sends Web Push to it.
 * Bounded so a token cannot be used to store arbitrary data.
 */
export const pushTokenField = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(4000, 'This field may not be longer than 4000 characters')
  .refine(isPushSubscriptionJson, { message: MESSAGES.invalidPushToken });

export const pushTokenBodySchema = z.object({ token: pushTokenField });
export type PushTokenBody = z.infer<typeof pushTokenBodySchema>;
export const pushTokenParam = z.object({ token: z.string().min(1).max(4000) });
export const pushTokenResponseSchema = z.object({ data: z.object({ token: z.string() }) });

/** Whether text is a PushSubscription as JSON: an https endpoint and its p256dh and auth keys. */
export function isPushSubscriptionJson(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const parsed = z
    .object({
      endpoint: z.url({ protocol: /^https$/ }),
      keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
    })
    .safeParse(value);
  return parsed.success;
}
