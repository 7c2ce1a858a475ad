import { PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { onboardingItems, uploads } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { pngBytes, uploadClient } from '../uploads/test-helpers';
import { onboardingApi } from './test-helpers';

let t: Awaited<ReturnType<typeof getTestApp>>;
let app: TestApp;
let api: ReturnType<typeof onboardingApi>;
const published: DomainEvent[] = [];

beforeAll(async () => {
  t = await getTestApp({ env: { FORM_PUBLIC_CALLS_PER_IP_MINUTE: '6' } });
  app = t.app;
  const admin = await buildUser(t.db, { permissions: PERMISSIONS });
  api = onboardingApi(app, admin.token);
  await api.requirements();
  await api.call('PUT', '/api/onboarding/welcome', {
    body_delta: { ops: [{ insert: 'Welcome aboard!\n' }] },
    schedule_call_link: 'https://cal.test/kickoff',
  });
  app.ctx.events.subscribe((batch) => {
    published.push(...batch);
  });
});
afterAll(() => t.close());

let address = 0;
/** A visitor from an address of its own, so the per-address limit of one test does not spill into another. */
function visitor(ip = `203.0.113.${++address}`) {
  return (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });
}

describe('the client’s onboarding page', () => {
  it('shows the welcome kit, the call link, the steps and the items, and no ids but the items’', async () => {
    const client = await buildCustomer(t.db, { businessName: 'Page Bakery' });
    const started = await api.start(client.uuid, { welcome_kit: true, schedule_call_link: true, website: true });
    const res = await visitor()('GET', `/api/public/onboarding/${started.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    expect(data).toMatchObject({
      customer_name: 'Page Bakery',
      status: 'open',
      progress: 0,
      schedule_call_link: 'https://cal.test/kickoff',
      welcome: { body_delta: { ops: [{ insert: 'Welcome aboard!\n' }] }, files: [] },
      information_form: null,
    });
    expect(data.steps.map((s: { key: string }) => s.key)).toEqual([
      'welcome',
      'requirements',
      'kickoff_call',
      'order_confirmed',
      'done',
    ]);
    expect(data.items.map((i: { name: string }) => i.name)).toEqual(['Hosting login', 'Domain registrar']);
    expect(res.body).not.toContain(client.uuid);
    expect(res.body).not.toContain(started.uuid);
  });

  it('answers 404 for an unknown token and hides what the invite did not include', async () => {
    const call = visitor();
    expect((await call('GET', '/api/public/onboarding/not-a-real-token')).statusCode).toBe(404);
    const started = await api.start((await buildCustomer(t.db)).uuid, { website: true });
    const data = (await call('GET', `/api/public/onboarding/${started.token}`)).json().data;
    expect(data).toMatchObject({ welcome: null, schedule_call_link: null });
  });

  it('takes a text and a credential, keeps the credential sealed, and tells staff live', async () => {
    const started = await api.start((await buildCustomer(t.db)).uuid, { website: true });
    const [login, registrar] = started.items;
    const call = visitor();
    published.length = 0;
    const text = await call('PUT', `/api/public/onboarding/${started.token}/items/${registrar?.uuid}`, {
      value: 'Namecheap',
    });
    expect(text.statusCode).toBe(200);
    expect(text.json().data.item).toMatchObject({ status: 'submitted', value: 'Namecheap' });
    const secret = 'client-password-42';
    const cred = await call('PUT', `/api/public/onboarding/${started.token}/items/${login?.uuid}`, { value: secret });
    expect(cred.statusCode).toBe(200);
    expect(cred.body).not.toContain(secret);
    expect(cred.json().data.item).toMatchObject({ status: 'submitted', value: null, has_value: true });
    const [row] = await t.db
      .select()
      .from(onboardingItems)
      .where(eq(onboardingItems.uuid, login?.uuid ?? ''));
    expect(row?.secretValue).not.toContain(secret);
    expect(published.filter((e) => e.model === 'onboarding' && e.id === started.uuid)).toHaveLength(2);
    const detail = await api.detail(started.uuid);
    expect(detail.history.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'item_submitted', by_client: true, actor: null }),
      expect.objectContaining({ action: 'item_submitted', by_client: true, actor: null }),
    ]);
  });

  it('refuses an item of another client’s onboarding as if it did not exist', async () => {
    const mine = await api.start((await buildCustomer(t.db)).uuid, { website: true });
    const theirs = await api.start((await buildCustomer(t.db)).uuid, { website: true });
    const call = visitor();
    const res = await call('PUT', `/api/public/onboarding/${mine.token}/items/${theirs.items[1]?.uuid}`, {
      value: 'sneaky',
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(onboardingItems)
      .where(eq(onboardingItems.uuid, theirs.items[1]?.uuid ?? ''));
    expect(row).toMatchObject({ status: 'todo', textValue: null });
  });

  it('needs a link confirmation to be confirmed, and an item to be handed something', async () => {
    const started = await api.start((await buildCustomer(t.db)).uuid, { social_media: true });
    const call = visitor();
    const url = `/api/public/onboarding/${started.token}/items/${started.items[0]?.uuid}`;
    expect((await call('PUT', url, {})).statusCode).toBe(422);
    expect((await call('PUT', url, { value: 'done it' })).statusCode).toBe(422);
    const ok = await call('PUT', url, { confirmed: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.item.status).toBe('submitted');
  });

  it('uploads through the pre-signed flow scoped to the token; another page’s file is refused', async () => {
    const mine = await api.start((await buildCustomer(t.db)).uuid, { creative_package: true });
    const theirs = await api.start((await buildCustomer(t.db)).uuid, { creative_package: true });
    const send = async (token: string) => {
      const body = await pngBytes();
      const res = await visitor()('POST', `/api/public/onboarding/${token}/uploads`, {
        name: 'logo.png',
        extension: 'png',
        size: body.length,
      });
      expect(res.statusCode, res.body).toBe(200);
      const target = res.json() as { uuid: string; url: string; headers: Record<string, string> };
      expect((await uploadClient(app).put(target, body)).status).toBe(200);
      return target.uuid;
    };
    const own = await send(mine.token);
    const foreign = await send(theirs.token);
    const url = `/api/public/onboarding/${mine.token}/items/${mine.items[0]?.uuid}`;
    expect((await visitor()('PUT', url, { upload_uuids: [foreign] })).statusCode).toBe(422);
    const ok = await visitor()('PUT', url, { upload_uuids: [own] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.item.files).toEqual([expect.objectContaining({ uuid: own, name: 'logo.png' })]);
    const [file] = await t.db.select().from(uploads).where(eq(uploads.uuid, own));
    expect(file).toMatchObject({ holderType: 'onboarding_item' });
  });

  it('limits calls per address', async () => {
    const started = await api.start((await buildCustomer(t.db)).uuid, { website: true });
    const call = visitor();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push((await call('GET', `/api/public/onboarding/${started.token}`)).statusCode);
    }
    expect(codes.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(codes.slice(6)).toEqual([429, 429]);
  });
});
