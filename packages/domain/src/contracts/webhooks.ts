import './zod-setup';
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listResponseSchema } from './common';
import { listQuerySchema } from './lists';

/**
 * The events a webhook may subscribe to (issue 23). `onboarding.completed`: an onboarding's status became `done`
 * (docs/ARCHITECTURE.md "Webhooks").
 */
export const WEBHOOK_EVENTS = [
  'request.created',
  'request.status_changed',
  'task.created',
  'task.status_changed',
  'comment.created',
  'time_log.created',
  'upload.attached',
  'onboarding.completed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The checkbox labels of the webhook form. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'request.created': 'Request created',
  'request.status_changed': 'Request status changed',
  'task.created': 'Task created',
  'task.status_changed': 'Task status changed',
  'comment.created': 'Comment created',
  'time_log.created': 'Time log created',
  'upload.attached': 'Upload attached',
  'onboarding.completed': 'Onboarding completed',
};

/** The header that carries `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Portal-Signature';

export const WEBHOOK_URL_MAX = 2000;

export const webhookInputSchema = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_URL_MAX)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, MESSAGES.webhookUrl),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, MESSAGES.webhookEvents).max(WEBHOOK_EVENTS.length),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** PUT: the same fields, each optional, and `active` to pause or resume. */
export const webhookUpdateSchema = webhookInputSchema.partial().extend({ active: z.boolean().optional() });
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const WEBHOOK_STATUSES = ['active', 'paused'] as const;

/** A webhook as listed: never its signing secret. */
export const webhookSchema = z.object({
  uuid: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_STATUSES),
  /** Why it was paused: 'failing' (the failure rule) or 'manual'; null while active. */
  paused_reason: z.enum(['failing', 'manual']).nullable(),
  consecutive_failures: z.number().int(),
  owner: z.object({ uuid: z.uuid(), name: z.string() }),
  created_at: z.string(),
  last_delivery_at: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookResponseSchema = z.object({ data: webhookSchema });
export const webhookListResponseSchema = z.object({ data: z.array(webhookSchema) });

/** The create and rotate answers are the only places the secret appears; it is stored sealed. */
export const webhookWithSecretResponseSchema = z.object({ data: webhookSchema.extend({ secret: z.string() }) });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretResponseSchema>['data'];

export const WEBHOOK_ATTEMPT_OUTCOMES = ['succeeded', 'failed', 'skipped'] as const;

/** One attempt of one delivery (the deliveries log): a retry or a redelivery is a new row of the same delivery. */
export const webhookAttemptSchema = z.object({
  uuid: z.uuid(),
  delivery_uuid: z.uuid(),
  event: z.enum(WEBHOOK_EVENTS),
  object_uuid: z.uuid(),
  attempt: z.number().int(),
  outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES),
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** The first 1 KB of the answer's body, as text; shown as plain text only. */
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  attempted_at: z.string(),
  /** When the next retry of this delivery is due; null when none is scheduled. */
  next_attempt_at: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListQuerySchema = listQuerySchema({
  filters: { outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES) },
  sortBy: ['attempted_at'] as const,
});
export const webhookAttemptListResponseSchema = listResponseSchema(webhookAttemptSchema);
