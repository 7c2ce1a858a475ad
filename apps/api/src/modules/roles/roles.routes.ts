import {
  messageBodySchema,
  permissionListResponseSchema,
  roleInputSchema,
  roleListQuerySchema,
  roleListResponseSchema,
  roleResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createRole, deleteRole, getRole, listPermissionNames, listRoles, updateRole } from './role-service';

const tags = ['roles'];

/** Roles and their permissions (the /roles admin screen, regular users). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      config: { access: access.regular('ROLES_READ') },
      schema: { tags, querystring: roleListQuerySchema, response: { 200: roleListResponseSchema, ...errorResponses } },
    },
    async (request) => listRoles(app.ctx.db, request.query),
  );

  app.get(
    '/roles/:uuid',
    {
      config: { access: access.regular('ROLES_READ') },
      schema: { tags, params: uuidParam, response: { 200: roleResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await getRole(app.ctx.db, { uuid: request.params.uuid }) }),
  );

  app.post(
    '/roles',
    {
      config: { access: access.sessionOnly(access.regular('ROLES_CREATE')) },
      schema: { tags, body: roleInputSchema, response: { 200: roleResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const data = await createRole(app.ctx, request.body);
      // Committed by the command; announced for the audit trail (role and permission changes).
      const payload = { name: data.name, permissions: request.body.permissions };
      app.ctx.events.publish([
        { model: 'role', action: 'created', id: data.uuid, actorId: requirePrincipal(request).userId, payload },
      ]);
      return { data };
    },
  );

  app.put(
    '/roles/:uuid',
    {
      config: { access: access.sessionOnly(access.regular('ROLES_UPDATE')) },
      schema: {
        tags,
        params: uuidParam,
        body: roleInputSchema.partial(),
        response: { 200: roleResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const data = await updateRole(app.ctx, request.params.uuid, request.body);
      const payload = { name: data.name, fields: Object.keys(request.body), permissions: request.body.permissions };
      app.ctx.events.publish([
        { model: 'role', action: 'updated', id: data.uuid, actorId: requirePrincipal(request).userId, payload },
      ]);
      return { data };
    },
  );

  app.delete(
    '/roles/:uuid',
    {
      config: { access: access.sessionOnly(access.regular('ROLES_DESTROY')) },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteRole(app.ctx, request.params.uuid);
      const actorId = requirePrincipal(request).userId;
      app.ctx.events.publish([{ model: 'role', action: 'deleted', id: request.params.uuid, actorId }]);
      return { message: 'Role deleted.' };
    },
  );

  app.get(
    '/permissions',
    {
      config: { access: access.regular('ROLES_READ') },
      schema: { tags, response: { 200: permissionListResponseSchema, ...errorResponses } },
    },
    async () => ({ data: await listPermissionNames(app.ctx.db) }),
  );
};
