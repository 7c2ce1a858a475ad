import { PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildRole, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { onboardings, roles } from '../../db/schema';
import { markOrderConfirmed, onboardingListenersSettled } from './index';
import { onboardingApi } from './test-helpers';

let t: Awaited<ReturnType<typeof getTestApp>>;
let app: TestApp;
let api: ReturnType<typeof onboardingApi>;

beforeAll(async () => {
  t = await getTestApp();
  app = t.app;
  const admin = await buildUser(t.db, { permissions: PERMISSIONS });
  api = onboardingApi(app, admin.token);
});
afterAll(() => t.close());

type Step = {
  key: string;
  name: string;
  inclusion: string | null;
  owner_role: { uuid: string } | null;
  stuck_after_days: number | null;
};
const asInput = (s: Step) => ({
  key: s.key,
  name: s.name,
  inclusion: s.inclusion,
  owner_role_uuid: s.owner_role?.uuid ?? null,
  stuck_after_days: s.stuck_after_days,
});

describe('the process', () => {
  it('starts with the six default steps in order, done last', async () => {
    const res = await api.call('GET', '/api/onboarding/process');
    expect(res.json().data.steps.map((s: Step) => [s.key, s.inclusion])).toEqual([
      ['welcome', 'welcome_kit'],
      ['information_form', null],
      ['requirements', null],
      ['kickoff_call', 'schedule_call_link'],
      ['order_confirmed', null],
      ['done', null],
    ]);
    expect(res.json().data.remind_every_days).toBe(3);
  });

  it('renames, reorders, adds a custom step with an owner role, and refuses to lose a built-in step or move done', async () => {
    const roleId = await buildRole(t.db, ['ONBOARDING_READ'], 'Onboarding lead');
    const [role] = await t.db.select({ uuid: roles.uuid }).from(roles).where(eq(roles.id, roleId));
    const steps = (await api.call('GET', '/api/onboarding/process')).json().data.steps as Step[];
    const [welcome, information, requirements, kickoff, order, done] = steps.map(asInput);
    const custom = {
      name: 'Contract signed',
      inclusion: null,
      owner_role_uuid: role?.uuid ?? null,
      stuck_after_days: 2,
    };
    const saved = await api.call('PUT', '/api/onboarding/process', {
      steps: [information, { ...welcome, name: 'Say hello' }, custom, requirements, kickoff, order, done],
      remind_every_days: 5,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.steps.map((s: Step) => s.key)).toEqual([
      'information_form',
      'welcome',
      'custom_contract_signed',
      'requirements',
      'kickoff_call',
      'order_confirmed',
      'done',
    ]);
    expect(saved.json().data.steps[1].name).toBe('Say hello');
    expect(saved.json().data.steps[2].owner_role).toEqual({ uuid: role?.uuid, name: 'Onboarding lead' });
    expect(saved.json().data.remind_every_days).toBe(5);

    const withoutWelcome = await api.call('PUT', '/api/onboarding/process', {
      steps: [information, requirements, kickoff, order, done],
      remind_every_days: 5,
    });
    expect(withoutWelcome.statusCode).toBe(422);
    const doneNotLast = await api.call('PUT', '/api/onboarding/process', {
      steps: [welcome, information, requirements, kickoff, done, order],
      remind_every_days: 5,
    });
    expect(doneNotLast.statusCode).toBe(422);

    // Back to the defaults, so the custom step goes.
    const restored = await api.call('PUT', '/api/onboarding/process', {
      steps: [welcome, information, requirements, kickoff, order, done],
      remind_every_days: 3,
    });
    expect(restored.json().data.steps).toHaveLength(6);
  });
});

describe('requirements and the welcome kit', () => {
  it('creates, edits and deletes a requirement; an onboarding that copied it keeps its item', async () => {
    const created = await api.call('POST', '/api/onboarding/requirements', {
      inclusion: 'video_production',
      name: 'Raw footage',
      kind: 'file',
      link_url: 'https://ignored.test',
    });
    expect(created.statusCode).toBe(200);
    const uuid = created.json().data.uuid as string;
    expect(created.json().data).toMatchObject({ link: null, link_url: null, position: 0 });
    const started = await api.start((await buildCustomer(t.db)).uuid, { video_production: true });
    const edited = await api.call('PUT', `/api/onboarding/requirements/${uuid}`, {
      kind: 'link_confirmation',
      link: 'custom',
      link_url: 'https://drive.test/upload',
    });
    expect(edited.json().data).toMatchObject({
      kind: 'link_confirmation',
      link: 'custom',
      link_url: 'https://drive.test/upload',
    });
    expect((await api.call('DELETE', `/api/onboarding/requirements/${uuid}`)).statusCode).toBe(200);
    expect((await api.call('GET', '/api/onboarding/requirements')).json().data).toEqual([]);
    const detail = await api.detail(started.uuid);
    expect(detail.items).toEqual([expect.objectContaining({ name: 'Raw footage', kind: 'file' })]);
  });

  it('keeps the welcome kit’s links as web addresses and its text as a checked rich-text document', async () => {
    const bad = await api.call('PUT', '/api/onboarding/welcome', { schedule_call_link: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);
    const badDelta = await api.call('PUT', '/api/onboarding/welcome', { body_delta: { ops: 'not a delta' } });
    expect(badDelta.statusCode).toBe(422);
    const ok = await api.call('PUT', '/api/onboarding/welcome', {
      body_delta: { ops: [{ insert: 'Hello\n' }] },
      schedule_call_link: 'https://cal.test/me',
    });
    expect(ok.json().data).toMatchObject({ schedule_call_link: 'https://cal.test/me', files: [] });
  });

  it('takes only a public, published form as the information form', async () => {
    const draft = await api.call('POST', '/api/forms', {
      name: 'Draft form',
      questions: [{ name: 'a', label: 'A', type: 'input' }],
    });
    const res = await api.call('PUT', '/api/onboarding/information', { form_uuid: draft.json().data.uuid });
    expect(res.statusCode).toBe(422);
  });
});

describe('order confirmed', () => {
  it('is ticked by the orders module’s call for the client’s open onboarding', async () => {
    const client = await buildCustomer(t.db);
    const started = await api.start(client.uuid, {});
    expect(await markOrderConfirmed(app.ctx, client.id, app.log)).toBe(true);
    const detail = await api.detail(started.uuid);
    expect(detail.steps.find((s: { key: string }) => s.key === 'order_confirmed')).toMatchObject({ done: true });
    // Nothing else applies (no inclusions, no information form, no items): the onboarding is complete.
    const [row] = await t.db.select().from(onboardings).where(eq(onboardings.uuid, started.uuid));
    expect(row?.status).toBe('done');
    expect(await markOrderConfirmed(app.ctx, (await buildCustomer(t.db)).id, app.log)).toBe(false);
  });

  it('is ticked when an order of the client is placed through the orders API', async () => {
    const client = await buildCustomer(t.db);
    const started = await api.start(client.uuid, { website: true });
    const service = await api.call('POST', '/api/request-types', {
      name: `One-off ${client.uuid.slice(0, 8)}`,
      price_cents: 25_000,
      sells: 'one_off',
    });
    expect(service.statusCode, service.body).toBe(200);
    const order = await api.call('POST', '/api/orders', {
      customer_uuid: client.uuid,
      items: [{ service_uuid: service.json().data.uuid, quantity: 1 }],
    });
    expect(order.statusCode, order.body).toBe(200);
    const step = async () =>
      (await api.detail(started.uuid)).steps.find((s: { key: string }) => s.key === 'order_confirmed');
    expect(await step()).toMatchObject({ done: false });
    const placed = await api.call('POST', `/api/orders/${order.json().data.uuid}/place`);
    expect(placed.statusCode, placed.body).toBe(200);
    await onboardingListenersSettled(app.ctx.events);
    expect(await step()).toMatchObject({ done: true });
  });
});
