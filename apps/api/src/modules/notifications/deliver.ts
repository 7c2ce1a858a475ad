import type { NotificationData } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush, { type PushSubscription, type RequestOptions, WebPushError } from 'web-push';
import type { AppContext } from '../../context';
import { pushTokens } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { countPush } from '../../ops';
import { publicOnlyAgent, resolveWithDns } from '../../outbound/public-https';
import { escapeHtml } from '../mail/html';
import type { MailMessage } from '../mail/mailer';
import { guardedPush } from './guarded-push';
import type { Outgoing } from './notify';
import { isAllowedPushToken } from './push-endpoint';
import { deliverTexts } from './sms';
import { getVapidKeys, vapidSubject } from './vapid';

/** How one Web Push message is sent; web-push's own function in the app, a recorder in tests. */
export type SendPush = (subscription: PushSubscription, payload: string, options: RequestOptions) => Promise<unknown>;

export type DeliverNotifications = (outgoing: Outgoing) => Promise<void>;

/** The notification e-mail: what happened, and a link to it in the app. */
export function composeNotificationMail(appUrl: string, to: string, data: NotificationData): MailMessage {
  const link = data.action_url ? `${appUrl}${data.action_url}` : appUrl;
  // A digest's content holds one line per notification.
  const lines = [data.title, data.sub_title, ...(data.content ?? '').split('\n')].filter((line): line is string =>
    Boolean(line),
  );
  return {
    to,
    subject: data.sub_title ? `${data.title}: ${data.sub_title}` : data.title,
    text: [...lines, '', `Open it in Agency Portal: ${link}`].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">Open it in Agency Portal</a></p>`,
    ].join(''),
  };
}

/**
 * Delivers what notifyUsers answered, after the caller's transaction committed (so no e-mail or push is sent for
 * a notification that was rolled back). A failure is logged and never reaches the request that caused it. A push
 * service answering 404 or 410 means the subscription is gone: its token is deleted.
 */
export function notificationDelivery(
  // resolveHost is optional so producers holding a narrower context still deliver (the system resolver then).
  ctx: Pick<AppContext, 'db' | 'mailer' | 'sessions' | 'config' | 'events'> &
    Partial<Pick<AppContext, 'resolveHost' | 'outbound'>>,
  log: FastifyBaseLogger,
  // The app's guarded client when the context has one (every request and job); web-push's own sender otherwise.
  sendPush: SendPush = ctx.outbound ? guardedPush(ctx.outbound) : webPush.sendNotification,
): DeliverNotifications {
  return async (outgoing) => {
    ctx.events.publish(notificationEvents(outgoing.created ?? []));
    for (const email of outgoing.emails) {
      try {
        await ctx.mailer.send(composeNotificationMail(ctx.config.appUrl, email.to, email.data));
      } catch (error) {
        log.error({ err: error, to: email.to }, 'notification e-mail failed');
      }
    }
    const sms = ctx.config.sms;
    // SMS_API_URL is operator configuration (admitted as configured); redirects, timeouts and the cap are guarded.
    const smsFetch = sms && ctx.outbound ? ctx.outbound.forConfiguredHost(sms.apiUrl).fetch : fetch;
    await deliverTexts(sms, ctx.config.appUrl, outgoing.sms ?? [], log, smsFetch);
    if (outgoing.pushes.length === 0) {
      return;
    }
    let options: RequestOptions;
    try {
      const keys = await getVapidKeys(ctx.db);
      options = {
        vapidDetails: { subject: vapidSubject(ctx.config.mailFrom), ...keys },
        TTL: 24 * 60 * 60,
        timeout: 5000,
        // Dials public addresses only, whatever the endpoint's name resolves to by now (outbound/).
        agent: publicOnlyAgent(),
      };
    } catch (error) {
      log.error({ err: error }, 'web push keys unavailable');
      return;
    }
    for (const push of outgoing.pushes) {
      const payload = JSON.stringify(push.notification);
      const gone: string[] = [];
      for (const token of push.tokens) {
        // Stored before the endpoint rules, or its name now resolves inward: never dialled.
        if (!(await isAllowedPushToken(token, ctx.resolveHost ?? resolveWithDns))) {
          log.warn({ userId: push.userId }, 'web push skipped: the endpoint is not an https address of a public host');
          continue;
        }
        try {
          await sendPush(JSON.parse(token) as PushSubscription, payload, options);
          countPush('sent');
        } catch (error) {
          if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
            countPush('gone');
            gone.push(token);
          } else {
            countPush('failed');
            log.warn({ err: error, userId: push.userId }, 'web push failed');
          }
        }
      }
      if (gone.length) {
        await removeTokens(ctx, push.userId, gone).catch((error: unknown) =>
          log.error({ err: error }, 'removing expired push tokens failed'),
        );
      }
    }
  };
}

/** The bell (notification) and the Mentions badge (mention.change) of each recipient, live (doc 1 §7). */
export function notificationEvents(created: NonNullable<Outgoing['created']>): DomainEvent[] {
  return created.flatMap((n) => {
    const notification: DomainEvent = {
      model: 'notification',
      action: 'created',
      id: n.uuid,
      actorId: null,
      userIds: [n.userId],
      payload: { number: n.number },
    };
    return n.mention
      ? [notification, { model: 'mention', action: 'change', id: n.uuid, actorId: null, userIds: [n.userId] }]
      : [notification];
  });
}

async function removeTokens(ctx: Pick<AppContext, 'db' | 'sessions'>, userId: number, tokens: string[]) {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(pushTokens).where(and(eq(pushTokens.userId, userId), inArray(pushTokens.token, tokens)));
    // GET /user lists the push tokens and is cached with the session.
    await ctx.sessions.invalidateUser(userId, tx);
  });
}
