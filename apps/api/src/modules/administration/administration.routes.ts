import {
  administrationResponseSchema,
  administrationUpdateSchema,
  planRatesListResponseSchema,
  planRatesResponseSchema,
  planRatesUpdateSchema,
  projectUuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { listPlanRates, setPlanRates } from './plan-rates';
import { getAdministration, updateAdministration } from './settings';

const tags = ['administration'];

/**
 * Billing and invoice settings (issue 21): the charge permissions of doc 1 §6 gate them, staff only: CHARGES_READ
 * to see them, CHARGES_UPDATE to change them (agency settings and plan rates alike).
 */
const read = access.regular('CHARGES_READ');
const update = access.regular('CHARGES_UPDATE');

export const administrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/administration',
    { config: { access: read }, schema: { tags, response: { 200: administrationResponseSchema, ...errorResponses } } },
    async () => ({ data: await getAdministration(ctx.db) }),
  );

  app.put(
    '/administration',
    {
      config: { access: update },
      schema: {
        tags,
        summary: 'Change the billing and invoice settings (any subset of the fields)',
        body: administrationUpdateSchema,
        response: { 200: administrationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { data: await updateAdministration(ctx, request.body, principal) };
    },
  );

  app.get(
    '/administration/plan-rates',
    {
      config: { access: read },
      schema: { tags, response: { 200: planRatesListResponseSchema, ...errorResponses } },
    },
    async () => ({ data: await listPlanRates(ctx.db) }),
  );

  app.put(
    '/administration/plan-rates/:project_uuid',
    {
      config: { access: update },
      schema: {
        tags,
        summary: "Set a plan's own hourly rates; a null rate falls back to the agency's",
        params: projectUuidParam,
        body: planRatesUpdateSchema,
        response: { 200: planRatesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { data: await setPlanRates(ctx, request.params.project_uuid, request.body, principal) };
    },
  );
};
