import { PERMISSIONS } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { notifications, onboardings } from '../../db/schema';
import { onboardingListenersSettled, runOnboardingDaily } from './index';
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
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const run = (at: Date) => runOnboardingDaily(app.ctx, app.log, at);

describe('the daily onboarding job', () => {
  it('reminds a client at most every N days, however often it runs', async () => {
    const client = await buildCustomer(t.db, { businessName: 'Reminded Ltd' });
    const email = 'boss@reminded.test';
    const invite = await api.call('POST', '/api/customer-invite', { customer_id: client.uuid, email, website: true });
    expect(invite.statusCode).toBe(200);
    const [row] = await t.db.select().from(onboardings).where(eq(onboardings.customerId, client.id));
    const start = row?.startedAt ?? new Date();
    const sent = () => t.mailbox.messages.filter((m) => m.to === email && m.subject.includes('reminder')).length;

    expect((await run(new Date(start.getTime() + 1 * DAY))).reminded).toBe(0);
    expect((await run(new Date(start.getTime() + 3 * DAY + 60_000))).reminded).toBe(1);
    expect((await run(new Date(start.getTime() + 3 * DAY + 120_000))).reminded).toBe(0);
    expect((await run(new Date(start.getTime() + 5 * DAY))).reminded).toBe(0);
    expect((await run(new Date(start.getTime() + 6 * DAY + 180_000))).reminded).toBe(1);
    expect(sent()).toBe(2);
    const mail = t.mailbox.lastTo(email);
    expect(mail?.text).toContain('- Requirements');
    expect(mail?.text).toMatch(/http:\/\/portal\.test\/o\/[A-Za-z0-9_-]+/);
  });

  it('tells the owner once when the current step is stuck', async () => {
    const owner = await buildUser(t.db, { permissions: ['ONBOARDING_READ'] });
    const client = await buildCustomer(t.db, { businessName: 'Stuck Inc' });
    const res = await api.call('POST', `/api/customers/${client.uuid}/onboarding`, {
      inclusions: { welcome_kit: true },
      owner_uuid: owner.uuid,
    });
    expect(res.statusCode).toBe(200);
    const uuid = res.json().data.uuid as string;
    const [row] = await t.db.select().from(onboardings).where(eq(onboardings.uuid, uuid));
    const since = row?.currentStepSince ?? new Date();
    const stuckNotices = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'onboarding_stuck')));

    await run(new Date(since.getTime() + 2 * DAY));
    expect(await stuckNotices()).toHaveLength(0);
    await run(new Date(since.getTime() + 3 * DAY + 60_000));
    await run(new Date(since.getTime() + 4 * DAY));
    const told = await stuckNotices();
    expect(told).toHaveLength(1);
    expect(told[0]?.data).toMatchObject({ sub_title: 'Stuck Inc', content: 'Welcome' });
    const detail = await api.detail(uuid);
    expect(detail.history.filter((h: { action: string }) => h.action === 'stuck_notice')).toHaveLength(1);
  });
});

describe('the information form', () => {
  it('ticks the information step when the client answers the form through the link on their page', async () => {
    const form = await api.call('POST', '/api/forms', {
      name: 'Client information',
      questions: [{ name: 'business_name', label: 'Company name', type: 'input', required: true }],
    });
    const formUuid = form.json().data.uuid as string;
    expect((await api.call('POST', `/api/forms/${formUuid}/publish`)).statusCode).toBe(200);
    const set = await api.call('PUT', '/api/onboarding/information', { form_uuid: formUuid });
    expect(set.json().data.form).toMatchObject({ uuid: formUuid, name: 'Client information' });

    const client = await buildCustomer(t.db, { businessName: 'Informed Co' });
    const started = await api.start(client.uuid, {});
    const page = (await app.inject({ method: 'GET', url: `/api/public/onboarding/${started.token}` })).json().data;
    expect(page.information_form).toMatchObject({ name: 'Client information', answered: false });
    expect(page.steps.map((s: { key: string; current: boolean }) => [s.key, s.current])).toEqual([
      ['information_form', true],
      ['order_confirmed', false],
      ['done', false],
    ]);

    const answer = await app.inject({
      method: 'POST',
      url: `/api/public/forms/${page.information_form.token}/answers`,
      payload: { values: { business_name: 'Informed Co' } },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await onboardingListenersSettled(app.ctx.events);
    const detail = await api.detail(started.uuid);
    expect(detail.information_form).toMatchObject({ answered: true });
    expect(detail.steps.find((s: { key: string }) => s.key === 'information_form')).toMatchObject({ done: true });
    expect(detail.current_step).toMatchObject({ key: 'order_confirmed' });

    expect((await api.call('PUT', '/api/onboarding/information', { form_uuid: null })).json().data.form).toBeNull();
  });
});
