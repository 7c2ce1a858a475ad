import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { webhookAttempts, webhookDeliveries, webhooks } from '../../db/schema';
import { onboardingApi } from '../onboarding/test-helpers';
import { PDF_BYTES, startStorage, uploadClient } from '../uploads/test-helpers';
import { attemptDelivery } from './webhook-delivery';

/**
 * The events whose objects live in other modules than tasks and requests: an upload attached to something, and an
 * onboarding that completed. A real receiver on 127.0.0.1, allow-listed for this file's app only.
 */
type Received = { headers: IncomingMessage['headers']; body: string };
let received: Received[] = [];
let receiver: Server;
let base = '';

let app: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let close: () => Promise<void>;
let stop: () => Promise<void>;
let admin: BuiltUser;
const log = { error: () => undefined, warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const storage = await startStorage('local');
  stop = storage.stop;
  ({ app, db, close } = await getTestApp({ env: { ...storage.env, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } }));
  ({ admin } = await buildActors(db));
});

afterAll(async () => {
  await close();
  await stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  received = [];
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function subscribe(path: string, events: string[], who: BuiltUser) {
  const res = await call('POST', '/api/webhooks', who.token, { url: `${base}${path}`, events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; secret: string };
}

/** The bus's listeners run after the answer; wait until the delivery they record exists. */
async function deliveryOf(webhookUuid: string) {
  for (let i = 0; i < 100; i += 1) {
    const [row] = await db
      .select({ d: webhookDeliveries })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(eq(webhooks.uuid, webhookUuid));
    if (row) {
      return row.d;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no delivery recorded');
}

/** The receiver's side, apart from the module's signer. */
function verifiedBy(secret: string, header: unknown, rawBody: string): boolean {
  const parts = Object.fromEntries(
    String(header ?? '')
      .split(',')
      .map((p) => p.split('=') as [string, string]),
  );
  if (!parts.t || !parts.v1) {
    return false;
  }
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function expectSkipped(deliveryId: number) {
  expect(await attemptDelivery(app.ctx, deliveryId, log)).toBe('skipped');
  const [attempt] = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId));
  expect(attempt).toMatchObject({ outcome: 'skipped', responseStatus: null });
}

describe('webhooks: upload.attached', () => {
  it('sends an upload attached to a task in the shape GET uploads/{uuid}/info answers; skips it for an owner who cannot see the task', async () => {
    const hook = await subscribe('/uploads', ['upload.attached'], admin);
    const blind = await buildUser(db, { permissions: ['WEBHOOKS_MANAGE', 'TASKS_READ'] });
    const blindHook = await subscribe('/uploads-blind', ['upload.attached'], blind);

    // A personal plan's tasks are its manager's alone: other staff cannot read them, nor the files they hold.
    const personal = await buildPlan(db, { projectManagerId: admin.id, kind: 'personal' });
    const upload = await uploadClient(app).upload(admin.token, 'brief.pdf', PDF_BYTES);
    const task = await call('POST', '/api/tasks', admin.token, { title: 'With a brief', project_id: personal.uuid });
    expect(task.statusCode, task.body).toBe(200);
    const attached = await call('PUT', `/api/tasks/${task.json().data.uuid}`, admin.token, { uploads: [upload] });
    expect(attached.statusCode, attached.body).toBe(200);

    const delivery = await deliveryOf(hook.uuid);
    expect(delivery).toMatchObject({ event: 'upload.attached', objectUuid: upload });
    expect(await attemptDelivery(app.ctx, delivery.id, log)).toBe('succeeded');
    expect(received).toHaveLength(1);
    const [got] = received;
    expect(verifiedBy(hook.secret, got?.headers['x-portal-signature'], got?.body ?? '')).toBe(true);
    const payload = JSON.parse(got?.body ?? '{}');
    expect(payload).toMatchObject({ event: 'upload.attached', id: delivery.uuid });
    expect(payload.data).toEqual((await call('GET', `/api/uploads/${upload}/info`, admin.token)).json().data);

    // Not the uploader, and the task is not theirs to see: nor is its file, so nothing leaves.
    await expectSkipped((await deliveryOf(blindHook.uuid)).id);
    expect(received).toHaveLength(1);
  });
});

describe('webhooks: upload.attached on requests', () => {
  it('sends the files a request gets when it is created and when one is added later', async () => {
    const hook = await subscribe('/request-files', ['upload.attached'], admin);
    const plan = await buildPlan(db, { projectManagerId: admin.id });
    const first = await uploadClient(app).upload(admin.token, 'brief.pdf', PDF_BYTES);
    const created = await call('POST', '/api/requests', admin.token, {
      subject: 'Spring campaign',
      project_id: plan.uuid,
      uploads: [first],
    });
    expect(created.statusCode, created.body).toBe(200);
    const second = await uploadClient(app).upload(admin.token, 'moodboard.pdf', PDF_BYTES);
    const added = await call('PUT', `/api/requests/${created.json().data.uuid}`, admin.token, { uploads: [second] });
    expect(added.statusCode, added.body).toBe(200);

    let rows: { event: string; objectUuid: string }[] = [];
    for (let i = 0; i < 100 && rows.length < 2; i += 1) {
      rows = await db
        .select({ event: webhookDeliveries.event, objectUuid: webhookDeliveries.objectUuid })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        .where(eq(webhooks.uuid, hook.uuid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(rows).toEqual(
      expect.arrayContaining([
        { event: 'upload.attached', objectUuid: first },
        { event: 'upload.attached', objectUuid: second },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe('webhooks: onboarding.completed', () => {
  it('sends a completed onboarding once, signed, as GET onboardings/{uuid} answers; nothing to an owner without ONBOARDING_READ', async () => {
    const onboarding = onboardingApi(app, admin.token);
    await onboarding.requirements([
      { inclusion: 'social_media', name: 'Page admin access', kind: 'link_confirmation', link: 'leadsie_social_link' },
    ]);
    const hook = await subscribe('/onboarding', ['onboarding.completed'], admin);
    const blind = await buildUser(db, { permissions: ['WEBHOOKS_MANAGE', 'CUSTOMERS_READ'] });
    const blindHook = await subscribe('/onboarding-blind', ['onboarding.completed'], blind);

    const client = await buildCustomer(db, { businessName: 'Hooked Bakery' });
    const started = await onboarding.start(client.uuid, { social_media: true });
    const item = `/api/onboardings/${started.uuid}/items/${started.items[0]?.uuid}`;
    expect((await onboarding.call('PUT', item, { status: 'done' })).statusCode).toBe(200);
    // Progress that does not complete it is not the event.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await db.select().from(webhookDeliveries)).not.toContainEqual(
      expect.objectContaining({ event: 'onboarding.completed' }),
    );
    const last = await onboarding.call('PUT', `/api/onboardings/${started.uuid}/steps/order_confirmed`, { done: true });
    expect(last.json().data).toMatchObject({ status: 'done' });

    const delivery = await deliveryOf(hook.uuid);
    expect(delivery).toMatchObject({ event: 'onboarding.completed', objectUuid: started.uuid });
    expect(await attemptDelivery(app.ctx, delivery.id, log)).toBe('succeeded');
    const [got] = received;
    expect(got?.headers['x-portal-event']).toBe('onboarding.completed');
    expect(verifiedBy(hook.secret, got?.headers['x-portal-signature'], got?.body ?? '')).toBe(true);
    const payload = JSON.parse(got?.body ?? '{}');
    expect(payload).toMatchObject({ event: 'onboarding.completed', id: delivery.uuid, webhook: hook.uuid });
    expect(payload.data).toEqual(await onboarding.detail(started.uuid));
    expect(payload.data).toMatchObject({ status: 'done', progress: 100 });

    await expectSkipped((await deliveryOf(blindHook.uuid)).id);
    expect(received).toHaveLength(1);

    // Ticking a step of a completed onboarding again does not complete it a second time.
    await onboarding.call('PUT', `/api/onboardings/${started.uuid}/steps/welcome`, { done: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const all = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.objectUuid, started.uuid));
    expect(all).toHaveLength(2);
  });
});
