import {
  contactCreateSchema,
  contactListQuerySchema,
  contactListResponseSchema,
  contactResponseSchema,
  contactUpdateSchema,
  messageBodySchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { createContact, deleteContact, updateContact } from './contact-commands';
import { assertCanReadContact, getContact, listContacts } from './contact-queries';

const tags = ['contacts'];

/** Contacts: staff, freelancers and client people (doc 1 §3, §7). The Users admin screen lists them too. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contacts',
    {
      config: { access: access.staff('CONTACTS_READ') },
      schema: {
        tags,
        querystring: contactListQuerySchema,
        response: { 200: contactListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listContacts(app.ctx.db, request.query),
  );

  app.get(
    '/contacts/:uuid',
    {
      // CONTACTS_READ, or one's own contact (the Profile menu item): checked in the handler.
      config: { access: access.staff() },
      schema: { tags, params: uuidParam, response: { 200: contactResponseSchema, ...errorResponses } },
    },
    async (request) => {
      assertCanReadContact(requirePrincipal(request), request.params.uuid);
      return { data: await getContact(app.ctx.db, { uuid: request.params.uuid }) };
    },
  );

  app.post(
    '/contacts',
    {
      // Granting roles is role management: not for personal API tokens.
      config: { access: access.sessionOnlyFields(access.staff('CONTACTS_CREATE'), ['roles']) },
      schema: { tags, body: contactCreateSchema, response: { 200: contactResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const data = await createContact(app.ctx, principal, request.body);
      // Committed by the command; announced for the audit trail (and any other listener).
      app.ctx.events.publish([
        { model: 'contact', action: 'created', id: data.uuid, actorId: principal.userId, payload: { name: data.name } },
      ]);
      return { data };
    },
  );

  // PUT people/{id} is the spec's name for the same call (doc 2 §7: the SMS phone and preference, from the SMS
  // notice); both paths run one route definition and one command, so their rules cannot drift apart.
  for (const path of ['/contacts/:uuid', '/people/:uuid'] as const) {
    app.put(
      path,
      {
        // CONTACTS_UPDATE, or one's own profile fields: checked in the command.
        // Roles and the sign-in e-mail are not for personal API tokens (issue 23).
        config: { access: access.sessionOnlyFields(access.staff(), ['roles', 'email']) },
        schema: {
          tags,
          params: uuidParam,
          body: contactUpdateSchema,
          response: { 200: contactResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        const data = await updateContact(app.ctx, principal, request.params.uuid, request.body);
        const payload = { name: data.name, fields: Object.keys(request.body) };
        app.ctx.events.publish([
          { model: 'contact', action: 'updated', id: data.uuid, actorId: principal.userId, payload },
        ]);
        return { data };
      },
    );
  }

  app.delete(
    '/contacts/:uuid',
    {
      config: { access: access.staff('CONTACTS_DESTROY') },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await deleteContact(app.ctx, principal, request.params.uuid);
      app.ctx.events.publish([
        { model: 'contact', action: 'deleted', id: request.params.uuid, actorId: principal.userId },
      ]);
      return { message: 'Contact deleted.' };
    },
  );
};
