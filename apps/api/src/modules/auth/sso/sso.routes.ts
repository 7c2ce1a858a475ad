import { secondFactorChallengeSchema, ssoExchangeInputSchema, userResponseSchema } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../http/access';
import { errorResponses } from '../../../http/responses';
import type { RequestMeta } from '../request-meta';
import { SsoRefused } from './sso-accounts';
import { exchangeHandoff, finishCallback, SSO_COOKIE, startSignOn } from './sso-flow';

const tags = ['auth'];
const ATTEMPT_COOKIE_SECONDS = 600;

const meta = (request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
});

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      return decodeURIComponent(rest.join('='));
    }
  }
  return undefined;
}

const redirectSchema = z.null().describe('302: Location is where the browser goes next');

/**
 * Single sign-on with the agency's OpenID Connect provider (docs/ARCHITECTURE.md "Single sign-on"). Browser
 * navigations, not API calls: start and callback answer redirects; the web app then spends the hand-off code.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { appUrl } = app.ctx.config;
  const secure = appUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, maxAge: number) =>
    `${SSO_COOKIE}=${value}; Path=/api/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;

  app.get(
    '/sso/start',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: {
        tags,
        summary: "Begin single sign-on: redirects the browser to the agency's identity provider",
        response: { 302: redirectSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        const { url, binding } = await startSignOn(app.ctx, meta(request));
        return reply.header('set-cookie', cookie(binding, ATTEMPT_COOKIE_SECONDS)).redirect(url, 302);
      } catch (error) {
        if (!(error instanceof SsoRefused)) {
          throw error;
        }
        request.log.error({ detail: error.detail }, 'single sign-on could not start');
        return reply.redirect(`${appUrl}/login?sso_error=${error.reason}`, 302);
      }
    },
  );

  app.get(
    '/sso/callback',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: {
        tags,
        summary: 'Where the identity provider sends the browser back: redirects to the web app to finish or explain',
        querystring: z.record(z.string(), z.string().max(4000)),
        response: { 302: redirectSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = new URL(request.url, appUrl).searchParams;
      const outcome = await finishCallback(app.ctx, query, cookieValue(request, SSO_COOKIE), meta(request));
      reply.header('set-cookie', cookie('', 0));
      if ('refused' in outcome) {
        request.log.warn({ reason: outcome.refused.reason, detail: outcome.refused.detail }, 'single sign-on refused');
        return reply.redirect(`${appUrl}/login?sso_error=${outcome.refused.reason}`, 302);
      }
      return reply.redirect(`${appUrl}/sign-in/sso?token=${encodeURIComponent(outcome.handoff)}`, 302);
    },
  );

  app.post(
    '/sso/exchange',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: {
        tags,
        summary: 'Spend the one-time hand-off code of a single sign-on: signs in like POST login',
        body: ssoExchangeInputSchema,
        response: { 200: userResponseSchema, 202: secondFactorChallengeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await exchangeHandoff(app.ctx, request.body.token, meta(request));
      if ('second_factor_required' in outcome) {
        return reply.code(202).send(outcome);
      }
      return { data: outcome };
    },
  );
};
