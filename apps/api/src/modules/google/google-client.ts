import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { eq } from 'drizzle-orm';
import { OAuth2Client } from 'google-auth-library';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import { googleAccounts } from '../../db/schema';

export type GoogleConfig = NonNullable<AppConfig['google']>;
type Ctx = Pick<AppContext, 'config' | 'db' | 'secrets'>;

/** Read and write the person's calendars and events; nothing else of their account. */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];

/** The OAuth client, pointed at the configured endpoints (Google's, or a local stand-in in tests). */
export function oauthClient(config: AppConfig, google: GoogleConfig): OAuth2Client {
  return new OAuth2Client({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: `${config.appUrl}/google/oauth`,
    endpoints: {
      oauth2AuthBaseUrl: google.authUrl,
      oauth2TokenUrl: `${google.oauthBaseUrl}/token`,
      oauth2RevokeUrl: `${google.oauthBaseUrl}/revoke`,
    },
  });
}

export function calendarApi(google: GoogleConfig, auth: OAuth2Client): calendar_v3.Calendar {
  return calendar({ version: 'v3', auth, rootUrl: google.apiBaseUrl });
}

export type GoogleAccountRow = typeof googleAccounts.$inferSelect;

/**
 * A calendar client acting for one stored account. The library refreshes an expired access token itself with the
 * refresh token; whatever it receives (a new access token and, when Google rotates it, a new refresh token) is
 * sealed and stored so the next job starts from it.
 */
export async function clientFor(ctx: Ctx, account: GoogleAccountRow) {
  const google = ctx.config.google;
  if (!google) {
    throw new Error('Google is not configured');
  }
  const auth = oauthClient(ctx.config, google);
  auth.setCredentials({
    refresh_token: await ctx.secrets.open(account.refreshTokenSealed),
    access_token: account.accessTokenSealed ? await ctx.secrets.open(account.accessTokenSealed) : undefined,
    expiry_date: account.accessTokenExpiresAt?.getTime(),
  });
  const saving: Promise<unknown>[] = [];
  auth.on('tokens', (tokens) => {
    saving.push(
      (async () => {
        const set: Partial<typeof googleAccounts.$inferInsert> = { updatedAt: new Date() };
        if (tokens.access_token) {
          set.accessTokenSealed = await ctx.secrets.seal(tokens.access_token);
          set.accessTokenExpiresAt = tokens.expiry_date ? new Date(tokens.expiry_date) : null;
        }
        if (tokens.refresh_token) {
          set.refreshTokenSealed = await ctx.secrets.seal(tokens.refresh_token);
        }
        await ctx.db.update(googleAccounts).set(set).where(eq(googleAccounts.id, account.id));
      })(),
    );
  });
  return {
    auth,
    api: calendarApi(google, auth),
    /** Waits for rotated tokens to be stored. */
    flush: () => Promise.all(saving),
  };
}

/** The HTTP status of a failed Google call, if it had one. */
export function googleStatus(error: unknown): number | undefined {
  const e = error as { status?: number; response?: { status?: number }; code?: unknown };
  return e?.response?.status ?? e?.status ?? (typeof e?.code === 'number' ? e.code : undefined);
}

/**
 * A failure as text fit for the screen and the log: the status and Google's message, never the request (whose
 * headers carry the access token) nor the library's whole error object.
 */
export function describeGoogleError(error: unknown): string {
  const status = googleStatus(error);
  const data = (error as { response?: { data?: unknown } })?.response?.data as
    | { error?: { message?: string } | string; error_description?: string }
    | undefined;
  const fromBody =
    typeof data?.error === 'object' ? data.error.message : (data?.error_description ?? (data?.error as string));
  const text = fromBody ?? (error instanceof Error ? error.message : 'unknown error');
  return `${status ? `Google answered ${status}: ` : ''}${String(text).slice(0, 300)}`;
}
