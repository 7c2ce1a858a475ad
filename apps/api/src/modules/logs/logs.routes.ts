import {
  activityLogEntrySchema,
  activityLogListQuerySchema,
  emailLogDetailSchema,
  emailLogListQuerySchema,
  emailLogSchema,
  listResponseSchema,
  MESSAGES,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, type Principal, requirePrincipal } from '../../http/access';
import { AppError } from '../../http/errors';
import { errorResponses } from '../../http/responses';
import { listActivityLog } from './activity-log.query';
import { subscribeAuditTrail } from './audit-listener';
import {
  findEmailLog,
  listEmailLogs,
  listEmailTemplates,
  mayReadEmailBody,
  presentEmailLogDetail,
} from './email-log.query';

const tags = ['logs'];

/** The e-mail log (/logs, EMAIL_LOG_READ) and the audit trail (/activity-log, LOGS_READ), doc 1 §2. */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  const unsubscribe = subscribeAuditTrail(app.ctx.db, app.ctx.events);
  app.addHook('onClose', async () => unsubscribe());
  const detailFor = async (reader: Principal, row: Awaited<ReturnType<typeof findEmailLog>>) =>
    presentEmailLogDetail(
      row,
      await mayReadEmailBody(app.ctx.db, app.ctx.config.superUserEmails, reader, row.toAddress),
    );

  app.get(
    '/email-logs',
    {
      config: { access: access.regular('EMAIL_LOG_READ') },
      schema: {
        tags,
        summary: 'E-mail log: newest first; search recipient and subject; filter by status, template and dates',
        querystring: emailLogListQuerySchema,
        response: { 200: listResponseSchema(emailLogSchema), ...errorResponses },
      },
    },
    async (request) => listEmailLogs(app.ctx.db, request.query),
  );

  app.get(
    '/email-logs/templates',
    {
      config: { access: access.regular('EMAIL_LOG_READ') },
      schema: { tags, response: { 200: z.object({ data: z.array(z.string()) }), ...errorResponses } },
    },
    async () => ({ data: await listEmailTemplates(app.ctx.db) }),
  );

  app.get(
    '/email-logs/:uuid',
    {
      config: { access: access.regular('EMAIL_LOG_READ') },
      schema: {
        tags,
        params: uuidParam,
        response: { 200: z.object({ data: emailLogDetailSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      data: await detailFor(requirePrincipal(request), await findEmailLog(app.ctx.db, request.params.uuid)),
    }),
  );

  app.post(
    '/email-logs/:uuid/resend',
    {
      config: { access: access.regular('EMAIL_LOG_READ') },
      schema: {
        tags,
        summary: 'Sends a failed message again; the copy is a new entry of the log',
        params: uuidParam,
        response: { 200: z.object({ data: emailLogDetailSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const row = await findEmailLog(app.ctx.db, request.params.uuid);
      if (row.sentAt || !row.error) {
        throw new AppError(422, 'Only a failed e-mail can be sent again', { code: 'not_failed' });
      }
      if (row.redacted) {
        throw new AppError(422, MESSAGES.emailRedactedNoResend, { code: 'redacted' });
      }
      const uuid = await app.ctx.mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        ...(row.template ? { template: row.template } : {}),
      });
      return { data: await detailFor(requirePrincipal(request), await findEmailLog(app.ctx.db, uuid ?? row.uuid)) };
    },
  );

  app.get(
    '/activity-logs',
    {
      config: { access: access.regular('LOGS_READ') },
      schema: {
        tags,
        summary: 'Audit trail: who did what to which object and when; filter by person, object type, action, dates',
        querystring: activityLogListQuerySchema,
        response: { 200: listResponseSchema(activityLogEntrySchema), ...errorResponses },
      },
    },
    async (request) => listActivityLog(app.ctx.db, request.query),
  );
};
