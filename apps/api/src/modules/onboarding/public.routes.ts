import {
  errorBodySchema,
  presignedUrlResponseSchema,
  publicOnboardingItemResponseSchema,
  publicOnboardingItemUpdateSchema,
  publicOnboardingResponseSchema,
  publicOnboardingUploadSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createPublicOnboardingUpload, getPublicOnboarding, submitPublicItem } from './public';

const tags = ['onboarding'];
/** A replaced link, or a completed onboarding, answers 410 with a message saying which. */
const responses = { ...errorResponses, 410: errorBodySchema };
const tokenParam = z.object({ token: z.string().min(1).max(200) });
const itemParams = tokenParam.extend({ item_uuid: z.uuid() });
/** Item bodies: a text or credential, or a list of upload uuids; nothing near the server's general limit. */
const BODY_BYTES = 64 * 1024;

/**
 * The client's onboarding page (no account): the token is the credential — 256 random bits, found by its SHA-256 —
 * and everything read or written is scoped to its onboarding.
 */
export const publicOnboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const caller = (request: { ip: string }) => ({ ip: request.ip });

  app.get(
    '/public/onboarding/:token',
    {
      config: { access: access.public() },
      schema: { tags, params: tokenParam, response: { 200: publicOnboardingResponseSchema, ...responses } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await getPublicOnboarding(ctx, request.params.token, caller(request)) };
    },
  );

  app.put(
    '/public/onboarding/:token/items/:item_uuid',
    {
      config: { access: access.public() },
      bodyLimit: BODY_BYTES,
      schema: {
        tags,
        params: itemParams,
        body: publicOnboardingItemUpdateSchema,
        response: { 200: publicOnboardingItemResponseSchema, ...responses },
      },
    },
    async (request) => ({
      data: await submitPublicItem(
        ctx,
        request.params.token,
        request.params.item_uuid,
        request.body,
        caller(request),
        request.log,
      ),
    }),
  );

  app.post(
    '/public/onboarding/:token/uploads',
    {
      config: { access: access.public() },
      schema: {
        tags,
        params: tokenParam,
        body: publicOnboardingUploadSchema,
        response: { 200: presignedUrlResponseSchema, ...responses },
      },
    },
    async (request) => createPublicOnboardingUpload(ctx, request.params.token, request.body, caller(request)),
  );
};
