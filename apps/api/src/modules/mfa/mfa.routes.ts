import {
  MESSAGES,
  messageBodySchema,
  mfaRequiredRolesResponseSchema,
  mfaRequiredRolesSchema,
  mfaStatusResponseSchema,
  recoveryCodesResponseSchema,
  totpCodeInputSchema,
  totpDisableInputSchema,
  totpEnrolmentResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { resetSecondFactor } from './admin-reset';
import { confirmTotp, disableTotp, mfaStatus, regenerateRecoveryCodes, startTotpEnrolment } from './enrolment';
import { listRequiredRoleUuids, saveRequiredRoles } from './required-roles';

const tags = ['mfa'];
/**
 * One's own factor: what a person who must enrol first may still call (with GET user and logout). Every route here
 * is sign-in settings, so a personal API token is refused (it acts for a person but never manages how they sign in).
 */
const own = () => access.sessionOnly(access.anyUser({ duringEnrolment: true }));
const admin = (permission: 'ROLES_UPDATE' | 'USERS_UPDATE') => access.sessionOnly(access.regular(permission));

/** Two-factor sign-in (TOTP): one's own authenticator and recovery codes, the roles that require it, admin reset. */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mfa',
    { config: { access: own() }, schema: { tags, response: { 200: mfaStatusResponseSchema, ...errorResponses } } },
    async (request) => ({ data: await mfaStatus(app.ctx, requirePrincipal(request).userId) }),
  );

  app.post(
    '/mfa/totp',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Start enrolling an authenticator app: the secret and its QR code, shown only in this answer',
        response: { 200: totpEnrolmentResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await startTotpEnrolment(app.ctx, requirePrincipal(request)) }),
  );

  app.post(
    '/mfa/totp/confirm',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Confirm the authenticator with a code: answers ten single-use recovery codes, shown once',
        body: totpCodeInputSchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: { recovery_codes: await confirmTotp(app.ctx, requirePrincipal(request), request.body.code, request.ip) },
    }),
  );

  app.delete(
    '/mfa/totp',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Turn two-factor sign-in off (a current code or the password)',
        body: totpDisableInputSchema,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await disableTotp(app.ctx, requirePrincipal(request), request.body, request.ip);
      return { message: MESSAGES.secondFactorTurnedOff };
    },
  );

  app.post(
    '/mfa/recovery-codes',
    {
      config: { access: own() },
      schema: {
        tags,
        summary: 'Replace the recovery codes (a current authenticator code): the old ones stop working',
        body: totpCodeInputSchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        recovery_codes: await regenerateRecoveryCodes(
          app.ctx,
          requirePrincipal(request),
          request.body.code,
          request.ip,
        ),
      },
    }),
  );

  app.get(
    '/mfa/required-roles',
    {
      config: { access: admin('ROLES_UPDATE') },
      schema: { tags, response: { 200: mfaRequiredRolesResponseSchema, ...errorResponses } },
    },
    async () => ({ data: { role_uuids: await listRequiredRoleUuids(app.ctx.db) } }),
  );

  app.put(
    '/mfa/required-roles',
    {
      config: { access: admin('ROLES_UPDATE') },
      schema: {
        tags,
        summary: 'The roles whose people must use a second factor',
        body: mfaRequiredRolesSchema,
        response: { 200: mfaRequiredRolesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const roleUuids = await saveRequiredRoles(app.ctx.db, request.body.role_uuids);
      // Every session's principal carries whether it must enrol first: each instance reads them again.
      await app.ctx.sessions.invalidate('all');
      const principal = requirePrincipal(request);
      app.ctx.events.publish([
        { model: 'role', action: 'second_factor_required', id: '', actorId: principal.userId, payload: {} },
      ]);
      return { data: { role_uuids: roleUuids } };
    },
  );

  app.delete(
    '/users/:uuid/mfa',
    {
      config: { access: admin('USERS_UPDATE') },
      schema: {
        tags,
        summary: "Reset a person's second factor (they are told by e-mail)",
        params: uuidParam,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await resetSecondFactor(app.ctx, requirePrincipal(request), request.params.uuid);
      return { message: MESSAGES.secondFactorReset };
    },
  );
};
