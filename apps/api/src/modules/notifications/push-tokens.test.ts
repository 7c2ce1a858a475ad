import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushSubscription, WebPushError } from 'web-push';
import { bearer, buildActors } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { contacts, pushTokens, settings } from '../../db/schema';
import { notificationDelivery } from './deliver';
import { notifyUsers } from './notify';
import { notificationData, subscriptionJson } from './test-helpers';

/** Push tokens (doc 1 §7: register, renew, delete at logout) and Web Push delivery. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const tokensOf = async (token: string) =>
  (await app.inject({ url: '/api/user', headers: bearer(token) }))
    .json()
    .data.push_tokens.map((t: { token: string }) => t.token);
const register = (token: string, as = actors.manager.token) =>
  app.inject({ method: 'POST', url: '/api/push-token', headers: bearer(as), payload: { token } });
const path = (token: string) => `/api/push-token/${encodeURIComponent(token)}`;

describe('push tokens', () => {
  it('registers a subscription once however often it is sent, and GET /user lists it', async () => {
    const token = subscriptionJson('register');
    expect(await tokensOf(actors.manager.token)).toEqual([]);
    const first = await register(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { token } });
    await register(token);
    expect(await tokensOf(actors.manager.token)).toEqual([token]);
  });

  it('renews a token: the old one is replaced by the new one', async () => {
    const old = subscriptionJson('old');
    const renewed = subscriptionJson('renewed');
    await register(old, actors.freelancer.token);
    const res = await app.inject({
      method: 'PUT',
      url: path(old),
      headers: bearer(actors.freelancer.token),
      payload: { token: renewed },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await tokensOf(actors.freelancer.token)).toEqual([renewed]);
  });

  it('deletes a token at logout, and deleting it again is not an error', async () => {
    const token = subscriptionJson('logout');
    await register(token, actors.admin.token);
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'DELETE', url: path(token), headers: bearer(actors.admin.token) });
      expect(res.json()).toEqual({ message: MESSAGES.deleted });
    }
    expect(await tokensOf(actors.admin.token)).toEqual([]);
  });

  it('moves a browser subscription to the person who registers it last', async () => {
    const token = subscriptionJson('shared-browser');
    await register(token, actors.admin.token);
    await register(token, actors.freelancer.token);
    expect(await tokensOf(actors.admin.token)).not.toContain(token);
    expect(await tokensOf(actors.freelancer.token)).toContain(token);
  });

  it('refuses what is not a push subscription with 422', async () => {
    for (const token of ['', 'not json', JSON.stringify({ endpoint: 'http://insecure.test/x', keys: {} })]) {
      const res = await register(token);
      expect(res.statusCode, token).toBe(422);
    }
    expect((await register(subscriptionJson('x'), actors.contact.token)).statusCode).toBe(403);
  });

  it('publishes the VAPID public key, generated once and kept in settings', async () => {
    const config = (await app.inject({ url: '/api/config' })).json();
    const [stored] = await db.select().from(settings).where(eq(settings.key, 'vapid'));
    expect(config.vapid_public_key).toBe((stored?.value as { publicKey?: string } | undefined)?.publicKey);
    expect(config.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await app.inject({ url: '/api/config' })).json().vapid_public_key).toBe(config.vapid_public_key);
  });
});

describe('Web Push delivery', () => {
  it('pushes to every token, deletes tokens the push service says are gone, counts each result, and never throws', async () => {
    const user = actors.manager;
    // The pushes counter of the metrics (ops/metrics.ts), read as a scrape reads it.
    const counted = async (result: string) =>
      Number(
        (await app.ops.metrics.text()).match(
          new RegExp(`^portal_pushes_total\\{result="${result}"\\} (\\d+)$`, 'm'),
        )?.[1] ?? 0,
      );
    const before = { sent: await counted('sent'), failed: await counted('failed'), gone: await counted('gone') };
    const alive = subscriptionJson('alive');
    const gone = subscriptionJson('gone');
    const broken = subscriptionJson('broken');
    for (const token of [alive, gone, broken]) {
      await register(token, user.token);
    }
    const sent: { endpoint: string; payload: string }[] = [];
    const warnings: unknown[] = [];
    const log = {
      warn: (o: unknown) => warnings.push(o),
      error: (o: unknown) => warnings.push(o),
    } as unknown as FastifyBaseLogger;
    const deliver = notificationDelivery(app.ctx, log, async (subscription: PushSubscription, payload: string) => {
      if (subscription.endpoint.endsWith('/gone')) {
        throw new WebPushError('gone', 410, {}, '', subscription.endpoint);
      }
      if (subscription.endpoint.endsWith('/broken')) {
        throw new WebPushError('server error', 500, {}, '', subscription.endpoint);
      }
      sent.push({ endpoint: subscription.endpoint, payload });
    });
    const outgoing = await db.transaction((tx) =>
      notifyUsers(
        tx,
        [user.id],
        { type: 'task_assigned', data: notificationData('Pushed', { action_url: '/tasks' }) },
        null,
      ),
    );
    await expect(deliver(outgoing)).resolves.toBeUndefined();

    expect(sent.map((s) => s.endpoint)).toContain('https://push.example.test/send/alive');
    expect(JSON.parse(sent[0]?.payload ?? '{}')).toMatchObject({ data: { title: 'Pushed', action_url: '/tasks' } });
    expect(warnings).toHaveLength(1);
    const left = (await db.select().from(pushTokens).where(eq(pushTokens.userId, user.id))).map((t) => t.token);
    expect(left).toContain(alive);
    expect(left).toContain(broken);
    expect(left).not.toContain(gone);
    expect(await tokensOf(user.token)).not.toContain(gone);
    expect({
      sent: (await counted('sent')) - before.sent,
      failed: (await counted('failed')) - before.failed,
      gone: (await counted('gone')) - before.gone,
    }).toEqual({ sent: sent.length, failed: 1, gone: 1 });
  });

  it('sends no push when the push preference is off', async () => {
    const user = actors.freelancer;
    await register(subscriptionJson('muted'), user.token);
    await db
      .update(contacts)
      .set({ preferences: { email_notifications: '0', sms_notifications: '1', push_notifications: '0' } })
      .where(eq(contacts.userId, user.id));
    const outgoing = await db.transaction((tx) =>
      notifyUsers(tx, [user.id], { type: 'task_assigned', data: notificationData('Muted') }, null),
    );
    // The notification itself is still written (and announced on the live channel); nothing is sent.
    expect(outgoing).toMatchObject({ emails: [], pushes: [] });
  });
});
