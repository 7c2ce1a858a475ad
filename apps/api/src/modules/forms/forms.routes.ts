import {
  formBlueprintListResponseSchema,
  formCreateSchema,
  formListQuerySchema,
  formListResponseSchema,
  formResponseSchema,
  formUpdateSchema,
  MESSAGES,
  messageBodySchema,
  shareLinkCreatedSchema,
  shareLinkCreateSchema,
  shareLinkParam,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { listBlueprints } from './blueprints';
import { createForm, deleteForm, publishForm, updateForm } from './form-commands';
import { listForms, loadFormDetail } from './form-queries';
import { createShareLink, revokeShareLink } from './share-links';

const tags = ['forms'];

/** Forms, their versions, blueprints and share links (issue 20). Staff only: freelancers and contacts get 403. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/forms',
    {
      config: { access: access.regular('FORMS_READ') },
      schema: { tags, querystring: formListQuerySchema, response: { 200: formListResponseSchema, ...errorResponses } },
    },
    async (request) => listForms(db, request.query),
  );

  app.post(
    '/forms',
    {
      config: { access: access.regular('FORMS_CREATE') },
      schema: { tags, body: formCreateSchema, response: { 200: formResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const uuid = await createForm(db, request.body, requirePrincipal(request).userId);
      return { data: await loadFormDetail(db, uuid) };
    },
  );

  app.get(
    '/forms/:uuid',
    {
      config: { access: access.regular('FORMS_READ') },
      schema: { tags, params: uuidParam, response: { 200: formResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await loadFormDetail(db, request.params.uuid) }),
  );

  app.put(
    '/forms/:uuid',
    {
      config: { access: access.regular('FORMS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: formUpdateSchema,
        response: { 200: formResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await updateForm(db, request.params.uuid, request.body);
      return { data: await loadFormDetail(db, request.params.uuid) };
    },
  );

  app.delete(
    '/forms/:uuid',
    {
      config: { access: access.regular('FORMS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteForm(db, request.params.uuid);
      return { message: MESSAGES.deleted };
    },
  );

  app.post(
    '/forms/:uuid/publish',
    {
      config: { access: access.regular('FORMS_UPDATE') },
      schema: { tags, params: uuidParam, response: { 200: formResponseSchema, ...errorResponses } },
    },
    async (request) => {
      await publishForm(db, request.params.uuid, requirePrincipal(request).userId);
      return { data: await loadFormDetail(db, request.params.uuid) };
    },
  );

  app.get(
    '/form-blueprints',
    {
      config: { access: access.regular('FORMS_READ') },
      schema: { tags, response: { 200: formBlueprintListResponseSchema, ...errorResponses } },
    },
    async () => ({ data: await listBlueprints(db) }),
  );

  app.post(
    '/forms/:uuid/share-links',
    {
      config: { access: access.regular('FORMS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: shareLinkCreateSchema,
        response: { 200: shareLinkCreatedSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await createShareLink(
        db,
        request.params.uuid,
        request.body,
        requirePrincipal(request).userId,
        app.ctx.config.appUrl,
      ),
    }),
  );

  app.delete(
    '/share-links/:token',
    {
      config: { access: access.regular('FORMS_UPDATE') },
      schema: { tags, params: shareLinkParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await revokeShareLink(db, request.params.token);
      return { message: MESSAGES.shareLinkRevoked };
    },
  );
};
