import {
  GOOGLE_MESSAGES,
  type GoogleState,
  googleAuthorizeResponseSchema,
  googleCalendarListResponseSchema,
  googleCallbackSchema,
  googleSettingsSchema,
  googleStateResponseSchema,
  messageBodySchema,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { googleAccounts } from '../../db/schema';
import { access, requirePrincipal } from '../../http/access';
import { AppError } from '../../http/errors';
import { errorResponses } from '../../http/responses';
import { clientFor, describeGoogleError } from './google-client';
import { queueGoogleSync } from './google-jobs';
import { disconnect, finishAuthorization, requireGoogle, startAuthorization } from './google-oauth';

const tags = ['integrations'];

/**
 * A person's own Google Calendar: anyone who reads tasks (staff and freelancers) may push the tasks they see to
 * their own calendar. Never with a personal API token: connecting an outside account and its tokens is a session's
 * act, as the sign-in settings are.
 */
const own = access.sessionOnly(access.staff('TASKS_READ'));

async function googleState(ctx: AppContext, userId: number): Promise<GoogleState> {
  const [account] = await ctx.db.select().from(googleAccounts).where(eq(googleAccounts.userId, userId));
  return {
    configured: ctx.config.google !== null,
    reason: ctx.config.google ? null : GOOGLE_MESSAGES.notConfigured,
    connected: Boolean(account),
    email: account?.email ?? null,
    calendar_id: account?.calendarId ?? null,
    calendar_name: account?.calendarName ?? null,
    event_shape: (account?.eventShape ?? 'due_date') as GoogleState['event_shape'],
    task_scope: (account?.taskScope ?? 'responsible') as GoogleState['task_scope'],
    last_sync_at: account?.lastSyncAt?.toISOString() ?? null,
    last_error: account?.lastError ?? null,
  };
}

async function requireAccount(ctx: AppContext, userId: number) {
  requireGoogle(ctx);
  const [account] = await ctx.db.select().from(googleAccounts).where(eq(googleAccounts.userId, userId));
  if (!account) {
    throw new AppError(409, GOOGLE_MESSAGES.notConnected);
  }
  return account;
}

/** The calendars the person may add events to, as Google lists them. */
async function writableCalendars(ctx: AppContext, account: typeof googleAccounts.$inferSelect) {
  const client = await clientFor(ctx, account);
  try {
    const { data } = await client.api.calendarList.list({ minAccessRole: 'writer' });
    await client.flush();
    return (data.items ?? []).map((c) => ({
      id: c.id ?? '',
      name: c.summaryOverride ?? c.summary ?? c.id ?? '',
      primary: Boolean(c.primary),
    }));
  } catch (error) {
    throw new AppError(502, describeGoogleError(error));
  }
}

export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;

  app.get(
    '/google',
    { config: { access: own }, schema: { tags, response: { 200: googleStateResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await googleState(ctx, requirePrincipal(request).userId) }),
  );

  app.post(
    '/google/oauth/start',
    {
      config: { access: own },
      schema: {
        tags,
        summary: "Google's consent page for this session (state and PKCE kept server-side)",
        response: { 200: googleAuthorizeResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: { url: await startAuthorization(ctx, requirePrincipal(request)) } }),
  );

  app.post(
    '/google/oauth/callback',
    {
      config: { access: own },
      schema: { tags, body: googleCallbackSchema, response: { 200: googleStateResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await finishAuthorization(ctx, principal, request.body);
      return { data: await googleState(ctx, principal.userId) };
    },
  );

  app.get(
    '/google/calendars',
    {
      config: { access: own },
      schema: { tags, response: { 200: googleCalendarListResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const account = await requireAccount(ctx, requirePrincipal(request).userId);
      return { data: await writableCalendars(ctx, account) };
    },
  );

  app.put(
    '/google',
    {
      config: { access: own },
      schema: { tags, body: googleSettingsSchema, response: { 200: googleStateResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const account = await requireAccount(ctx, principal.userId);
      const chosen = (await writableCalendars(ctx, account)).find((c) => c.id === request.body.calendar_id);
      if (!chosen) {
        throw new AppError(422, GOOGLE_MESSAGES.unknownCalendar, {
          errors: { calendar_id: [GOOGLE_MESSAGES.unknownCalendar] },
        });
      }
      await ctx.db
        .update(googleAccounts)
        .set({
          calendarId: chosen.id,
          calendarName: chosen.name,
          eventShape: request.body.event_shape,
          taskScope: request.body.task_scope,
          updatedAt: new Date(),
        })
        .where(eq(googleAccounts.id, account.id));
      await queueGoogleSync({ userId: principal.userId }, request.log);
      return { data: await googleState(ctx, principal.userId) };
    },
  );

  app.delete(
    '/google',
    {
      config: { access: own },
      schema: {
        tags,
        summary: 'Disconnect: revokes the token at Google and forgets it',
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await disconnect(ctx, requirePrincipal(request).userId, request.log);
      return { message: GOOGLE_MESSAGES.disconnected };
    },
  );
};
