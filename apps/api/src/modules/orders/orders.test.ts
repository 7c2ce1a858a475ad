import { DISCOUNT_MESSAGES, ORDER_MESSAGES, PERMISSIONS, type Permission } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { projects, requestTypes } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let events: DomainEvent[];
let admin: BuiltUser;

beforeAll(async () => {
  const ctx = await getTestApp();
  ({ app, close, db } = ctx);
  admin = await buildUser(db, { permissions: PERMISSIONS, name: 'Olivia Owner' });
  events = [];
  app.ctx.events.subscribe((batch) => {
    events.push(...batch);
  });
});
afterAll(() => close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let serviceCount = 0;
/** A catalogue entry made through PUT request-types, as an admin would on /services. */
async function service(fields: { price_cents: number | null; sells?: string; plan_reload_minutes?: number | null }) {
  serviceCount++;
  const res = await call(admin.token, 'POST', '/api/request-types', { name: `Service ${serviceCount}`, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; uuid: string };
}

async function order(customerUuid: string, items: { service_uuid: string; quantity: number }[], token = admin.token) {
  return call(token, 'POST', '/api/orders', { customer_uuid: customerUuid, items });
}

describe('services carry a price and what they sell', () => {
  it('stores price, sells and a retainer reload amount, and answers them on GET request-types', async () => {
    const created = await service({ price_cents: 150_000, sells: 'retainer', plan_reload_minutes: 600 });
    const res = await call(admin.token, 'GET', `/api/request-types/${created.id}`);
    expect(res.json().data).toMatchObject({ price_cents: 150_000, sells: 'retainer', plan_reload_minutes: 600 });
  });

  it('refuses a retainer without reload minutes and reload minutes on a one-off service', async () => {
    const noReload = await call(admin.token, 'POST', '/api/request-types', { name: 'Bad retainer', sells: 'retainer' });
    expect(noReload.statusCode).toBe(422);
    expect(noReload.json().errors.plan_reload_minutes).toEqual([ORDER_MESSAGES.retainerNeedsReload]);
    const oneOff = await call(admin.token, 'POST', '/api/request-types', {
      name: 'Bad one-off',
      plan_reload_minutes: 60,
    });
    expect(oneOff.json().errors.plan_reload_minutes).toEqual([ORDER_MESSAGES.reloadOnlyForRetainer]);
    const negative = await call(admin.token, 'POST', '/api/request-types', { name: 'Negative', price_cents: -1 });
    expect(negative.statusCode).toBe(422);
  });

  it('drops the reload minutes when a retainer becomes a one-off service', async () => {
    const created = await service({ price_cents: 100, sells: 'retainer', plan_reload_minutes: 60 });
    const res = await call(admin.token, 'PUT', `/api/request-types/${created.id}`, { sells: 'one_off' });
    expect(res.json().data).toMatchObject({ sells: 'one_off', plan_reload_minutes: null });
  });
});

describe('order totals', () => {
  it('answers each line and the total in cents, rounding each line half up to the cent', async () => {
    const customer = await buildCustomer(db);
    const a = await service({ price_cents: 1999 });
    const b = await service({ price_cents: 333 });
    const res = await order(customer.uuid, [
      { service_uuid: a.uuid, quantity: 3 },
      // 333 × 1.5 = 499.5 → 500; 333 × 0.01 = 3.33 → 3
      { service_uuid: b.uuid, quantity: 1.5 },
      { service_uuid: b.uuid, quantity: 0.01 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.lines.map((l: { total_cents: number }) => l.total_cents)).toEqual([5997, 500, 3]);
    expect(data).toMatchObject({ total_cents: 6500, currency: 'USD', status: 'draft', lines_count: 3 });
    expect(data.number).toBeGreaterThanOrEqual(1001);
  });

  it('refuses a quantity with more than two decimals, a service without a price and an unknown client', async () => {
    const customer = await buildCustomer(db);
    const priced = await service({ price_cents: 100 });
    const unpriced = await service({ price_cents: null });
    const decimals = await order(customer.uuid, [{ service_uuid: priced.uuid, quantity: 1.005 }]);
    expect(decimals.statusCode).toBe(422);
    const noPrice = await order(customer.uuid, [
      { service_uuid: priced.uuid, quantity: 1 },
      { service_uuid: unpriced.uuid, quantity: 1 },
    ]);
    expect(noPrice.json().errors).toEqual({ 'items.1.service_uuid': [ORDER_MESSAGES.serviceHasNoPrice] });
    const noClient = await order('00000000-0000-4000-8000-000000000000', [{ service_uuid: priced.uuid, quantity: 1 }]);
    expect(noClient.json().errors.customer_uuid).toBeDefined();
  });

  it('refuses a total beyond $20,000,000.00 with a message instead of overflowing', async () => {
    const customer = await buildCustomer(db);
    const pricey = await service({ price_cents: 100_000_000 });
    const res = await order(customer.uuid, [{ service_uuid: pricey.uuid, quantity: 10_000 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.items).toEqual([ORDER_MESSAGES.totalTooLarge]);
  });

  it('keeps the price a line was ordered at when the service price changes later', async () => {
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 5000 });
    const created = (await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 2 }])).json().data;
    await call(admin.token, 'PUT', `/api/request-types/${s.id}`, { price_cents: 9900 });
    const read = (await call(admin.token, 'GET', `/api/orders/${created.uuid}`)).json().data;
    expect(read.lines[0]).toMatchObject({ unit_price_cents: 5000, quantity: 2, total_cents: 10000 });
    expect(read.total_cents).toBe(10000);
  });

  it('refuses a discount code that does not exist, naming the field', async () => {
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 100 });
    const res = await call(admin.token, 'POST', '/api/orders', {
      customer_uuid: customer.uuid,
      items: [{ service_uuid: s.uuid, quantity: 1 }],
      discount_code: 'WELCOME10',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ discount_code: [DISCOUNT_MESSAGES.unknown] });
  });
});

describe('status flow', () => {
  it('moves draft → placed → paid, stamping each step, and announces each after commit', async () => {
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 100 });
    const created = (await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 1 }])).json().data;
    events.length = 0;
    const placed = await call(admin.token, 'POST', `/api/orders/${created.uuid}/place`);
    expect(placed.json().data).toMatchObject({ status: 'placed', plans: [] });
    expect(placed.json().data.placed_at).not.toBeNull();
    const paid = await call(admin.token, 'PUT', `/api/orders/${created.uuid}`, { status: 'paid' });
    expect(paid.json().data.status).toBe('paid');
    expect(paid.json().data.paid_at).not.toBeNull();
    const orderEvents = events.filter((e) => e.model === 'order' && e.id === created.uuid).map((e) => e.action);
    expect(orderEvents).toEqual(['placed', 'paid']);
    expect(events.find((e) => e.action === 'placed')?.payload).toMatchObject({
      customer_uuid: customer.uuid,
      status: 'placed',
    });
  });

  it('refuses paying a draft, cancelling a paid order, placing twice and editing a placed order', async () => {
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 100 });
    const created = (await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 1 }])).json().data;
    const url = `/api/orders/${created.uuid}`;
    const payDraft = await call(admin.token, 'PUT', url, { status: 'paid' });
    expect(payDraft.statusCode).toBe(422);
    expect(payDraft.json().message).toBe(ORDER_MESSAGES.paidNeedsPlaced);
    await call(admin.token, 'POST', `${url}/place`);
    const again = await call(admin.token, 'POST', `${url}/place`);
    expect(again.json().message).toBe(ORDER_MESSAGES.onlyDraftPlaced);
    const edit = await call(admin.token, 'PUT', url, { items: [{ service_uuid: s.uuid, quantity: 5 }] });
    expect(edit.json().message).toBe(ORDER_MESSAGES.orderNotDraft);
    await call(admin.token, 'PUT', url, { status: 'paid' });
    const cancelPaid = await call(admin.token, 'PUT', url, { status: 'cancelled' });
    expect(cancelPaid.statusCode).toBe(422);
    expect(cancelPaid.json().message).toBe(ORDER_MESSAGES.paidCannotBeCancelled);
  });

  it('edits a draft, re-pricing its lines, and cancels a placed order', async () => {
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 250 });
    const created = (await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 1 }])).json().data;
    const url = `/api/orders/${created.uuid}`;
    const edited = await call(admin.token, 'PUT', url, { items: [{ service_uuid: s.uuid, quantity: 4 }] });
    expect(edited.json().data).toMatchObject({ total_cents: 1000, lines_count: 1 });
    await call(admin.token, 'POST', `${url}/place`);
    const cancelled = await call(admin.token, 'PUT', url, { status: 'cancelled' });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(cancelled.json().data.cancelled_at).not.toBeNull();
  });

  it('lists orders filtered by status and client', async () => {
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 100 });
    const first = (await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 1 }])).json().data;
    await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 2 }]);
    await call(admin.token, 'POST', `/api/orders/${first.uuid}/place`);
    const res = await call(
      admin.token,
      'GET',
      `/api/orders?filters[status][]=placed&filters[customer_uuid][]=${customer.uuid}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: { uuid: string }) => o.uuid)).toEqual([first.uuid]);
    expect(res.json().meta.total).toBe(1);
  });
});

describe('placing an order makes the client plan', () => {
  it('creates a retainer plan with the reload amount of its retainer lines, then a second order updates it', async () => {
    const customer = await buildCustomer(db, { businessName: 'Northwind Bakery' });
    const retainer = await service({ price_cents: 200_000, sells: 'retainer', plan_reload_minutes: 600 });
    const first = (await order(customer.uuid, [{ service_uuid: retainer.uuid, quantity: 1.5 }])).json().data;
    const placed = (await call(admin.token, 'POST', `/api/orders/${first.uuid}/place`)).json().data;
    expect(placed.plans).toHaveLength(1);
    expect(placed.plans[0]).toMatchObject({ title: 'Northwind Bakery Retainer', effect: 'created' });
    const [plan] = await db.select().from(projects).where(eq(projects.uuid, placed.plans[0].uuid));
    expect(plan).toMatchObject({ refillMinutes: 900, customerId: customer.id, status: 'active', isRetainer: true });
    expect(plan?.projectManagerId).toBe(admin.id);

    const second = (await order(customer.uuid, [{ service_uuid: retainer.uuid, quantity: 2 }])).json().data;
    const again = (await call(admin.token, 'POST', `/api/orders/${second.uuid}/place`)).json().data;
    expect(again.plans).toEqual([{ uuid: plan?.uuid, title: 'Northwind Bakery Retainer', effect: 'updated' }]);
    const [updated] = await db.select().from(projects).where(eq(projects.uuid, placed.plans[0].uuid));
    expect(updated?.refillMinutes).toBe(1200);
    const plans = await db.select().from(projects).where(eq(projects.customerId, customer.id));
    expect(plans).toHaveLength(1);
  });

  it('creates a hosting plan with the hosting type own reload amount', async () => {
    const customer = await buildCustomer(db, { businessName: 'Fabrikam' });
    const hosting = await service({ price_cents: 2500, sells: 'hosting' });
    const created = (await order(customer.uuid, [{ service_uuid: hosting.uuid, quantity: 12 }])).json().data;
    const placed = (await call(admin.token, 'POST', `/api/orders/${created.uuid}/place`)).json().data;
    expect(placed.plans[0]).toMatchObject({ title: 'Fabrikam Hosting', effect: 'created' });
    const [plan] = await db.select().from(projects).where(eq(projects.uuid, placed.plans[0].uuid));
    expect(plan?.refillMinutes).toBe(60);
  });

  it('refuses to place a plan-making order for someone without PROJECTS_CREATE, and places nothing', async () => {
    const clerk = await buildUser(db, { permissions: ['CHARGES_READ', 'CHARGES_CREATE', 'CHARGES_UPDATE'] });
    const customer = await buildCustomer(db);
    const retainer = await service({ price_cents: 100, sells: 'retainer', plan_reload_minutes: 60 });
    const created = (await order(customer.uuid, [{ service_uuid: retainer.uuid, quantity: 1 }], clerk.token)).json()
      .data;
    const res = await call(clerk.token, 'POST', `/api/orders/${created.uuid}/place`);
    expect(res.statusCode).toBe(403);
    expect((await call(admin.token, 'GET', `/api/orders/${created.uuid}`)).json().data.status).toBe('draft');
    expect(await db.select().from(projects).where(eq(projects.customerId, customer.id))).toHaveLength(0);
  });

  it('keeps the order lines when the service is deleted from the catalogue', async () => {
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 700 });
    const created = (await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 1 }])).json().data;
    await db.delete(requestTypes).where(eq(requestTypes.id, s.id));
    const read = (await call(admin.token, 'GET', `/api/orders/${created.uuid}`)).json().data;
    expect(read.lines[0]).toMatchObject({ service_uuid: null, unit_price_cents: 700 });
  });
});

describe('permissions', () => {
  it('answers 403 to freelancers and contacts, and to staff without the charge permissions', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: PERMISSIONS });
    const contact = await buildUser(db, { type: 'contact' });
    const reader = await buildUser(db, { permissions: ['CHARGES_READ'] satisfies Permission[] });
    for (const who of [freelancer, contact]) {
      expect((await call(who.token, 'GET', '/api/orders')).statusCode).toBe(403);
    }
    expect((await call(reader.token, 'GET', '/api/orders')).statusCode).toBe(200);
    const customer = await buildCustomer(db);
    const s = await service({ price_cents: 100 });
    expect((await order(customer.uuid, [{ service_uuid: s.uuid, quantity: 1 }], reader.token)).statusCode).toBe(403);
  });
});
