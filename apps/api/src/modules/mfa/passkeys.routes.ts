import {
  MESSAGES,
  messageBodySchema,
  passkeyListResponseSchema,
  passkeyNameSchema,
  passkeyRegisteredResponseSchema,
  passkeyRegistrationInputSchema,
  passkeySchema,
  passkeySignInSettingSchema,
  totpDisableInputSchema,
  uuidParam,
  webauthnOptionsResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { proveOwner } from './enrolment';
import {
  assertOwnPasskey,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  setPasskeySignIn,
} from './passkeys';

const tags = ['mfa'];
/** One's own passkeys: sign-in settings, so never for a personal API token; open to a person who must enrol. */
const own = () => access.sessionOnly(access.anyUser({ duringEnrolment: true }));

/** Passkeys (WebAuthn) on the Security screen: register several, name and remove them, passwordless sign-in. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/passkeys',
    { config: { access: own() }, schema: { tags, response: { 200: passkeyListResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await listPasskeys(app.ctx.db, requirePrincipal(request).userId) }),
  );

  app.post(
    '/passkeys/registration-options',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'The WebAuthn options for making a passkey (navigator.credentials.create)',
        response: { 200: webauthnOptionsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await registrationOptions(app.ctx, requirePrincipal(request)) }),
  );

  app.post(
    '/passkeys/registration-verify',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Keep the passkey the browser made; a first second factor answers ten recovery codes, shown once',
        body: passkeyRegistrationInputSchema,
        response: { 200: passkeyRegisteredResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await registerPasskey(app.ctx, requirePrincipal(request), request.body) }),
  );

  app.put(
    '/passkeys/:uuid',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: uuidParam,
        body: passkeyNameSchema,
        response: { 200: z.object({ data: passkeySchema }), ...errorResponses },
      },
    },
    async (request) => ({
      data: await renamePasskey(app.ctx, requirePrincipal(request), request.params.uuid, request.body.name),
    }),
  );

  app.delete(
    '/passkeys/:uuid',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Remove a passkey, with proof that the owner is at the keyboard (a current code or the password)',
        params: uuidParam,
        body: totpDisableInputSchema,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await assertOwnPasskey(app.ctx.db, principal.userId, request.params.uuid);
      await proveOwner(app.ctx, principal, request.body, request.ip);
      await removePasskey(app.ctx, principal, request.params.uuid);
      return { message: MESSAGES.passkeyRemoved };
    },
  );

  app.put(
    '/mfa/passkey-sign-in',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Sign in with a passkey alone (on) or password first (off)',
        body: passkeySignInSettingSchema,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => ({
      message: await setPasskeySignIn(app.ctx, requirePrincipal(request), request.body.enabled),
    }),
  );
};
