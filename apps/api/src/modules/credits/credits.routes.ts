import {
  budgetResponseSchema,
  creditAdjustmentSchema,
  creditListQuerySchema,
  creditListResponseSchema,
  creditResponseSchema,
  rolloverUpdateSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { listMeta } from '../../http/list-paging';
import { errorResponses } from '../../http/responses';
import { maySeeMoney } from '../administration';
import { findBudgetPlanId, getBudget, listCredits } from './budget.query';
import { addAdjustment, setRollover } from './credit-commands';

const tags = ['credits'];

/**
 * A plan's credits and budget (doc 2 §3, §6, §9): the credit history, manual adjustments, the rollover rule and the
 * budget panel's figures. Reads follow the plan's visibility; writes need PROJECTS_UPDATE.
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = app.ctx.config.agencyTimeZone;

  app.get(
    '/projects/:uuid/credits',
    {
      config: { access: access.staff('PROJECTS_READ') },
      schema: {
        tags,
        params: uuidParam,
        querystring: creditListQuerySchema,
        response: { 200: creditListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = await findBudgetPlanId(app.ctx.db, request.params.uuid, requirePrincipal(request));
      const { total, data } = await listCredits(app.ctx.db, id, request.query.page, request.query.sort);
      return { data, meta: listMeta(total, request.query.page) };
    },
  );

  app.post(
    '/projects/:uuid/credits',
    {
      config: { access: access.regular('PROJECTS_UPDATE') },
      schema: {
        tags,
        description: 'A manual adjustment: total_time in minutes (negative removes credit), a required note.',
        params: uuidParam,
        body: creditAdjustmentSchema,
        response: { 200: creditResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const id = await findBudgetPlanId(app.ctx.db, request.params.uuid, principal);
      return { data: await addAdjustment(app.ctx, id, request.body, principal, timeZone) };
    },
  );

  app.get(
    '/projects/:uuid/budget',
    {
      config: { access: access.staff('PROJECTS_READ') },
      schema: { tags, params: uuidParam, response: { 200: budgetResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const id = await findBudgetPlanId(app.ctx.db, request.params.uuid, principal);
      const canAdjust = principal.type === 'regular_user' && principal.permissions.has('PROJECTS_UPDATE');
      const money = maySeeMoney(principal);
      return { data: await getBudget(app.ctx.db, id, { timeZone, canAdjust, money }) };
    },
  );

  app.put(
    '/projects/:uuid/budget',
    {
      config: { access: access.regular('PROJECTS_UPDATE') },
      schema: {
        tags,
        description: "The plan's rollover of unused credit: none, all, or up_to rollover_cap minutes.",
        params: uuidParam,
        body: rolloverUpdateSchema,
        response: { 200: budgetResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const id = await findBudgetPlanId(app.ctx.db, request.params.uuid, principal);
      await setRollover(app.ctx, id, request.body, principal);
      return { data: await getBudget(app.ctx.db, id, { timeZone, canAdjust: true, money: maySeeMoney(principal) }) };
    },
  );
};
