import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { contacts } from '../../db/schema';
import { createOutboundClient, OutboundRefused } from '../../outbound/http-client';
import { composeNotificationSms, SmsError, sendSms } from './sms';

/**
 * SMS through a Twilio-compatible Messages API. These tests run a local HTTP server that speaks the same protocol
 * (POST /2010-04-01/Accounts/{sid}/Messages.json, basic auth, form-encoded To/From/Body, JSON answers), not Twilio.
 */

type Received = { path: string; auth: string; form: URLSearchParams };
const received: Received[] = [];
let refuseWith: { status: number; message: string } | null = null;
let redirectTo: string | null = null;
let provider: Server;
let providerUrl: string;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const SID = 'AC0123456789abcdef';
const TOKEN = 'secret-token';
const FROM = '+15550009999';

beforeAll(async () => {
  provider = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    received.push({ path: request.url ?? '', auth: request.headers.authorization ?? '', form });
    if (redirectTo) {
      response.writeHead(307, { location: redirectTo }).end();
      return;
    }
    response.setHeader('content-type', 'application/json');
    if (refuseWith) {
      response.statusCode = refuseWith.status;
      response.end(JSON.stringify({ code: 21211, message: refuseWith.message, status: refuseWith.status }));
      return;
    }
    response.statusCode = 201;
    response.end(JSON.stringify({ sid: `SM${received.length}`, status: 'queued', to: form.get('To') }));
  });
  provider.listen(0, '127.0.0.1');
  await once(provider, 'listening');
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((done) => provider.close(done)));
beforeEach(() => {
  received.length = 0;
  refuseWith = null;
  redirectTo = null;
});

const config = () => ({ apiUrl: providerUrl, accountSid: SID, authToken: TOKEN, from: FROM });

describe('sendSms', () => {
  it("posts To, From and Body to the account's Messages resource with basic auth and answers the message id", async () => {
    const sid = await sendSms(config(), '+15550100', 'Hello');
    expect(sid).toBe('SM1');
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(message?.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(message?.form ?? [])).toEqual({ To: '+15550100', From: FROM, Body: 'Hello' });
  });

  it("throws the provider's own message when it refuses", async () => {
    refuseWith = { status: 400, message: "The 'To' number is not a valid phone number." };
    const refusal = sendSms(config(), 'nonsense', 'Hello');
    await expect(refusal).rejects.toBeInstanceOf(SmsError);
    await expect(refusal).rejects.toThrow("The 'To' number is not a valid phone number.");
  });

  it('goes through the guarded client: the configured gateway is reached, a redirect from it to 127.0.0.2 or 169.254.169.254 is not', async () => {
    const outbound = createOutboundClient();
    try {
      const guarded = outbound.forConfiguredHost(providerUrl).fetch;
      expect(await sendSms(config(), '+15550100', 'Guarded', guarded)).toBe('SM1');
      for (const target of ['http://127.0.0.2:9/x', 'http://169.254.169.254/latest/meta-data/']) {
        redirectTo = target;
        await expect(sendSms(config(), '+15550100', 'Redirected', guarded)).rejects.toBeInstanceOf(OutboundRefused);
      }
      // The app-wide client admits no loopback gateway: only the configured host is exempt.
      await expect(sendSms(config(), '+15550100', 'Direct', outbound.fetch)).rejects.toBeInstanceOf(OutboundRefused);
    } finally {
      await outbound.close();
    }
  });

  it('composes the text from the title, the subject and the link, kept short', () => {
    const text = composeNotificationSms('https://portal.test', {
      title: 'You were assigned a task',
      sub_title: 'x'.repeat(400),
      content: null,
      action_url: '/tasks?task_uuid=abc',
      resource_id: 'abc',
      has_mention: false,
    });
    expect(text.length).toBeLessThanOrEqual(300);
    expect(text.endsWith('\nhttps://portal.test/tasks?task_uuid=abc')).toBe(true);
    expect(text.startsWith('You were assigned a task: xxx')).toBe(true);
  });
});

describe('notifications by SMS', () => {
  let app: TestApp;
  let db: Database;
  let close: () => Promise<void>;
  let actors: Awaited<ReturnType<typeof buildActors>>;

  beforeAll(async () => {
    ({ app, db, close } = await getTestApp({
      env: { SMS_API_URL: providerUrl, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: FROM },
    }));
    actors = await buildActors(db);
  });
  afterAll(() => close());

  async function setSms(userId: number, sms: '1' | '0' | null, phone: string | null) {
    await db
      .update(contacts)
      .set({ phone, preferences: { email_notifications: '1', sms_notifications: sms, push_notifications: '0' } })
      .where(eq(contacts.userId, userId));
  }

  async function assign(title: string, responsible: string) {
    const plan = await buildPlan(db);
    const response = await app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { project_id: plan.uuid, title, responsibles: [responsible] },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Delivery runs after the response; wait for what the provider receives. */
  async function textsTo(phone: string, count: number) {
    for (let i = 0; i < 50 && received.filter((r) => r.form.get('To') === phone).length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return received.filter((r) => r.form.get('To') === phone);
  }

  it("texts a person whose SMS preference is '1' about a task they were given, with its link", async () => {
    await setSms(actors.manager.id, '1', '+15550101');
    await assign('Call the printer', actors.manager.uuid);
    const [text] = await textsTo('+15550101', 1);
    expect(text?.form.get('From')).toBe(FROM);
    expect(text?.form.get('Body')).toMatch(/Call the printer\nhttp:\/\/portal\.test\/tasks\?task_uuid=[0-9a-f-]{36}$/);
  });

  it("sends nothing when the preference is '0' or never chosen, or when there is no phone", async () => {
    await setSms(actors.manager.id, '0', '+15550102');
    await assign('Not by text', actors.manager.uuid);
    await setSms(actors.freelancer.id, null, '+15550103');
    await assign('Never asked', actors.freelancer.uuid);
    await setSms(actors.manager.id, '1', null);
    await assign('No phone', actors.manager.uuid);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it('tells the web app through GET config that SMS is configured, so it may offer the SMS notice', async () => {
    expect((await app.inject({ url: '/api/config' })).json().sms_enabled).toBe(true);
    const bare = await getTestApp();
    try {
      expect((await bare.app.inject({ url: '/api/config' })).json().sms_enabled).toBe(false);
    } finally {
      await bare.close();
    }
  });

  it('keeps the task saved when the provider refuses the text', async () => {
    refuseWith = { status: 400, message: 'Invalid number' };
    await setSms(actors.manager.id, '1', '+15550104');
    await assign('Saved anyway', actors.manager.uuid);
    expect(await textsTo('+15550104', 1)).toHaveLength(1);
  });
});
