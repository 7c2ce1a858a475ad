import {
  messageBodySchema,
  onboardingInformationResponseSchema,
  onboardingInformationUpdateSchema,
  onboardingProcessResponseSchema,
  onboardingProcessUpdateSchema,
  requirementInputSchema,
  requirementListResponseSchema,
  requirementResponseSchema,
  requirementUpdateSchema,
  uuidParam,
  welcomeKitResponseSchema,
  welcomeKitUpdateSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { getProcess, updateProcess } from './process';
import { createRequirement, deleteRequirement, listRequirements, updateRequirement } from './requirements';
import { getInformation, getWelcomeKit, updateInformation, updateWelcomeKit } from './settings';

const tags = ['onboarding'];
const read = { access: access.regular('ONBOARDING_READ') };
const update = { access: access.regular('ONBOARDING_UPDATE') };

/** The agency's onboarding set-up: the process, requirements per inclusion, the welcome kit, the information form. */
export const onboardingSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/onboarding/process',
    { config: read, schema: { tags, response: { 200: onboardingProcessResponseSchema, ...errorResponses } } },
    async () => ({ data: await getProcess(ctx.db) }),
  );
  app.put(
    '/onboarding/process',
    {
      config: update,
      schema: {
        tags,
        body: onboardingProcessUpdateSchema,
        response: { 200: onboardingProcessResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateProcess(ctx.db, request.body) }),
  );

  app.get(
    '/onboarding/requirements',
    { config: read, schema: { tags, response: { 200: requirementListResponseSchema, ...errorResponses } } },
    async () => ({ data: await listRequirements(ctx.db) }),
  );
  app.post(
    '/onboarding/requirements',
    {
      config: update,
      schema: { tags, body: requirementInputSchema, response: { 200: requirementResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await createRequirement(ctx.db, request.body) }),
  );
  app.put(
    '/onboarding/requirements/:uuid',
    {
      config: update,
      schema: {
        tags,
        params: uuidParam,
        body: requirementUpdateSchema,
        response: { 200: requirementResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateRequirement(ctx.db, request.params.uuid, request.body) }),
  );
  app.delete(
    '/onboarding/requirements/:uuid',
    {
      config: update,
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteRequirement(ctx.db, request.params.uuid);
      return { message: 'Deleted' };
    },
  );

  app.get(
    '/onboarding/welcome',
    { config: read, schema: { tags, response: { 200: welcomeKitResponseSchema, ...errorResponses } } },
    async () => ({ data: await getWelcomeKit(ctx.db) }),
  );
  app.put(
    '/onboarding/welcome',
    {
      config: update,
      schema: { tags, body: welcomeKitUpdateSchema, response: { 200: welcomeKitResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await updateWelcomeKit(ctx, request.body, requirePrincipal(request).userId) }),
  );

  app.get(
    '/onboarding/information',
    { config: read, schema: { tags, response: { 200: onboardingInformationResponseSchema, ...errorResponses } } },
    async () => ({ data: await getInformation(ctx.db) }),
  );
  app.put(
    '/onboarding/information',
    {
      config: update,
      schema: {
        tags,
        body: onboardingInformationUpdateSchema,
        response: { 200: onboardingInformationResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await updateInformation(ctx.db, request.body) }),
  );
};
