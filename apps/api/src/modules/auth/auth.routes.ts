import {
  forgotPasswordInputSchema,
  loginInputSchema,
  MESSAGES,
  messageBodySchema,
  passkeySignInInputSchema,
  passkeySignInOptionsResponseSchema,
  passkeyStepOptionsInputSchema,
  registerInputSchema,
  registerResponseSchema,
  resetPasswordInputSchema,
  secondFactorChallengeSchema,
  secondFactorInputSchema,
  signInLinkInputSchema,
  signInLinkSentSchema,
  userResponseSchema,
  verifyEmailInputSchema,
  webauthnOptionsResponseSchema,
} from '@portal/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses, sendEncodedJson } from '../../http/responses';
import { signedInUserBody } from '../users/signed-in-user';
import { verifyEmail } from './email-verification';
import { logIn } from './login';
import { passkeySignInOptions, signInWithPasskey } from './passkey-sign-in';
import { requestPasswordReset, resetPassword } from './password-reset';
import { register } from './register';
import type { RequestMeta } from './request-meta';
import { completeSecondFactor, passkeyStepOptions } from './second-factor';
import { signInWithLink } from './sign-in-link';

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
      schema: {
        tags,
        body: loginInputSchema,
        response: {
          200: userResponseSchema,
          // A sign-in link was mailed (the guess ceiling), or the account's second factor is asked for.
          202: z.union([signInLinkSentSchema, secondFactorChallengeSchema]),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const outcome = await logIn(app.ctx, request.body, meta(request));
      if ('sign_in_link_sent' in outcome) {
        return reply.code(202).send({ message: MESSAGES.signInLinkSent, sign_in_link_sent: true as const });
      }
      if ('second_factor_required' in outcome) {
        return reply.code(202).send(outcome);
      }
      return { data: outcome };
    },
  );

  app.post(
    '/login/second-factor',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: {
        tags,
        summary: 'The second step of a sign-in: the challenge of POST login with a TOTP or recovery code',
        body: secondFactorInputSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await completeSecondFactor(app.ctx, request.body, meta(request)) }),
  );

  app.post(
    '/login/second-factor/passkey-options',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: {
        tags,
        summary:
          'The WebAuthn options for the second step with a passkey (then POST login/second-factor with its assertion)',
        body: passkeyStepOptionsInputSchema,
        response: { 200: webauthnOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await passkeyStepOptions(app.ctx, request.body.challenge, meta(request)) }),
  );

  // Passwordless sign-in is refused during maintenance (503) like any new session outside the bypass accounts.
  app.post(
    '/login/passkey/options',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'The WebAuthn options for signing in with a passkey alone, and the handle that names them',
        response: { 200: passkeySignInOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await passkeySignInOptions(app.ctx, meta(request)) }),
  );

  app.post(
    '/login/passkey',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Sign in with a passkey alone (for people who chose it): answers like POST login',
        body: passkeySignInInputSchema,
        response: { 200: userResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await signInWithPasskey(app.ctx, request.body, meta(request)) }),
  );

  app.post(
    '/sign-in-link',
    {
      // Like login: during maintenance only the bypass accounts get through (checked in signInWithLink).
      config: { access: access.public({ duringMaintenance: true }) },
      schema: {
        tags,
        summary: 'Follow an e-mailed sign-in link (the proof step of a sign-in past the guess ceiling): signs in',
        body: signInLinkInputSchema,
        response: { 200: userResponseSchema, 202: secondFactorChallengeSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const outcome = await signInWithLink(app.ctx, request.body.token, meta(request));
      if ('second_factor_required' in outcome) {
        return reply.code(202).send(outcome);
      }
      return { data: outcome };
    },
  );

  app.get(
    '/user',
    {
      config: { access: access.anyUser({ duringEnrolment: true }) },
      schema: { tags, response: { 200: userResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      sendEncodedJson(reply as FastifyReply, await signedInUserBody(app.ctx, requirePrincipal(request))),
  );

  app.post(
    '/logout',
    {
      // Signs out a session; a personal API token is revoked on the profile instead.
      config: { access: access.sessionOnly(access.anyUser({ duringEnrolment: true })) },
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
