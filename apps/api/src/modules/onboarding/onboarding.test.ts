import { PERMISSIONS } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { auditLogs, mailOutbox, notifications, onboardingItems, onboardings } from '../../db/schema';
import { onboardingApi } from './test-helpers';

let t: Awaited<ReturnType<typeof getTestApp>>;
let app: TestApp;
let api: ReturnType<typeof onboardingApi>;
let admin: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await getTestApp();
  app = t.app;
  admin = await buildUser(t.db, { permissions: PERMISSIONS });
  api = onboardingApi(app, admin.token);
  await api.requirements();
  const kit = await api.call('PUT', '/api/onboarding/welcome', {
    leadsie_social_link: 'https://leadsie.test/social',
    leadsie_manage_link: 'https://leadsie.test/manage',
    schedule_call_link: 'https://cal.test/kickoff',
  });
  expect(kit.statusCode).toBe(200);
});
afterAll(() => t.close());

const stepKeys = (detail: { steps: { key: string; applies: boolean }[] }) =>
  detail.steps.filter((s) => s.applies).map((s) => s.key);

describe('starting an onboarding', () => {
  it('starts from an invite with the invite inclusions deciding steps and items, and mails the page link as a secret', async () => {
    const client = await buildCustomer(t.db, { businessName: 'Harbour Dental' });
    const email = 'owner@harbour.test';
    const announced: string[] = [];
    const stop = app.ctx.events.subscribe((batch) => {
      announced.push(...batch.filter((e) => e.model === 'onboarding').map((e) => String(e.payload?.customer_uuid)));
    });
    const res = await api.call('POST', '/api/customer-invite', {
      customer_id: client.uuid,
      email,
      social_media: true,
      advertising: true,
      welcome_kit: true,
    });
    expect(res.statusCode).toBe(200);
    stop();
    // Staff's board hears of it once the invite committed.
    expect(announced).toEqual([client.uuid]);
    const mail = t.mailbox.lastTo(email);
    const url = mail?.text.match(/http:\/\/portal\.test\/o\/([A-Za-z0-9_-]+)/);
    expect(url?.[1]).toBeTruthy();
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(stored?.textBody).not.toContain(url?.[1]);

    const [row] = await t.db.select().from(onboardings).where(eq(onboardings.customerId, client.id));
    expect(row?.ownerId).toBe(admin.id);
    const detail = await api.detail(row?.uuid ?? '');
    expect(detail.items.map((i: { name: string }) => i.name)).toEqual(['Page admin access', 'Ad account access']);
    expect(detail.items[0].link_url).toBe('https://leadsie.test/social');
    // No schedule_call_link: the kick-off call step does not apply; no information form set: neither does that.
    expect(stepKeys(detail)).toEqual(['welcome', 'requirements', 'order_confirmed', 'done']);
    expect(detail.current_step).toEqual({ key: 'welcome', name: 'Welcome' });
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['started']);

    const page = await app.inject({ method: 'GET', url: `/api/public/onboarding/${url?.[1]}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.customer_name).toBe('Harbour Dental');
  });

  it('adds a resent invite’s new inclusions to the open onboarding and keeps the same link', async () => {
    const client = await buildCustomer(t.db);
    const first = await api.start(client.uuid, { social_media: true });
    const again = await api.start(client.uuid, { website: true });
    expect(again.url).toBe(first.url);
    expect(again.uuid).toBe(first.uuid);
    expect(again.items.map((i) => i.name)).toEqual(['Page admin access', 'Hosting login', 'Domain registrar']);
  });

  it('refuses contacts and freelancers, and people without the permission', async () => {
    const client = await buildCustomer(t.db);
    const freelancer = await buildUser(t.db, { type: 'freelancer', permissions: PERMISSIONS });
    const noPermission = await buildUser(t.db, { permissions: ['CUSTOMERS_READ'] });
    for (const who of [freelancer, noPermission]) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/customers/${client.uuid}/onboarding`,
        headers: bearer(who.token),
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('items and progress', () => {
  it('counts each applicable step but Done and each item one unit, and moves the current step', async () => {
    const client = await buildCustomer(t.db);
    const started = await api.start(client.uuid, { website: true });
    // Steps: requirements, order_confirmed (welcome and kick-off not included, no information form) + 2 items.
    const text = started.items.find((i) => i.name === 'Domain registrar');
    const res = await api.call('PUT', `/api/onboardings/${started.uuid}/items/${text?.uuid}`, {
      status: 'done',
      value: 'GoDaddy, account 123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'done', value: 'GoDaddy, account 123', has_value: true });
    expect((await api.detail(started.uuid)).progress).toBe(25);
    const step = await api.call('PUT', `/api/onboardings/${started.uuid}/steps/order_confirmed`, { done: true });
    expect(step.statusCode).toBe(200);
    expect(step.json().data).toMatchObject({ progress: 50, current_step: { key: 'requirements' } });
  });

  it('ticks the requirements step when every item is done and unticks it when one reopens', async () => {
    const started = await api.start((await buildCustomer(t.db)).uuid, { social_media: true });
    const url = `/api/onboardings/${started.uuid}/items/${started.items[0]?.uuid}`;
    const requirementsDone = async () =>
      (await api.detail(started.uuid)).steps.find((s: { key: string }) => s.key === 'requirements').done;
    await api.call('PUT', url, { status: 'done' });
    expect(await requirementsDone()).toBe(true);
    await api.call('PUT', url, { status: 'todo' });
    expect(await requirementsDone()).toBe(false);
    expect((await api.detail(started.uuid)).current_step).toMatchObject({ key: 'requirements' });
  });

  it('refuses a value the item’s kind does not take, and an item of another onboarding', async () => {
    const a = await api.start((await buildCustomer(t.db)).uuid, { social_media: true });
    const b = await api.start((await buildCustomer(t.db)).uuid, { social_media: true });
    const wrongKind = await api.call('PUT', `/api/onboardings/${a.uuid}/items/${a.items[0]?.uuid}`, {
      status: 'submitted',
      value: 'text for a link confirmation',
    });
    expect(wrongKind.statusCode).toBe(422);
    const foreign = await api.call('PUT', `/api/onboardings/${a.uuid}/items/${b.items[0]?.uuid}`, { status: 'done' });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('credentials', () => {
  it('stores a credential sealed, never answers it in reads, and logs every reveal', async () => {
    const client = await buildCustomer(t.db, { businessName: 'Sealed Co' });
    const started = await api.start(client.uuid, { website: true });
    const login = started.items.find((i) => i.name === 'Hosting login');
    const secret = 'hunter2-very-secret';
    const put = await api.call('PUT', `/api/onboardings/${started.uuid}/items/${login?.uuid}`, {
      status: 'submitted',
      value: secret,
    });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toContain(secret);
    expect(put.json().data).toMatchObject({ value: null, has_value: true });

    const [stored] = await t.db
      .select()
      .from(onboardingItems)
      .where(eq(onboardingItems.uuid, login?.uuid ?? ''));
    expect(stored?.secretValue).toMatch(/^v1\./);
    expect(stored?.secretValue).not.toContain(secret);
    expect(stored?.textValue).toBeNull();
    expect((await api.call('GET', `/api/onboardings/${started.uuid}`)).body).not.toContain(secret);

    const reveal = await api.call('POST', `/api/onboardings/${started.uuid}/items/${login?.uuid}/reveal`);
    expect(reveal.statusCode).toBe(200);
    expect(reveal.json().data.value).toBe(secret);
    const detail = await api.detail(started.uuid);
    expect(detail.history[0]).toMatchObject({ action: 'credential_revealed', subject: 'Hosting login' });
    await expect
      .poll(async () =>
        t.db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.subjectType, 'onboarding'), eq(auditLogs.subjectUuid, started.uuid))),
      )
      .toEqual([
        expect.objectContaining({ action: 'reveal', actorId: admin.id, subjectLabel: 'Sealed Co: Hosting login' }),
      ]);
    // The activity log lists it under its own object type, without the value.
    const log = await api.call('GET', '/api/activity-logs?filters[object_type]=onboarding');
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data).toContainEqual(
      expect.objectContaining({
        action: 'reveal',
        object_type: 'onboarding',
        object: expect.objectContaining({ label: 'Sealed Co: Hosting login' }),
      }),
    );
    expect(log.body).not.toContain(secret);
  });

  it('refuses the reveal to someone who may only read onboardings', async () => {
    const started = await api.start((await buildCustomer(t.db)).uuid, { website: true });
    const reader = await buildUser(t.db, { permissions: ['ONBOARDING_READ'] });
    const res = await app.inject({
      method: 'POST',
      url: `/api/onboardings/${started.uuid}/items/${started.items[0]?.uuid}/reveal`,
      headers: bearer(reader.token),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('completion', () => {
  it('closes the onboarding when the last step is done and tells the plan manager', async () => {
    const manager = await buildUser(t.db, { permissions: ['ONBOARDING_READ'] });
    const client = await buildCustomer(t.db, { businessName: 'Closing Time' });
    await buildPlan(t.db, { customerId: client.id, projectManagerId: manager.id });
    const started = await api.start(client.uuid, { social_media: true });
    await api.call('PUT', `/api/onboardings/${started.uuid}/items/${started.items[0]?.uuid}`, { status: 'done' });
    const last = await api.call('PUT', `/api/onboardings/${started.uuid}/steps/order_confirmed`, { done: true });
    expect(last.json().data).toMatchObject({ status: 'done', progress: 100, current_step: null });
    expect(last.json().data.steps.find((s: { key: string }) => s.key === 'done')).toMatchObject({ done: true });
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, manager.id));
    expect(told).toEqual([expect.objectContaining({ type: 'onboarding_completed' })]);
    // Complete: the client's page says so, and a new start is refused.
    const page = await app.inject({ method: 'GET', url: `/api/public/onboarding/${started.token}` });
    expect(page.statusCode).toBe(410);
    const again = await api.call('POST', `/api/customers/${client.uuid}/onboarding`, {});
    expect(again.statusCode).toBe(422);
  });
});

describe('the board', () => {
  it('lists open onboardings filtered, sorted by progress and searched by client name', async () => {
    const client = await buildCustomer(t.db, { businessName: 'Board Zebra Studio' });
    const started = await api.start(client.uuid, { social_media: true });
    const res = await api.call(
      'GET',
      '/api/onboardings?filters[status]=open&sort[by]=progress&sort[direction]=asc&page[size]=500&search_term=zebra',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        uuid: started.uuid,
        customer: { uuid: client.uuid, business_name: 'Board Zebra Studio' },
      }),
    ]);
    expect(res.json().meta.total).toBe(1);
  });
});
