import {
  forgotPasswordInputSchema,
  loginInputSchema,
  MESSAGES,
  messageBodySchema,
  registerInputSchema,
  registerResponseSchema,
  resetPasswordInputSchema,
  userResponseSchema,
  verifyEmailInputSchema,
} from '@portal/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses, sendEncodedJson } from '../../http/responses';
import { signedInUserBody } from '../users/signed-in-user';
import { verifyEmail } from './email-verification';
import { logIn, type RequestMeta } from './login';
import { requestPasswordReset, resetPassword } from './password-reset';
import { register } from './register';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (request: { ip: string; headers: Record<string, unknown> }): RequestMeta => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  app.post(
    '/login',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: { tags, body: loginInputSchema, response: { 200: userResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await logIn(app.ctx, request.body, meta(request)) }),
  );

  app.get(
    '/user',
    {
      config: { access: access.anyUser() },
      schema: { tags, response: { 200: userResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendEncodedJson(reply as FastifyReply, await signedInUserBody(app.ctx, requirePrincipal(request))),
  );

  app.post(
    '/logout',
    {
      config: { access: access.anyUser() },
      schema: { tags, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await app.ctx.sessions.revoke(requirePrincipal(request).tokenHash);
      return { message: MESSAGES.loggedOut };
    },
  );

  app.post(
    '/register',
    {
      config: { access: access.public() },
      schema: { tags, body: registerInputSchema, response: { 200: registerResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const result = await register(app.ctx, request.body, meta(request));
      if ('verification_required' in result) {
        return { message: result.message, verification_required: true as const };
      }
      return { data: result };
    },
  );

  app.post(
    '/verify-email',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Follow an e-mail verification link: the account is verified and signed in',
        body: verifyEmailInputSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await verifyEmail(app.ctx, request.body.token, meta(request)) }),
  );

  app.post(
    '/forgot-password',
    {
      config: { access: access.public() },
      schema: { tags, body: forgotPasswordInputSchema, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.body.email, meta(request));
      return { message: MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: access.public() },
      schema: { tags, body: resetPasswordInputSchema, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await resetPassword(app.ctx, request.body);
      return { message: MESSAGES.passwordResetDone };
    },
  );
};
