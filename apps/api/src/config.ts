import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const csv = (fallback = '') =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const isCidr = (value: string) => {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
};
const minutes = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().optional(),
  /** Passkeys' relying party: the host name passkeys are bound to, and the page origins that may use them. */
  WEBAUTHN_RP_ID: z.string().optional(),
  WEBAUTHN_ORIGINS: csv(''),
  // Forwarded headers (X-Forwarded-For/Proto/Host) are believed only from these peers; anyone else could forge
  // them and pick the address that per-IP limits count.
  TRUST_PROXY: csv().refine(
    (entries) => entries.every((entry) => (entry.includes('/') ? isCidr(entry) : ipaddr.isValid(entry))),
    'must be a comma-separated list of IP addresses or CIDR ranges',
  ),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  // 0 = any free port (tests, CI): the embedded server is reached only through the URL we build for it.
  EMBEDDED_PG_PORT: z.coerce
    .number()
    .int()
    .refine((port) => port === 0 || (port >= 1024 && port <= 65535), 'must be 0 or 1024–65535')
    .default(54329),
  /**
   * Seals stored secrets the server reads back (TOTP secrets, secret-box.ts). Without it a key is generated once
   * into DATA_DIR/.app-key; several instances on separate disks must share one APP_KEY.
   */
  APP_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  /** Without SMTP: a directory that receives every message as delivered (development, end-to-end tests). */
  MAIL_PICKUP_DIR: z.string().optional(),
  /** Set when several instances run behind a load balancer: live events and shared documents travel through it. */
  REDIS_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Agency Portal <no-reply@agency-portal.local>'),
  SUPER_USER_EMAILS: csv('admin@demo.test'),
  MAINTENANCE: bool,
  MAINTENANCE_BYPASS_EMAILS: csv(),
  AUTH_TOKEN_IDLE_MINUTES: minutes(7 * 24 * 60),
  AUTH_TOKEN_LIFETIME_MINUTES: minutes(30 * 24 * 60),
  PASSWORD_RESET_MINUTES: minutes(60),
  CLIENT_DASHBOARD_URL: z.string().default('https://client.agency-portal.example'),
  GUIDES_URL: z.string().optional(),
  TIME_OFF_URL: z.string().optional(),
  BUG_REPORT_URL: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** Storage: the local disk (DATA_DIR/uploads) unless S3_BUCKET names an S3-compatible bucket (modules/uploads/storage). */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /** A mass download whose files total less than this streams as a zip at once; a larger one is zipped by a job. */
  MASS_DOWNLOAD_AT_ONCE_MAX_BYTES: z.coerce
    .number()
    .int()
    .nonnegative()
    .default(50 * 1024 * 1024),
  /**
   * The writing assistant (POST ai/enhance): any OpenAI-compatible chat-completions server. Configured when
   * AI_MODEL is set (with AI_BASE_URL for a local server such as Ollama or llama.cpp, AI_API_KEY for a hosted one).
   */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_REQUESTS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /**
   * SMS notifications through a Twilio-compatible Messages API (POST {SMS_API_URL}/2010-04-01/Accounts/{sid}/
   * Messages.json, basic auth). Configured when SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM are set.
   */
  SMS_API_URL: z.url().default('https://api.twilio.com'),
  /**
   * Where the card payment provider's SDK (stripe) sends its calls. Operator configuration: tests and the e2e run
   * point it at a local server speaking Stripe's REST API.
   */
  STRIPE_API_BASE_URL: z.url().default('https://api.stripe.com'),
  /** Meta's Graph API (ad insights sync, modules/advertising); tests point it at a local server speaking it. */
  META_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v21.0'),
  /** The hour (agency time zone) of the daily sync of every connected Meta ad account. */
  META_SYNC_HOUR: z.coerce.number().int().min(0).max(23).default(5),
  /**
   * Host names the guarded outbound client (outbound/http-client.ts: webhooks) may call although they are not
   * public, and over http. For tests only (a receiver on 127.0.0.1): never set it in a real deployment.
   */
  OUTBOUND_ALLOW_HOSTS: csv(),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  /**
   * Share links of forms (no account behind them): answers per link and per address in an hour, and every public
   * form call (page loads, draft saves) per address in a minute. An IPv6 address counts as its /64.
   */
  FORM_ANSWERS_PER_LINK_HOUR: z.coerce.number().int().positive().default(200),
  FORM_ANSWERS_PER_IP_HOUR: z.coerce.number().int().positive().default(20),
  FORM_PUBLIC_CALLS_PER_IP_MINUTE: z.coerce.number().int().positive().default(120),
  FORM_UPLOADS_PER_IP_HOUR: z.coerce.number().int().positive().default(100),
  /**
   * The agency's public website, where published posts live (`{PUBLIC_SITE_URL}/blog/{slug}` in the feed, the
   * sitemap and the public posts API); APP_URL when unset. POSTS_PUBLIC_CALLS_PER_IP_MINUTE caps the public posts
   * API per address (a CDN in front of it makes few calls).
   */
  PUBLIC_SITE_URL: z.url().optional(),
  POSTS_PUBLIC_CALLS_PER_IP_MINUTE: z.coerce.number().int().positive().default(600),
  /** Fetches of one private calendar feed (modules/calendar) in an hour: subscribed calendars poll every few hours. */
  CALENDAR_FEED_FETCHES_PER_HOUR: z.coerce.number().int().positive().default(120),
  /**
   * Single sign-on with the agency's OpenID Connect provider (modules/auth/sso): on when SSO_ISSUER is set, which
   * then needs the client id and secret and the e-mail domains allowed to sign in. SSO_JIT_DOMAINS (a subset of
   * the allowed ones) create an account on first sign-in, as SSO_JIT_ROLE: `freelancer` or the name of a staff role
   * that holds no role or user administration. SSO_ONLY_FOR_STAFF refuses staff and freelancers a password sign-in.
   */
  SSO_ISSUER: z.url().optional(),
  SSO_CLIENT_ID: z.string().min(1).optional(),
  SSO_CLIENT_SECRET: z.string().min(1).optional(),
  SSO_ALLOWED_DOMAINS: csv(),
  SSO_JIT_DOMAINS: csv(),
  SSO_JIT_ROLE: z.string().trim().min(1).default('freelancer'),
  SSO_ONLY_FOR_STAFF: bool,
  SSO_LABEL: z.string().trim().min(1).max(60).default('Sign in with single sign-on'),
  /** Test harnesses only: lets an http:// issuer on this machine (localhost, 127.0.0.1, [::1]) be used. */
  SSO_TEST_HTTP_ISSUER: bool,
  /**
   * Google Calendar (modules/google): on when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (an OAuth client of
   * type "Web application" whose redirect URI is APP_URL/google/oauth). The three URLs exist so tests can point the
   * libraries at a local server speaking Google's protocol; a deployment leaves them unset.
   */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_BASE_URL: z.url().default('https://oauth2.googleapis.com'),
  GOOGLE_API_BASE_URL: z.url().default('https://www.googleapis.com'),
  /**
   * Backups (apps/api/src/backup): the daily job of an embedded database keeps the last BACKUP_KEEP archives in
   * DATA_DIR/backups (0 = no job), written at BACKUP_HOUR in the agency's time zone. PG_BIN_DIR: the folder of a
   * pg_dump/pg_restore at least as new as the database server, when neither Debian's nor PATH's is.
   */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(365).default(7),
  BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  PG_BIN_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics at /api/metrics for whoever sends it as a bearer; unset = no metrics route at all. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** OpenTelemetry: the OTLP/HTTP collector's base URL (spans go to {it}/v1/traces); unset = no tracing at all. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('agency-portal'),
  /** After SIGTERM: how long /api/ready answers 503 while still serving, so the proxy stops sending new work. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** After SIGTERM: the most in-flight requests and running jobs are waited for before they are cut. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(8000),
  /** A migration waiting longer than this for a table lock fails (and the start with it) instead of blocking. */
  MIGRATION_LOCK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** The agency's time zone: weeks, days and recurrence are counted in it. */
  AGENCY_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone'),
});

export type AppConfig = ReturnType<typeof loadConfig>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The single sign-on settings, or null when SSO_ISSUER is unset; a half-made setting stops the server. */
function ssoConfig(e: z.infer<typeof envSchema>) {
  if (!e.SSO_ISSUER) {
    if (e.SSO_ONLY_FOR_STAFF) {
      throw new Error('Invalid configuration: SSO_ONLY_FOR_STAFF needs SSO_ISSUER');
    }
    return null;
  }
  const problems: string[] = [];
  if (!e.SSO_CLIENT_ID || !e.SSO_CLIENT_SECRET) {
    problems.push('SSO_ISSUER needs SSO_CLIENT_ID and SSO_CLIENT_SECRET');
  }
  if (e.SSO_ALLOWED_DOMAINS.length === 0) {
    problems.push('SSO_ISSUER needs SSO_ALLOWED_DOMAINS (the e-mail domains that may sign in)');
  }
  const outside = e.SSO_JIT_DOMAINS.filter((domain) => !e.SSO_ALLOWED_DOMAINS.includes(domain));
  if (outside.length) {
    problems.push(`SSO_JIT_DOMAINS must be among SSO_ALLOWED_DOMAINS (${outside.join(', ')})`);
  }
  const issuer = new URL(e.SSO_ISSUER);
  const httpAllowed = e.SSO_TEST_HTTP_ISSUER && LOOPBACK_HOSTS.has(issuer.hostname);
  if (issuer.protocol !== 'https:' && !httpAllowed) {
    problems.push('SSO_ISSUER must be https:// (SSO_TEST_HTTP_ISSUER allows http:// on this machine, for tests)');
  }
  if (problems.length) {
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  return {
    issuer: e.SSO_ISSUER,
    clientId: e.SSO_CLIENT_ID as string,
    /** Secret: sent to the provider's token endpoint only; never logged, never answered. */
    clientSecret: e.SSO_CLIENT_SECRET as string,
    allowedDomains: e.SSO_ALLOWED_DOMAINS,
    jitDomains: e.SSO_JIT_DOMAINS,
    jitRole: e.SSO_JIT_ROLE,
    onlyForStaff: e.SSO_ONLY_FOR_STAFF,
    label: e.SSO_LABEL,
    allowHttpIssuer: httpAllowed,
  };
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The hash of the web build this server serves (written by the Vite build); git HEAD when there is no build. */
function readBuildHash(): string {
  if (process.env.BUILD_HASH) {
    return process.env.BUILD_HASH;
  }
  try {
    const info = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/web/dist/build-info.json'), 'utf8')) as {
      build_hash?: string;
    };
    if (info.build_hash) {
      return info.build_hash;
    }
  } catch {
    // not built yet
  }
  try {
    return execSync('git rev-parse HEAD', { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Passkeys are bound to a host name (the relying party id) and accepted only from listed page origins. By default
 * both come from APP_URL; an IP address cannot be a relying party id, so a deployment on one must name a host.
 */
function webauthnConfig(appUrl: string, rpId: string | undefined, origins: readonly string[]) {
  const app = new URL(appUrl);
  return { rpId: rpId ?? app.hostname, origins: origins.length ? [...origins] : [app.origin], rpName: 'Agency Portal' };
}

/** Reads the environment once; everything else receives the parsed result, never process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    /** Addresses/CIDRs of reverse proxies whose forwarded headers are believed; empty = none (direct clients). */
    trustProxy: e.TRUST_PROXY,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webauthn: webauthnConfig(
      (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      e.WEBAUTHN_RP_ID,
      e.WEBAUTHN_ORIGINS,
    ),
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(REPO_ROOT, e.DATA_DIR ?? 'data'),
    appKey: e.APP_KEY ?? null,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    smtpUrl: e.SMTP_URL,
    mailPickupDir: e.MAIL_PICKUP_DIR ? path.resolve(REPO_ROOT, e.MAIL_PICKUP_DIR) : undefined,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    superUserEmails: e.SUPER_USER_EMAILS,
    maintenance: e.MAINTENANCE,
    maintenanceBypassEmails: e.MAINTENANCE_BYPASS_EMAILS,
    auth: {
      idleMinutes: e.AUTH_TOKEN_IDLE_MINUTES,
      lifetimeMinutes: e.AUTH_TOKEN_LIFETIME_MINUTES,
      passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    },
    links: {
      clientDashboardUrl: e.CLIENT_DASHBOARD_URL,
      guidesUrl: e.GUIDES_URL ?? null,
      timeOffUrl: e.TIME_OFF_URL ?? null,
      bugReportUrl: e.BUG_REPORT_URL ?? null,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    massDownloadAtOnceMaxBytes: e.MASS_DOWNLOAD_AT_ONCE_MAX_BYTES,
    storage: {
      maxUploadBytes: e.MAX_UPLOAD_BYTES,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT ?? null,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    },
    ai: e.AI_MODEL
      ? {
          baseUrl: e.AI_BASE_URL ?? 'https://api.openai.com/v1',
          apiKey: e.AI_API_KEY ?? null,
          model: e.AI_MODEL,
          requestsPerHour: e.AI_REQUESTS_PER_HOUR,
        }
      : null,
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? { apiUrl: e.SMS_API_URL, accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM }
        : null,
    stripe: { apiBaseUrl: e.STRIPE_API_BASE_URL },
    meta: {
      graphBaseUrl: e.META_GRAPH_BASE_URL.replace(/\/$/, ''),
      graphVersion: e.META_GRAPH_VERSION,
      syncHour: e.META_SYNC_HOUR,
    },
    /** Test-only exemptions of the outbound guard (OUTBOUND_ALLOW_HOSTS); empty by default. */
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS,
    formLimits: {
      answersPerLinkHour: e.FORM_ANSWERS_PER_LINK_HOUR,
      answersPerIpHour: e.FORM_ANSWERS_PER_IP_HOUR,
      publicCallsPerIpMinute: e.FORM_PUBLIC_CALLS_PER_IP_MINUTE,
      uploadsPerIpHour: e.FORM_UPLOADS_PER_IP_HOUR,
    },
    calendarFeedFetchesPerHour: e.CALENDAR_FEED_FETCHES_PER_HOUR,
    posts: {
      siteUrl: (e.PUBLIC_SITE_URL ?? e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      publicCallsPerIpMinute: e.POSTS_PUBLIC_CALLS_PER_IP_MINUTE,
    },
    sso: ssoConfig(e),
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            /** Secret: sent to Google's token endpoint only; never logged, never answered. */
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL,
            oauthBaseUrl: e.GOOGLE_OAUTH_BASE_URL.replace(/\/$/, ''),
            apiBaseUrl: `${e.GOOGLE_API_BASE_URL.replace(/\/$/, '')}/`,
          }
        : null,
    backup: { keep: e.BACKUP_KEEP, hour: e.BACKUP_HOUR, pgBinDir: e.PG_BIN_DIR ?? null },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME }
      : null,
    drain: { delayMs: e.DRAIN_DELAY_MS, timeoutMs: e.DRAIN_TIMEOUT_MS },
    migrationLockTimeoutMs: e.MIGRATION_LOCK_TIMEOUT_MS,
    agencyTimeZone: e.AGENCY_TIME_ZONE,
    version: readVersion(),
    buildHash: readBuildHash(),
  };
}
