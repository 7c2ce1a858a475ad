import {
  errorBodySchema,
  FORM_LIMITS,
  presignedUrlResponseSchema,
  publicAnswerSavedSchema,
  publicAnswerSchema,
  publicDraftSavedSchema,
  publicDraftSchema,
  publicFormQuerySchema,
  publicFormResponseSchema,
  publicUploadSchema,
  shareLinkParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createPublicUpload, getPublicForm, savePublicDraft, submitPublicAnswer } from './public-forms';

const tags = ['forms'];
/** A revoked or expired link, or a closed form, answers 410 with a message saying which. */
const responses = { ...errorResponses, 410: errorBodySchema };

/**
 * The share link's page (no account): the token is the credential — 256 random bits, only its SHA-256 stored —
 * and everything answered is scoped to its link. Bodies are capped at FORM_LIMITS.answerBytes (413).
 */
export const publicFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  const caller = (request: { ip: string }) => ({ ip: request.ip });

  app.get(
    '/public/forms/:token',
    {
      config: { access: access.public() },
      schema: {
        tags,
        params: shareLinkParam,
        querystring: publicFormQuerySchema,
        response: { 200: publicFormResponseSchema, ...responses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        data: await getPublicForm(app.ctx, request.params.token, request.query.device_key, caller(request)),
      };
    },
  );

  app.put(
    '/public/forms/:token/draft',
    {
      config: { access: access.public() },
      bodyLimit: FORM_LIMITS.answerBytes,
      schema: {
        tags,
        params: shareLinkParam,
        body: publicDraftSchema,
        response: { 200: publicDraftSavedSchema, ...responses },
      },
    },
    async (request) => ({
      data: await savePublicDraft(app.ctx, request.params.token, request.body, caller(request)),
    }),
  );

  app.post(
    '/public/forms/:token/answers',
    {
      config: { access: access.public() },
      bodyLimit: FORM_LIMITS.answerBytes,
      schema: {
        tags,
        params: shareLinkParam,
        body: publicAnswerSchema,
        response: { 200: publicAnswerSavedSchema, ...responses },
      },
    },
    async (request) => ({
      data: await submitPublicAnswer(app.ctx, request.params.token, request.body, caller(request)),
    }),
  );

  app.post(
    '/public/forms/:token/uploads',
    {
      config: { access: access.public() },
      schema: {
        tags,
        params: shareLinkParam,
        body: publicUploadSchema,
        response: { 200: presignedUrlResponseSchema, ...responses },
      },
    },
    async (request) => createPublicUpload(app.ctx, request.params.token, request.body, caller(request)),
  );
};
