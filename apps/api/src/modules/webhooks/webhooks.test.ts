import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { notifications, webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import type { MemoryPickup } from '../mail/pickup';
import { EMAIL_DESIGN, emailAnswers } from '../requests/request-test-helpers';
import { attemptDelivery, runDueDeliveries, WEBHOOK_PAUSE_AFTER_FAILURES } from './webhook-delivery';

/** A real receiver on 127.0.0.1 (allow-listed for this file only, as OUTBOUND_ALLOW_HOSTS in a test config). */
type Received = { headers: IncomingMessage['headers']; body: string; url: string };
let received: Received[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('thanks');
let receiver: Server;
let base = '';

let app: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let mailbox: MemoryPickup;
let close: () => Promise<void>;
let admin: BuiltUser;
let planUuid = '';
const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body, url: req.url ?? '' });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ({ app, db, mailbox, close } = await getTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    // inward.test resolves to loopback; every other name to a public address (tests never use real DNS here).
    resolveHost: async (host) => (host === 'inward.test' ? ['127.0.0.1'] : ['93.184.215.14']),
  }));
  ({ admin } = await buildActors(db));
  planUuid = (await buildPlan(db, { projectManagerId: admin.id })).uuid;
});

afterAll(async () => {
  await close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  received = [];
  answer = (_req, res) => res.end('thanks');
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function subscribe(path: string, events: string[], who: BuiltUser = admin) {
  const res = await call('POST', '/api/webhooks', who.token, { url: `${base}${path}`, events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; secret: string; url: string };
}

async function createTask(title: string) {
  const res = await call('POST', '/api/tasks', admin.token, { title, project_id: planUuid });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; title: string };
}

/** The bus's listeners run after the answer; wait until the deliveries they record exist. */
async function deliveriesOf(webhookUuid: string, atLeast = 1) {
  for (let i = 0; i < 100; i += 1) {
    const rows = await db
      .select({ d: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhooks.uuid, webhookUuid))
      .orderBy(webhookDeliveries.id);
    if (rows.length >= atLeast) {
      return rows.map((r) => r.d);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no deliveries recorded');
}

const makeDue = (deliveryId: number) =>
  db.update(webhookDeliveries).set({ nextAttemptAt: sql`now()` }).where(eq(webhookDeliveries.id, deliveryId));

/** The receiver's side, written apart from the module's signer: parse, recompute, compare in constant time. */
function verifiedBy(secret: string, header: string | undefined, rawBody: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !parts.v1) {
    return false;
  }
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${parts.t}.${rawBody}`, 'utf8').digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe('webhooks: subscribing, and the secret', () => {
  it('shows the secret once at create, stores it sealed, and never answers it again', async () => {
    const hook = await subscribe('/sealed', ['task.created']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(webhooks).where(eq(webhooks.uuid, hook.uuid));
    expect(row?.secretSealed.startsWith('v1.')).toBe(true);
    expect(row?.secretSealed).not.toContain(hook.secret);
    expect(await app.ctx.secrets.open(row?.secretSealed ?? '')).toBe(hook.secret);
    for (const url of ['/api/webhooks', `/api/webhooks/${hook.uuid}`]) {
      const res = await call('GET', url, admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(hook.secret);
      expect(res.body).not.toContain('secret');
    }
    const rotated = await call('POST', `/api/webhooks/${hook.uuid}/rotate-secret`, admin.token);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(hook.secret);
  });

  it('refuses URLs that are not public https: inward literals, a name resolving inward, credentials', async () => {
    const production = ['https://127.0.0.2/x', 'https://[::1]/x', 'https://10.0.0.1/x', 'https://169.254.169.254/'];
    for (const url of [
      ...production,
      'https://inward.test/hook',
      'https://user:pw@example.com/',
      'ftp://example.com/',
    ]) {
      const res = await call('POST', '/api/webhooks', admin.token, { url, events: ['task.created'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url?.[0], url).toMatch(/https/);
    }
    const ok = await call('POST', '/api/webhooks', admin.token, {
      url: 'https://hooks.example.com/in',
      events: ['task.created'],
    });
    expect(ok.statusCode).toBe(200);
    await call('DELETE', `/api/webhooks/${ok.json().data.uuid}`, admin.token);
  });

  it('is for people with WEBHOOKS_MANAGE only', async () => {
    const manager = await buildUser(db, { permissions: ['TASKS_READ', 'ROLES_READ'] });
    expect((await call('GET', '/api/webhooks', manager.token)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/webhooks', manager.token, { url: 'https://a.example/', events: ['task.created'] }))
        .statusCode,
    ).toBe(403);
  });
});

describe('webhooks: deliveries', () => {
  it('sends a created task after commit, signed over timestamp and body, in the API’s own shape', async () => {
    const hook = await subscribe('/tasks', ['task.created']);
    const task = await createTask('Write the brief');
    const [delivery] = await deliveriesOf(hook.uuid);
    expect(await attemptDelivery(app.ctx, delivery?.id ?? 0, log)).toBe('succeeded');

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got?.headers['x-portal-event']).toBe('task.created');
    expect(verifiedBy(hook.secret, got?.headers['x-portal-signature'] as string, got?.body ?? '')).toBe(true);
    expect(verifiedBy('whsec_wrong', got?.headers['x-portal-signature'] as string, got?.body ?? '')).toBe(false);
    const t = Number(/t=(\d+)/.exec(String(got?.headers['x-portal-signature']))?.[1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60);

    const payload = JSON.parse(got?.body ?? '{}');
    expect(payload).toMatchObject({ event: 'task.created', id: delivery?.uuid, webhook: hook.uuid });
    const asApi = (await call('GET', `/api/tasks/${task.uuid}`, admin.token)).json().data;
    expect(payload.data).toEqual(asApi);

    const log1 = await call('GET', `/api/webhooks/${hook.uuid}/deliveries`, admin.token);
    expect(log1.json().data[0]).toMatchObject({
      delivery_uuid: delivery?.uuid,
      outcome: 'succeeded',
      response_status: 200,
      response_excerpt: 'thanks',
      attempt: 1,
    });
    expect(log1.json().meta.total).toBe(1);
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });

  it('sends requests, comments and time logs in the shape their own API answers', async () => {
    const hook = await subscribe('/shapes', ['request.created', 'comment.created', 'time_log.created']);
    const request = await call('POST', '/api/requests', admin.token, {
      status: 'new',
      subject: 'Spring newsletter',
      request_type_id: EMAIL_DESIGN,
      project_id: planUuid,
      requester_id: admin.uuid,
      answers: emailAnswers,
    });
    expect(request.statusCode, request.body).toBe(200);
    const task = await createTask('Shapes');
    const comment = await call('POST', `/api/tasks/${task.uuid}/comments`, admin.token, { text: 'Looks good' });
    expect(comment.statusCode, comment.body).toBe(200);
    const timeLog = await call('POST', '/api/time-log', admin.token, {
      task_id: task.uuid,
      date: '2026-11-20',
      minutes: 30,
      description: 'Design review',
      status: 'completed',
    });
    expect(timeLog.statusCode, timeLog.body).toBe(200);

    const deliveries = await deliveriesOf(hook.uuid, 3);
    for (const delivery of deliveries) {
      expect(await attemptDelivery(app.ctx, delivery.id, log)).toBe('succeeded');
    }
    const byEvent = Object.fromEntries(received.map((r) => [JSON.parse(r.body).event, JSON.parse(r.body).data]));
    const requestUuid = request.json().data.uuid;
    expect(byEvent['request.created']).toEqual(
      (await call('GET', `/api/requests/${requestUuid}`, admin.token)).json().data,
    );
    expect(byEvent['comment.created']).toEqual(comment.json().data);
    expect(byEvent['time_log.created']).toEqual(timeLog.json().data);
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });

  it('records nothing for a write that rolled back', async () => {
    const hook = await subscribe('/rollback', ['task.created']);
    const before = await db.select().from(webhookDeliveries);
    await expect(
      inTransaction(db, app.ctx.events, async (_tx, emit) => {
        emit({ model: 'task', action: 'created', id: crypto.randomUUID(), actorId: admin.id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.select().from(webhookDeliveries)).toHaveLength(before.length);
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });

  it('sends a task status change, and not an edit that kept the status', async () => {
    const hook = await subscribe('/status', ['task.status_changed']);
    const task = await createTask('Move me');
    expect((await call('PUT', `/api/tasks/${task.uuid}`, admin.token, { title: 'Moved title' })).statusCode).toBe(200);
    expect((await call('PUT', `/api/tasks/${task.uuid}`, admin.token, { status: 'in_progress' })).statusCode).toBe(200);
    const rows = await deliveriesOf(hook.uuid);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await deliveriesOf(hook.uuid)).toHaveLength(1);
    expect(rows[0]?.event).toBe('task.status_changed');
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });

  it('sends nothing about an object the subscribing admin cannot read', async () => {
    const blind = await buildUser(db, { permissions: ['WEBHOOKS_MANAGE'] });
    const hook = await subscribe('/blind', ['task.created'], blind);
    await createTask('Not for the blind admin');
    const [delivery] = await deliveriesOf(hook.uuid);
    expect(await attemptDelivery(app.ctx, delivery?.id ?? 0, log)).toBe('skipped');
    expect(received).toHaveLength(0);
    const [attempt] = await db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery?.id ?? 0));
    expect(attempt).toMatchObject({ outcome: 'skipped', responseStatus: null });
    await call('DELETE', `/api/webhooks/${hook.uuid}`, blind.token);
  });

  it('keeps only the first 1 KB of a long answer', async () => {
    answer = (_req, res) => res.end('é'.repeat(3000));
    const hook = await subscribe('/long', ['task.created']);
    await createTask('Long answer');
    const [delivery] = await deliveriesOf(hook.uuid);
    await attemptDelivery(app.ctx, delivery?.id ?? 0, log);
    const [attempt] = await db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery?.id ?? 0));
    expect(Buffer.byteLength(attempt?.responseExcerpt ?? '')).toBeLessThanOrEqual(1024 + 3);
    expect(attempt?.responseExcerpt?.startsWith('éé')).toBe(true);
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });

  it('refuses at connect time a name that resolved public at intake but points to loopback (DNS rebinding)', async () => {
    // The intake check resolves through the test's resolver (public); the connect uses the real one (loopback).
    const port = (receiver.address() as AddressInfo).port;
    const res = await call('POST', '/api/webhooks', admin.token, {
      url: `http://localhost:${port}/rebind`,
      events: ['task.created'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const hook = res.json().data;
    await createTask('Rebinding');
    const [delivery] = await deliveriesOf(hook.uuid);
    expect(await attemptDelivery(app.ctx, delivery?.id ?? 0, log)).toBe('failed');
    expect(received).toHaveLength(0);
    const [attempt] = await db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, delivery?.id ?? 0));
    expect(attempt?.error).toMatch(/not a public address/);
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });
});

describe('webhooks: retries, the failure rule, redelivery', () => {
  it('retries with exponential backoff, pauses after the failure rule, tells the owner, holds until resumed', async () => {
    answer = (_req, res) => res.writeHead(503).end('down for maintenance');
    const owner = await buildUser(db, { permissions: ['WEBHOOKS_MANAGE', 'TASKS_READ'], name: 'Hook Owner' });
    const hook = await subscribe('/failing', ['task.created'], owner);
    await createTask('Failing receiver');
    const [delivery] = await deliveriesOf(hook.uuid);
    const id = delivery?.id ?? 0;

    const delays: number[] = [];
    for (let attempt = 1; attempt <= WEBHOOK_PAUSE_AFTER_FAILURES; attempt += 1) {
      expect(await attemptDelivery(app.ctx, id, log)).toBe('failed');
      const [row] = await db
        .select({ next: webhookDeliveries.nextAttemptAt, now: sql<Date>`now()` })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, id));
      delays.push(Math.round(((row?.next?.getTime() ?? 0) - new Date(row?.now ?? 0).getTime()) / 1000));
      // Not due before its backoff: a try now is no try.
      expect(await attemptDelivery(app.ctx, id, log)).toBeNull();
      await makeDue(id);
    }
    expect(delays.slice(0, 4)).toEqual([60, 120, 240, 480]);
    expect(received).toHaveLength(WEBHOOK_PAUSE_AFTER_FAILURES);

    const paused = (await call('GET', `/api/webhooks/${hook.uuid}`, admin.token)).json().data;
    expect(paused).toMatchObject({ status: 'paused', paused_reason: 'failing', consecutive_failures: 10 });
    const [told] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'webhook_paused')));
    expect(told?.data).toMatchObject({ title: MESSAGES.webhookPausedTitle, resource_id: hook.uuid });
    await expect.poll(() => mailbox.messages.some((m) => m.to === owner.email)).toBe(true);

    // Paused: the due delivery is held, not sent.
    expect(await attemptDelivery(app.ctx, id, log)).toBeNull();
    answer = (_req, res) => res.end('back');
    const resumed = await call('PUT', `/api/webhooks/${hook.uuid}`, admin.token, { active: true });
    expect(resumed.json().data).toMatchObject({ status: 'active', consecutive_failures: 0 });
    // Resuming alone does not make the admin who resumed it the owner.
    const [after] = await db.select().from(webhooks).where(eq(webhooks.uuid, hook.uuid));
    expect(after?.userId).toBe(owner.id);
    expect(await runDueDeliveries(app.ctx, log)).toBeGreaterThanOrEqual(1);
    const [done] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    expect(done).toMatchObject({ status: 'succeeded', attempts: 11 });
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });

  it('gives up a delivery once its day of retries is over', async () => {
    answer = (_req, res) => res.writeHead(500).end();
    const hook = await subscribe('/expiring', ['task.created']);
    await createTask('Expiring');
    const [delivery] = await deliveriesOf(hook.uuid);
    await db
      .update(webhookDeliveries)
      .set({ retryUntil: sql`now() + interval '30 seconds'` })
      .where(eq(webhookDeliveries.id, delivery?.id ?? 0));
    expect(await attemptDelivery(app.ctx, delivery?.id ?? 0, log)).toBe('failed');
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, delivery?.id ?? 0));
    expect(row).toMatchObject({ status: 'failed', nextAttemptAt: null });
    await call('DELETE', `/api/webhooks/${hook.uuid}`, admin.token);
  });

  it('redelivers a delivery on request, as a new attempt in the log', async () => {
    const hook = await subscribe('/again', ['task.created']);
    await createTask('Again');
    const [delivery] = await deliveriesOf(hook.uuid);
    await attemptDelivery(app.ctx, delivery?.id ?? 0, log);
    const res = await call('POST', `/api/webhook-deliveries/${delivery?.uuid}/redeliver`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.webhookRedelivered);
    expect(await attemptDelivery(app.ctx, delivery?.id ?? 0, log)).toBe('succeeded');
    expect(received).toHaveLength(2);
    expect(received[0]?.body).toContain(delivery?.uuid);
    const page = await call('GET', `/api/webhooks/${hook.uuid}/deliveries?page[size]=1`, admin.token);
    expect(page.json().meta).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    expect(page.json().data[0]).toMatchObject({ attempt: 2, outcome: 'succeeded', delivery_uuid: delivery?.uuid });
    expect(
      (await call('POST', `/api/webhook-deliveries/${crypto.randomUUID()}/redeliver`, admin.token)).statusCode,
    ).toBe(404);
  });
});
