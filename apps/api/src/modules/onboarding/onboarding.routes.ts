import {
  credentialRevealSchema,
  onboardingBoardQuerySchema,
  onboardingBoardResponseSchema,
  onboardingItemParams,
  onboardingItemResponseSchema,
  onboardingItemUpdateSchema,
  onboardingListQuerySchema,
  onboardingListResponseSchema,
  onboardingResponseSchema,
  onboardingStartedSchema,
  onboardingStartSchema,
  onboardingStepParams,
  onboardingStepUpdateSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { loadBoard } from './board';
import { revealCredential, setStep, startForCustomer, updateItem } from './commands';
import { listOnboardings, loadOnboardingDetail } from './queries';

const tags = ['onboarding'];

/** Each client's onboarding (issue 20): regular users with ONBOARDING_READ read, ONBOARDING_UPDATE writes. */
export const onboardingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/onboardings',
    {
      config: { access: access.regular('ONBOARDING_READ') },
      schema: {
        tags,
        querystring: onboardingListQuerySchema,
        response: { 200: onboardingListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listOnboardings(ctx.db, request.query),
  );

  // Its own route, not a mode of GET onboardings: the answer is columns, not a page of rows, and each route keeps one
  // response schema (OpenAPI, the fuzzer, the web's types).
  app.get(
    '/onboardings/board',
    {
      config: { access: access.regular('ONBOARDING_READ') },
      schema: {
        tags,
        querystring: onboardingBoardQuerySchema,
        response: { 200: onboardingBoardResponseSchema, ...errorResponses },
      },
    },
    async (request) => loadBoard(ctx.db, request.query),
  );

  app.get(
    '/onboardings/:uuid',
    {
      config: { access: access.regular('ONBOARDING_READ') },
      schema: { tags, params: uuidParam, response: { 200: onboardingResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await loadOnboardingDetail(ctx.db, request.params.uuid) }),
  );

  app.post(
    '/customers/:uuid/onboarding',
    {
      config: { access: access.regular('ONBOARDING_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: onboardingStartSchema,
        response: { 200: onboardingStartedSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await startForCustomer(
        ctx,
        request.params.uuid,
        request.body,
        requirePrincipal(request).userId,
        request.log,
      ),
    }),
  );

  app.put(
    '/onboardings/:uuid/items/:item_uuid',
    {
      config: { access: access.regular('ONBOARDING_UPDATE') },
      schema: {
        tags,
        params: onboardingItemParams,
        body: onboardingItemUpdateSchema,
        response: { 200: onboardingItemResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateItem(
        ctx,
        request.params.uuid,
        request.params.item_uuid,
        request.body,
        requirePrincipal(request).userId,
        request.log,
      ),
    }),
  );

  app.post(
    '/onboardings/:uuid/items/:item_uuid/reveal',
    {
      config: { access: access.regular('ONBOARDING_UPDATE') },
      schema: {
        tags,
        params: onboardingItemParams,
        response: { 200: credentialRevealSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        data: await revealCredential(
          ctx,
          request.params.uuid,
          request.params.item_uuid,
          requirePrincipal(request).userId,
        ),
      };
    },
  );

  app.put(
    '/onboardings/:uuid/steps/:key',
    {
      config: { access: access.regular('ONBOARDING_UPDATE') },
      schema: {
        tags,
        params: onboardingStepParams,
        body: onboardingStepUpdateSchema,
        response: { 200: onboardingResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      data: await setStep(
        ctx,
        request.params.uuid,
        request.params.key,
        request.body.done,
        requirePrincipal(request).userId,
        request.log,
      ),
    }),
  );
};
