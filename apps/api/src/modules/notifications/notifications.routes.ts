import {
  MESSAGES,
  mentionCountResponseSchema,
  messageBodySchema,
  notificationCountResponseSchema,
  notificationIdParam,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  pushTokenBodySchema,
  pushTokenParam,
  pushTokenResponseSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { deleteNotification, readAllNotifications, readMention, setNotificationRead } from './notification-commands';
import { countUnread, countUnreadMentions, listNotifications } from './notification-queries';
import { deletePushToken, registerPushToken, renewPushToken } from './push-tokens';

const tags = ['notifications'];
const pushTags = ['push-tokens'];

/**
 * The bell, the Mentions badge and Web Push registration (doc 1 §2, §7). Every call acts on the caller's own
 * notifications and tokens only; another person's notification answers 404.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const userId = (request: Parameters<typeof requirePrincipal>[0]) => requirePrincipal(request).userId;
  /**
   * The caller's other tabs and devices refresh the bell and the Mentions badge (users.{uuid}); a read state
   * change may move either count, so both are announced.
   */
  const announce = (user: number, action: 'updated' | 'deleted', id: string) =>
    app.ctx.events.publish([
      { model: 'notification', action, id, actorId: user, userIds: [user] },
      { model: 'mention', action: 'change', id, actorId: user, userIds: [user] },
    ]);

  app.get(
    '/notifications',
    {
      config: { access: access.staff() },
      schema: {
        tags,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listNotifications(app.ctx.db, userId(request), request.query),
  );

  app.get(
    '/notifications/count',
    {
      config: { access: access.staff() },
      schema: { tags, response: { 200: notificationCountResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: { unread: await countUnread(app.ctx.db, userId(request)) } }),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { access: access.staff() },
      schema: { tags, response: { 200: notificationCountResponseSchema, ...errorResponses } },
    },
    async (request) => {
      await readAllNotifications(app.ctx.db, userId(request));
      announce(userId(request), 'updated', 'all');
      return { data: { unread: await countUnread(app.ctx.db, userId(request)) } };
    },
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { access: access.staff() },
      schema: { tags, params: notificationIdParam, response: { 200: notificationResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const data = await setNotificationRead(app.ctx.db, userId(request), request.params.id, true);
      announce(userId(request), 'updated', request.params.id);
      return { data };
    },
  );

  app.post(
    '/notifications/:id/unread',
    {
      config: { access: access.staff() },
      schema: { tags, params: notificationIdParam, response: { 200: notificationResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const data = await setNotificationRead(app.ctx.db, userId(request), request.params.id, false);
      announce(userId(request), 'updated', request.params.id);
      return { data };
    },
  );

  app.delete(
    '/notifications/:id',
    {
      config: { access: access.staff() },
      schema: { tags, params: notificationIdParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteNotification(app.ctx.db, userId(request), request.params.id);
      announce(userId(request), 'deleted', request.params.id);
      return { message: MESSAGES.deleted };
    },
  );

  app.get(
    '/mentions/count',
    {
      config: { access: access.staff() },
      schema: { tags, response: { 200: mentionCountResponseSchema, ...errorResponses } },
    },
    async (request) => ({ inbox_unread: await countUnreadMentions(app.ctx.db, userId(request)) }),
  );

  app.post(
    '/mentions/:id/read',
    {
      config: { access: access.staff() },
      schema: { tags, params: notificationIdParam, response: { 200: notificationResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const data = await readMention(app.ctx.db, userId(request), request.params.id);
      announce(userId(request), 'updated', request.params.id);
      return { data };
    },
  );

  app.post(
    '/push-token',
    {
      config: { access: access.staff() },
      schema: {
        tags: pushTags,
        summary: 'Register this browser for Web Push',
        description: 'The token is the JSON of the browser PushSubscription. Registering it again changes nothing.',
        body: pushTokenBodySchema,
        response: { 200: pushTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await registerPushToken(app.ctx, userId(request), request.body.token);
      return { data: { token: request.body.token } };
    },
  );

  app.put(
    '/push-token/:token',
    {
      config: { access: access.staff() },
      schema: {
        tags: pushTags,
        summary: 'Renew a push subscription',
        description: 'Replaces the URL-encoded old token in the path by the token in the body.',
        params: pushTokenParam,
        body: pushTokenBodySchema,
        response: { 200: pushTokenResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await renewPushToken(app.ctx, userId(request), request.params.token, request.body.token);
      return { data: { token: request.body.token } };
    },
  );

  app.delete(
    '/push-token/:token',
    {
      config: { access: access.staff() },
      schema: {
        tags: pushTags,
        summary: 'Forget a push subscription (at logout)',
        description: 'The token is URL-encoded in the path. Deleting a token that is not registered is not an error.',
        params: pushTokenParam,
        response: { 200: messageBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      await deletePushToken(app.ctx, userId(request), request.params.token);
      return { message: MESSAGES.deleted };
    },
  );
};
