import {
  groupInputSchema,
  groupListQuerySchema,
  groupListResponseSchema,
  groupResponseSchema,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './group-service';

const tags = ['groups'];

/** Groups of staff (mention targets): visible and editable only to super users (doc 1 §6). */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/groups',
    {
      config: { access: access.superUser('GROUPS_READ') },
      schema: {
        tags,
        querystring: groupListQuerySchema,
        response: { 200: groupListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listGroups(app.ctx.db, request.query),
  );

  app.get(
    '/groups/:uuid',
    {
      config: { access: access.superUser('GROUPS_READ') },
      schema: { tags, params: uuidParam, response: { 200: groupResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await getGroup(app.ctx.db, { uuid: request.params.uuid }) }),
  );

  app.post(
    '/groups',
    {
      config: { access: access.superUser('GROUPS_CREATE') },
      schema: { tags, body: groupInputSchema, response: { 200: groupResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await createGroup(app.ctx, request.body) }),
  );

  app.put(
    '/groups/:uuid',
    {
      config: { access: access.superUser('GROUPS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: groupInputSchema.partial(),
        response: { 200: groupResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateGroup(app.ctx, request.params.uuid, request.body) }),
  );

  app.delete(
    '/groups/:uuid',
    {
      config: { access: access.superUser('GROUPS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteGroup(app.ctx, request.params.uuid);
      return { message: 'Group deleted.' };
    },
  );
};
