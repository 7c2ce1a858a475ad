import { z } from 'zod';
import { listQuerySchema, oneOrMany } from './lists';

/** Doc 1 §2 /logs (EMAIL_LOG_READ): the e-mail log, read from the mail outbox. */
export const EMAIL_LOG_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailLogStatus = (typeof EMAIL_LOG_STATUSES)[number];

const dateOnly = z.iso.date('Please enter a valid date');

export const emailLogListQuerySchema = listQuerySchema({
  filters: {
    status: oneOrMany(z.enum(EMAIL_LOG_STATUSES)),
    template: z.string().trim().max(60),
    from: dateOnly,
    to: dateOnly,
  },
  sortBy: ['created_at', 'to', 'subject', 'template'],
});

export const emailLogSchema = z.object({
  uuid: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** Which kind of message (password_reset, invite, notification …); null for messages sent before it was kept. */
  template: z.string().nullable(),
  status: z.enum(EMAIL_LOG_STATUSES),
  /** smtp, or outbox when no SMTP server is configured (the message is only recorded, never delivered). */
  transport: z.string(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;

export const emailLogDetailSchema = emailLogSchema.extend({
  /** The text as stored (one-time links redacted); null when the body is hidden from the reader. */
  text: z.string().nullable(),
  /** The HTML as stored; the web shows it in a sandboxed frame without scripts. Null when hidden or none. */
  html: z.string().nullable(),
  /** Mail to another staff member: only super users read its body (docs/ARCHITECTURE.md, Mail). */
  body_hidden: z.boolean(),
  /** The message carried one-time links, stored as [redacted]; it cannot be resent from the log. */
  redacted: z.boolean(),
});
export type EmailLogDetail = z.infer<typeof emailLogDetailSchema>;

/** Doc 1 §2 /activity-log (LOGS_READ): the audit trail. */
export const AUDIT_OBJECT_TYPES = [
  'task',
  'request',
  'plan',
  'client',
  'contact',
  'user',
  'role',
  'session',
  'export',
  'onboarding',
  'post',
  'post_category',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Actions as stored; models may add verbs of their own, so the filter accepts any short word. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_in_failed',
  'export',
  'publish',
  'schedule',
  'unpublish',
  'restore',
] as const;

export const activityLogListQuerySchema = z.object({
  page: listQuerySchema({ filters: {}, sortBy: ['created_at'] }).shape.page,
  filters: z
    .object({
      person: z.uuid(),
      object_type: oneOrMany(z.enum(AUDIT_OBJECT_TYPES)),
      action: oneOrMany(
        z
          .string()
          .trim()
          .regex(/^[a-z_]{1,40}$/, 'Please choose an action'),
      ),
      from: dateOnly,
      to: dateOnly,
    })
    .partial()
    .optional(),
});

export const activityLogEntrySchema = z.object({
  /** Unique across the two sources: 'a…' audit rows, 'h…' task and request history entries. */
  id: z.string(),
  created_at: z.string(),
  actor: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  /** The e-mail behind the action when there is no known person (a failed sign-in) or as it was then. */
  actor_email: z.string().nullable(),
  action: z.string(),
  object_type: z.string(),
  object: z.object({ uuid: z.string().nullable(), label: z.string().nullable(), link: z.string().nullable() }),
  /** Names of the fields that changed (task and request updates, role permission changes). */
  fields: z.array(z.string()),
  ip: z.string().nullable(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;
