import {
  planCreateResponseSchema,
  planCreateSchema,
  planFilesQuerySchema,
  planFilesResponseSchema,
  planHistoryQuerySchema,
  planHistoryResponseSchema,
  planListQuerySchema,
  planListResponseSchema,
  planLiteListResponseSchema,
  planResponseSchema,
  planTypesResponseSchema,
  planUpdateSchema,
  planUserListQuerySchema,
  projectUserListQuerySchema,
  projectUserListResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { forbidden } from '../../http/errors';
import { listMeta } from '../../http/list-paging';
import { errorResponses } from '../../http/responses';
import { createPlan } from './create-plan';
import { ensurePersonalPlan } from './personal-plan';
import { findVisiblePlanId } from './plan-access';
import { listPlanFiles } from './plan-files.query';
import { listPlanHistory } from './plan-history.query';
import { listPlans, listPlansLite } from './plan-list.query';
import { getPlan, listPlanTypes, updatePlan } from './plans.service';
import { findPlanForPeopleList, listProjectUsers } from './project-users.query';

const tags = ['plans'];

/** Plans (projects in the API), plan types and the people on plans. Plans are staff-only (regular users). */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/plans',
    {
      config: { access: access.regular('PROJECTS_READ') },
      schema: { tags, response: { 200: planTypesResponseSchema, ...errorResponses } },
    },
    async () => ({ data: await listPlanTypes(app.ctx.db) }),
  );

  // Two readers share this path: the plans list (regular users with PROJECTS_READ) and, with personal_only, the task
  // screens of every staff member (doc 2 §7), freelancers included, whose personal plan is theirs alone. The route
  // admits both and the handler holds each to its own rule (403, as a declaration would answer).
  app.get(
    '/projects',
    {
      config: { access: access.staff() },
      schema: {
        tags,
        description:
          "The plans list needs a regular user with PROJECTS_READ. personal_only=true answers the caller's personal plan (created on first use) with its requests, for any staff member with TASKS_READ.",
        querystring: planListQuerySchema,
        response: { 200: planListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (request.query.personal_only) {
        if (!principal.permissions.has('TASKS_READ')) {
          throw forbidden();
        }
        const plan = await ensurePersonalPlan(app.ctx.db, principal.userId);
        const data = await getPlan(app.ctx.db, plan.uuid, principal.userId, principal.type);
        return { data: [data], meta: listMeta(1, { size: 1, number: 1 }) };
      }
      if (principal.type !== 'regular_user' || !principal.permissions.has('PROJECTS_READ')) {
        throw forbidden();
      }
      return listPlans(app.ctx.db, request.query, principal.userId);
    },
  );

  // The caller's personal plan for freelancers too (GET projects needs a plan permission they do not have).
  app.get(
    '/projects/personal',
    {
      config: { access: access.staff('TASKS_READ') },
      schema: { tags, response: { 200: planResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const userId = requirePrincipal(request).userId;
      const plan = await ensurePersonalPlan(app.ctx.db, userId);
      return { data: await getPlan(app.ctx.db, plan.uuid, userId, requirePrincipal(request).type) };
    },
  );

  app.get(
    '/projects/lite',
    {
      config: { access: access.regular('PROJECTS_READ') },
      schema: {
        tags,
        querystring: planListQuerySchema,
        response: { 200: planLiteListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listPlansLite(app.ctx.db, request.query, requirePrincipal(request).userId),
  );

  app.get(
    '/projects/:uuid',
    {
      config: { access: access.regular('PROJECTS_READ') },
      schema: { tags, params: uuidParam, response: { 200: planResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await getPlan(app.ctx.db, request.params.uuid, requirePrincipal(request).userId) }),
  );

  // Doc 1 §7 "project history": the plan page's History tab. The plan's own read rule (regular users with
  // PROJECTS_READ; someone else's personal plan is 404).
  app.get(
    '/projects/:uuid/history',
    {
      config: { access: access.regular('PROJECTS_READ') },
      schema: {
        tags,
        description: "The plan's own activity (created, edited, credits and rollover changed), newest first.",
        params: uuidParam,
        querystring: planHistoryQuerySchema,
        response: { 200: planHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await findVisiblePlanId(app.ctx.db, request.params.uuid, requirePrincipal(request).userId);
      return listPlanHistory(app.ctx.db, request.params.uuid.toLowerCase(), request.query.page);
    },
  );

  // The plan page's Files tab: what its tasks and requests hold, under the plan's read rule like its history.
  app.get(
    '/projects/:uuid/files',
    {
      config: { access: access.regular('PROJECTS_READ') },
      schema: {
        tags,
        description:
          "The files attached to the plan's tasks (for TASKS_READ holders) and requests (REQUEST_READ), newest first.",
        params: uuidParam,
        querystring: planFilesQuerySchema,
        response: { 200: planFilesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const planId = await findVisiblePlanId(app.ctx.db, request.params.uuid, principal.userId);
      return listPlanFiles(app.ctx.db, planId, principal, request.query.page);
    },
  );

  app.post(
    '/projects',
    {
      config: { access: access.regular('PROJECTS_CREATE') },
      schema: { tags, body: planCreateSchema, response: { 200: planCreateResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const actorId = requirePrincipal(request).userId;
      const data = await createPlan(app.ctx.db, request.body, actorId);
      // Committed by the command; announced for the audit trail (and any other listener).
      const payload = { title: request.body.title };
      app.ctx.events.publish([{ model: 'project', action: 'created', id: data.uuid, actorId, payload }]);
      return { data };
    },
  );

  app.put(
    '/projects/:uuid',
    {
      config: { access: access.regular('PROJECTS_UPDATE') },
      schema: {
        tags,
        params: uuidParam,
        body: planUpdateSchema,
        response: { 200: planResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actorId = requirePrincipal(request).userId;
      const data = await updatePlan(app.ctx.db, request.params.uuid, request.body, actorId);
      const payload = { title: data.title, fields: Object.keys(request.body) };
      app.ctx.events.publish([{ model: 'project', action: 'updated', id: data.uuid, actorId, payload }]);
      return { data };
    },
  );

  // Pickers for task assignment (and the request form's requester picker, with_client_contacts) need these, so
  // freelancers may call them too (no plan permission required).
  app.get(
    '/projects/:uuid/users',
    {
      config: { access: access.staff() },
      schema: {
        tags,
        params: uuidParam,
        querystring: planUserListQuerySchema,
        response: { 200: projectUserListResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const planId = await findPlanForPeopleList(app.ctx.db, request.params.uuid, requirePrincipal(request));
      return listProjectUsers(app.ctx.db, request.query, planId);
    },
  );

  app.get(
    '/project-users',
    {
      config: { access: access.staff() },
      schema: {
        tags,
        querystring: projectUserListQuerySchema,
        response: { 200: projectUserListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listProjectUsers(app.ctx.db, request.query),
  );
};
