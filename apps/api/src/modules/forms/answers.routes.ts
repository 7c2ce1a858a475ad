import {
  answerConvertedSchema,
  answerConvertSchema,
  answerCreateSchema,
  answerExportQuerySchema,
  answerListQuerySchema,
  answerListResponseSchema,
  answerResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { sendExport } from '../tables/export-stream';
import { createStaffAnswer } from './answer-commands';
import { convertAnswer } from './answer-convert';
import { answerExport } from './answer-export';
import { listAnswers, loadAnswer } from './answer-queries';

const tags = ['forms'];

/** Answers (/forms/submissions, /submit): list, view, staff answers, conversion and export (issue 20). */
export const answersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const timeZone = app.ctx.config.agencyTimeZone;

  app.get(
    '/answers',
    {
      config: { access: access.regular('FORMS_READ') },
      schema: {
        tags,
        querystring: answerListQuerySchema,
        response: { 200: answerListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listAnswers(db, request.query, timeZone),
  );

  app.get(
    '/answers/export-all',
    {
      config: { access: access.regular('FORMS_READ') },
      schema: { tags, querystring: answerExportQuerySchema, response: errorResponses },
    },
    async (request, reply) => sendExport(db, reply, request.log, answerExport(request.query, timeZone), timeZone),
  );

  app.get(
    '/answers/:uuid',
    {
      config: { access: access.regular('FORMS_READ') },
      schema: { tags, params: uuidParam, response: { 200: answerResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await loadAnswer(db, request.params.uuid) }),
  );

  app.post(
    '/answers',
    {
      config: { access: access.regular('FORMS_CREATE') },
      schema: { tags, body: answerCreateSchema, response: { 200: answerResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const uuid = await createStaffAnswer(app.ctx, request.body, requirePrincipal(request).userId);
      return { data: await loadAnswer(db, uuid) };
    },
  );

  app.post(
    '/answers/:uuid/convert',
    {
      // Converting also needs REQUEST_CREATE or CUSTOMERS_CREATE, checked by what it converts into.
      config: { access: access.regular('FORMS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: answerConvertSchema,
        response: { 200: answerConvertedSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await convertAnswer(app.ctx, requirePrincipal(request), request.params.uuid, request.body),
    }),
  );
};
