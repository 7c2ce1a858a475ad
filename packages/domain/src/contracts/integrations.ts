import './zod-setup';
import { z } from 'zod';

/**
 * Integrations (issue 21): the services configured by the environment, shown read-only, and each person's Google
 * Calendar connection. No answer ever carries a secret or a token: a configured service shows a non-secret detail
 * (a host, a bucket, a model) and Google shows the account's address and the chosen calendar.
 */
export const ENVIRONMENT_INTEGRATIONS = ['smtp', 'sms', 'ai', 's3', 'redis'] as const;
export type EnvironmentIntegration = (typeof ENVIRONMENT_INTEGRATIONS)[number];

/** The ones a real check exists for: SMTP verifies the connection, S3 heads the bucket, Redis answers a PING. */
export const TESTABLE_INTEGRATIONS = ['smtp', 's3', 'redis'] as const;
export type TestableIntegration = (typeof TESTABLE_INTEGRATIONS)[number];

export const ENVIRONMENT_INTEGRATION_LABELS: Record<EnvironmentIntegration, string> = {
  smtp: 'E-mail (SMTP)',
  sms: 'Text messages (SMS)',
  ai: 'AI provider',
  s3: 'File storage (S3)',
  redis: 'Redis',
};

export const environmentIntegrationSchema = z.object({
  kind: z.enum(ENVIRONMENT_INTEGRATIONS),
  label: z.string(),
  configured: z.boolean(),
  /** A non-secret detail: a host name, a bucket, a model. Null when not configured. */
  detail: z.string().nullable(),
  testable: z.boolean(),
});
export type EnvironmentIntegrationState = z.infer<typeof environmentIntegrationSchema>;

export const integrationListResponseSchema = z.object({ data: z.array(environmentIntegrationSchema) });

export const integrationKindParam = z.object({ kind: z.enum(TESTABLE_INTEGRATIONS) });

export const integrationTestResponseSchema = z.object({
  data: z.object({ ok: z.boolean(), message: z.string() }),
});

export const GOOGLE_EVENT_SHAPES = ['due_date', 'span'] as const;
export const GOOGLE_TASK_SCOPES = ['responsible', 'visible'] as const;

export const GOOGLE_EVENT_SHAPE_LABELS: Record<(typeof GOOGLE_EVENT_SHAPES)[number], string> = {
  due_date: 'Due dates (all-day events)',
  span: 'From start date to due date',
};
export const GOOGLE_TASK_SCOPE_LABELS: Record<(typeof GOOGLE_TASK_SCOPES)[number], string> = {
  responsible: "Only tasks I'm responsible for",
  visible: 'All tasks I can see',
};

export const googleStateSchema = z.object({
  /** Whether the server has a Google OAuth client at all; when false, `reason` says why Connect is unavailable. */
  configured: z.boolean(),
  reason: z.string().nullable(),
  connected: z.boolean(),
  email: z.string().nullable(),
  calendar_id: z.string().nullable(),
  calendar_name: z.string().nullable(),
  event_shape: z.enum(GOOGLE_EVENT_SHAPES),
  task_scope: z.enum(GOOGLE_TASK_SCOPES),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type GoogleState = z.infer<typeof googleStateSchema>;
export const googleStateResponseSchema = z.object({ data: googleStateSchema });

export const googleAuthorizeResponseSchema = z.object({ data: z.object({ url: z.string() }) });

export const googleCallbackSchema = z.object({
  code: z.string().trim().min(1).max(2000),
  state: z.string().trim().min(1).max(200),
});

export const googleCalendarSchema = z.object({ id: z.string(), name: z.string(), primary: z.boolean() });
export const googleCalendarListResponseSchema = z.object({ data: z.array(googleCalendarSchema) });

export const googleSettingsSchema = z.object({
  calendar_id: z.string().trim().min(1).max(1024),
  event_shape: z.enum(GOOGLE_EVENT_SHAPES),
  task_scope: z.enum(GOOGLE_TASK_SCOPES),
});
export type GoogleSettings = z.infer<typeof googleSettingsSchema>;

export const GOOGLE_MESSAGES = {
  notConfigured:
    'Google Calendar is not set up on this server: an administrator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  notConnected: 'Connect your Google account first.',
  badState: 'This Google sign-in link has expired or was already used. Start again from Integrations.',
  exchangeFailed: 'Google did not accept the authorization. Please try connecting again.',
  denied: 'Google Calendar was not connected: access was not granted at Google.',
  connected: 'Google Calendar connected. Choose the calendar to sync your tasks to.',
  disconnected: 'Google Calendar disconnected.',
  saved: 'Google Calendar settings saved. Your tasks are being synced.',
  unknownCalendar: 'That calendar is not in your Google account.',
  notConfiguredService: 'Not configured.',
} as const;
