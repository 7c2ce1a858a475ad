import './zod-setup';
import { z } from 'zod';

/** What kind of device a session's browser ran on, read from its user agent. */
export const SESSION_DEVICES = ['desktop', 'mobile', 'tablet', 'unknown'] as const;
export type SessionDevice = (typeof SESSION_DEVICES)[number];

/**
 * One signed-in device (issue 23, Sessions): a live sign-in of the person, never its token. Browser and OS are read
 * from the user agent the sign-in sent; `current` marks the session answering this call.
 */
export const deviceSessionSchema = z.object({
  uuid: z.uuid(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.enum(SESSION_DEVICES),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const deviceSessionListResponseSchema = z.object({ data: z.array(deviceSessionSchema) });

/** DELETE sessions (all others) and DELETE users/{uuid}/sessions answer how many sessions ended. */
export const sessionsEndedResponseSchema = z.object({ message: z.string(), ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedResponseSchema>;
