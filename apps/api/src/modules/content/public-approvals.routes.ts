import {
  approvalTokenParam,
  errorBodySchema,
  publicApprovalDecisionResponseSchema,
  publicApprovalDecisionSchema,
  publicApprovalResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { decidePublicApproval, getPublicApproval } from './public-approvals';

const tags = ['content'];
/** A revoked or expired link answers 410 with a message saying which. */
const responses = { ...errorResponses, 410: errorBodySchema };

/** The client's approval page (no account): the token is the credential and reaches its own batch only. */
export const publicApprovalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/approvals/:token',
    {
      config: { access: access.public() },
      schema: { tags, params: approvalTokenParam, response: { 200: publicApprovalResponseSchema, ...responses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await getPublicApproval(app.ctx, request.params.token, { ip: request.ip }) };
    },
  );

  app.put(
    '/public/approvals/:token',
    {
      config: { access: access.public() },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        params: approvalTokenParam,
        body: publicApprovalDecisionSchema,
        response: { 200: publicApprovalDecisionResponseSchema, ...responses },
      },
    },
    async (request) => ({
      data: await decidePublicApproval(app.ctx, request.log, request.params.token, request.body, { ip: request.ip }),
    }),
  );
};
