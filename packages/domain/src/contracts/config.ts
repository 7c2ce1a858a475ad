import { z } from 'zod';

/** Public runtime configuration the web app reads before sign-in (GET /api/config). */
export const publicConfigSchema = z.object({
  app_name: z.string(),
  version: z.string(),
  build_hash: z.string(),
  environment: z.enum(['development', 'production', 'test']),
  maintenance: z.boolean(),
  client_dashboard_url: z.string(),
  guides_url: z.string().nullable(),
  time_off_url: z.string().nullable(),
  bug_report_url: z.string().nullable(),
  /** The server's VAPID public key: what the browser subscribes to Web Push with (base64url). */
  vapid_public_key: z.string().nullable(),
  /** Whether the writing assistant (AI_MODEL …) is configured: without it the Enhance action is hidden. */
  ai_enabled: z.boolean(),
  /** Whether SMS can be sent (SMS_ACCOUNT_SID …): without it nobody is asked for a phone for texts. */
  sms_enabled: z.boolean(),
  /** Single sign-on (SSO_ISSUER …): null when off; else the label of the login page's button (SSO_LABEL). */
  sso: z.object({ label: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/ready: whether a proxy should send this instance work; only the names of failing checks, nothing more. */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'failing']),
  failing: z.array(z.enum(['draining', 'database', 'migrations', 'redis'])),
});
export type Readiness = z.infer<typeof readinessSchema>;
