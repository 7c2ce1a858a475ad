import { DISCOUNT_MESSAGES, PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS, name: 'Dana Discounts' });
});
afterAll(() => close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

let serial = 0;
async function service(priceCents: number) {
  serial++;
  const res = await call('POST', '/api/request-types', {
    name: `Discounted service ${serial}`,
    price_cents: priceCents,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; uuid: string };
}

async function discount(fields: Record<string, unknown>) {
  serial++;
  const res = await call('POST', '/api/discounts', { code: `CODE${serial}`, type: 'percent', value: 10, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; code: string; redemptions_count: number; [field: string]: unknown };
}

const validate = (code: string, customerUuid: string, items: { service_uuid: string; quantity: number }[]) =>
  call('POST', '/api/discounts/validate', { code, customer_uuid: customerUuid, items });

async function placedOrder(customerUuid: string, serviceUuid: string, code: string) {
  const created = await call('POST', '/api/orders', {
    customer_uuid: customerUuid,
    items: [{ service_uuid: serviceUuid, quantity: 1 }],
    discount_code: code,
  });
  expect(created.statusCode, created.body).toBe(200);
  return call('POST', `/api/orders/${created.json().data.uuid}/place`);
}

describe('discount codes', () => {
  it('keeps codes unique whatever their case and lists them with their use', async () => {
    const made = await discount({ code: 'Spring-Sale' });
    const again = await call('POST', '/api/discounts', { code: 'SPRING-sale', type: 'fixed', value: 500 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual([DISCOUNT_MESSAGES.codeTaken]);
    const list = await call('GET', '/api/discounts?search_term=spring');
    expect(list.json().data.map((d: { uuid: string }) => d.uuid)).toEqual([made.uuid]);
    expect(list.json().data[0]).toMatchObject({ redemptions_count: 0, created_by: { name: 'Dana Discounts' } });
  });

  it('refuses a percent above 100 and an end of validity before its start', async () => {
    const percent = await call('POST', '/api/discounts', { code: 'TOO-MUCH', type: 'percent', value: 101 });
    expect(percent.json().errors.value).toEqual([DISCOUNT_MESSAGES.percentRange]);
    const range = await call('POST', '/api/discounts', {
      code: 'BACKWARDS',
      type: 'fixed',
      value: 100,
      valid_from: '2026-05-02T00:00:00Z',
      valid_to: '2026-05-01T00:00:00Z',
    });
    expect(range.json().errors.valid_to).toEqual([DISCOUNT_MESSAGES.validRange]);
  });
});

describe('discounts/validate', () => {
  it('answers each reason a code does not apply with its message', async () => {
    const customer = await buildCustomer(db);
    const s = await service(10_000);
    const other = await service(10_000);
    const items = [{ service_uuid: s.uuid, quantity: 1 }];
    const cases: [string, Record<string, unknown>][] = [
      ['inactive', { active: false }],
      ['not_yet_valid', { valid_from: '2099-01-01T00:00:00Z' }],
      ['expired', { valid_to: '2020-01-01T00:00:00Z' }],
      ['applies_to_none', { service_uuids: [other.uuid] }],
    ];
    for (const [reason, fields] of cases) {
      const code = await discount(fields);
      const res = await validate(code.code, customer.uuid, items);
      expect(res.json().data, reason).toMatchObject({
        valid: false,
        reason,
        message: DISCOUNT_MESSAGES[reason as keyof typeof DISCOUNT_MESSAGES],
        total_cents: 10_000,
      });
    }
    const unknown = await validate('NO-SUCH-CODE', customer.uuid, items);
    expect(unknown.json().data).toMatchObject({ valid: false, reason: 'unknown', message: DISCOUNT_MESSAGES.unknown });

    const usedUp = await discount({ max_redemptions: 1 });
    expect((await placedOrder(customer.uuid, s.uuid, usedUp.code)).statusCode).toBe(200);
    const second = await buildCustomer(db);
    expect((await validate(usedUp.code, second.uuid, items)).json().data.reason).toBe('used_up');

    const perClient = await discount({ max_per_customer: 1 });
    expect((await placedOrder(customer.uuid, s.uuid, perClient.code)).statusCode).toBe(200);
    expect((await validate(perClient.code, customer.uuid, items)).json().data.reason).toBe('used_up_for_client');
    expect((await validate(perClient.code, second.uuid, items)).json().data.valid).toBe(true);
  });

  it('takes a percent off only the chosen services, rounding half up to the cent, case-insensitively', async () => {
    const customer = await buildCustomer(db);
    const chosen = await service(1_999);
    const other = await service(5_000);
    const code = await discount({ code: 'Fifteen-Off', value: 15, service_uuids: [chosen.uuid] });
    const res = await validate('fifteen-off', customer.uuid, [
      { service_uuid: chosen.uuid, quantity: 1 },
      { service_uuid: other.uuid, quantity: 1 },
    ]);
    // 15% of $19.99 = 299.85 cents → 300
    expect(res.json().data).toMatchObject({
      valid: true,
      code: code.code,
      subtotal_cents: 6_999,
      discount_cents: 300,
      total_cents: 6_699,
    });
    expect(res.json().data.lines.map((l: { discounted: boolean }) => l.discounted)).toEqual([true, false]);
  });

  it('never takes a fixed amount below zero', async () => {
    const customer = await buildCustomer(db);
    const cheap = await service(1_500);
    const code = await discount({ type: 'fixed', value: 5_000 });
    const res = await validate(code.code, customer.uuid, [{ service_uuid: cheap.uuid, quantity: 1 }]);
    expect(res.json().data).toMatchObject({ valid: true, discount_cents: 1_500, total_cents: 0 });
  });
});

describe('redemption on orders', () => {
  it('prices a draft with its code, redeems it on placing and releases it when the order is cancelled', async () => {
    const customer = await buildCustomer(db);
    const s = await service(20_000);
    const code = await discount({ value: 25 });
    const placed = await placedOrder(customer.uuid, s.uuid, code.code.toLowerCase());
    expect(placed.json().data).toMatchObject({ discount_code: code.code, discount_cents: 5_000, total_cents: 15_000 });
    const redemptions = await call('GET', `/api/discounts/${code.uuid}/redemptions`);
    expect(redemptions.json().data).toEqual([
      expect.objectContaining({ amount_cents: 5_000, released_at: null, customer: expect.objectContaining({}) }),
    ]);
    expect((await call('GET', `/api/discounts/${code.uuid}`)).json().data.redemptions_count).toBe(1);
    const cancelled = await call('PUT', `/api/orders/${placed.json().data.uuid}`, { status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await call('GET', `/api/discounts/${code.uuid}`)).json().data.redemptions_count).toBe(0);
    const after = await call('GET', `/api/discounts/${code.uuid}/redemptions`);
    expect(after.json().data[0].released_at).not.toBeNull();
  });

  it('refuses to delete a used code and deletes an unused one', async () => {
    const customer = await buildCustomer(db);
    const s = await service(1_000);
    const used = await discount({});
    await placedOrder(customer.uuid, s.uuid, used.code);
    const refused = await call('DELETE', `/api/discounts/${used.uuid}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(DISCOUNT_MESSAGES.redeemedCannotBeDeleted);
    const unused = await discount({});
    expect((await call('DELETE', `/api/discounts/${unused.uuid}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/discounts/${unused.uuid}`)).statusCode).toBe(404);
  });

  it('lets exactly 10 of 50 parallel placements use a code limited to 10', async () => {
    const s = await service(10_000);
    const code = await discount({ max_redemptions: 10 });
    const drafts = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const customer = await buildCustomer(db);
        const res = await call('POST', '/api/orders', {
          customer_uuid: customer.uuid,
          items: [{ service_uuid: s.uuid, quantity: 1 }],
          discount_code: code.code,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.uuid as string;
      }),
    );
    const results = await Promise.all(drafts.map((uuid) => call('POST', `/api/orders/${uuid}/place`)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.json().errors.discount_code).toEqual([DISCOUNT_MESSAGES.used_up]);
    }
    expect((await call('GET', `/api/discounts/${code.uuid}`)).json().data.redemptions_count).toBe(10);
    expect((await call('GET', `/api/discounts/${code.uuid}/redemptions`)).json().data).toHaveLength(10);
  });

  it('lets one client use a code limited to 2 per client only twice, even in parallel', async () => {
    const customer = await buildCustomer(db);
    const s = await service(10_000);
    const code = await discount({ max_per_customer: 2 });
    const drafts = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const res = await call('POST', '/api/orders', {
          customer_uuid: customer.uuid,
          items: [{ service_uuid: s.uuid, quantity: 1 }],
          discount_code: code.code,
        });
        return res.json().data.uuid as string;
      }),
    );
    const results = await Promise.all(drafts.map((uuid) => call('POST', `/api/orders/${uuid}/place`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(refused.map((r) => r.json().errors.discount_code[0])).toEqual(
      Array(6).fill(DISCOUNT_MESSAGES.used_up_for_client),
    );
  });
});

describe('codes scoped to product types', () => {
  async function productType(name: string) {
    const res = await call('POST', '/api/product-types', { name: `${name} ${++serial}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { uuid: string; name: string };
  }
  async function typedService(priceCents: number, type: { uuid: string }) {
    const s = await service(priceCents);
    const res = await call('PUT', `/api/request-types/${s.id}`, { product_type_uuid: type.uuid });
    expect(res.statusCode, res.body).toBe(200);
    return s;
  }

  it('discounts only the lines whose service is of a chosen product type, on validation and when placed', async () => {
    const customer = await buildCustomer(db);
    const web = await productType('Web');
    const site = await typedService(10_000, web);
    const logo = await service(5_000);
    const code = await discount({ value: 20, product_type_uuids: [web.uuid] });
    expect(code).toMatchObject({
      service_uuids: [],
      product_type_uuids: [web.uuid],
      product_types: [{ uuid: web.uuid, name: web.name }],
    });
    const items = [
      { service_uuid: site.uuid, quantity: 1 },
      { service_uuid: logo.uuid, quantity: 1 },
    ];
    const res = await validate(code.code, customer.uuid, items);
    expect(res.json().data).toMatchObject({ valid: true, subtotal_cents: 15_000, discount_cents: 2_000 });
    expect(res.json().data.lines.map((l: { discounted: boolean }) => l.discounted)).toEqual([true, false]);

    const created = await call('POST', '/api/orders', {
      customer_uuid: customer.uuid,
      items,
      discount_code: code.code,
    });
    expect(created.json().data).toMatchObject({ discount_cents: 2_000, total_cents: 13_000 });
    const placed = await call('POST', `/api/orders/${created.json().data.uuid}/place`);
    expect(placed.json().data).toMatchObject({ status: 'placed', discount_cents: 2_000, total_cents: 13_000 });
    const redemptions = await call('GET', `/api/discounts/${code.uuid}/redemptions`);
    expect(redemptions.json().data.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([2_000]);
  });

  it('answers applies_to_none when no line is of the chosen type, and refuses such an order', async () => {
    const customer = await buildCustomer(db);
    const hosting = await productType('Hosting');
    await typedService(4_900, hosting);
    const other = await service(3_000);
    const code = await discount({ product_type_uuids: [hosting.uuid] });
    const res = await validate(code.code, customer.uuid, [{ service_uuid: other.uuid, quantity: 1 }]);
    expect(res.json().data).toMatchObject({
      valid: false,
      reason: 'applies_to_none',
      message: DISCOUNT_MESSAGES.applies_to_none,
      total_cents: 3_000,
    });
    const order = await call('POST', '/api/orders', {
      customer_uuid: customer.uuid,
      items: [{ service_uuid: other.uuid, quantity: 1 }],
      discount_code: code.code,
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.discount_code).toEqual([DISCOUNT_MESSAGES.applies_to_none]);
  });

  it('with services and product types both chosen, discounts a line matching either, and edits one list at a time', async () => {
    const customer = await buildCustomer(db);
    const design = await productType('Design');
    const typed = await typedService(10_000, design);
    const chosen = await service(2_000);
    const neither = await service(7_000);
    const code = await discount({
      type: 'fixed',
      value: 50_000,
      service_uuids: [chosen.uuid],
      product_type_uuids: [design.uuid],
    });
    const items = [typed, chosen, neither].map((s) => ({ service_uuid: s.uuid, quantity: 1 }));
    const priced = async () => (await validate(code.code, customer.uuid, items)).json().data;
    const mixed = await priced();
    // The fixed $500 is capped at the matching lines: $100 + $20.
    expect(mixed).toMatchObject({ valid: true, discount_cents: 12_000, total_cents: 7_000 });
    expect(mixed.lines.map((l: { discounted: boolean }) => l.discounted)).toEqual([true, true, false]);

    // Dropping the services keeps the product type, and the code stays limited to it.
    const put = await call('PUT', `/api/discounts/${code.uuid}`, { service_uuids: [] });
    expect(put.json().data).toMatchObject({ service_uuids: [], product_type_uuids: [design.uuid] });
    expect((await priced()).discount_cents).toBe(10_000);
    // Dropping the product types as well makes it a code for all services.
    await call('PUT', `/api/discounts/${code.uuid}`, { product_type_uuids: [] });
    expect((await priced()).discount_cents).toBe(19_000);
  });

  it('refuses an unknown product type with a field error and keeps the code as it was', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const made = await call('POST', '/api/discounts', {
      code: 'NO-SUCH-TYPE',
      type: 'percent',
      value: 5,
      product_type_uuids: [unknown],
    });
    expect(made.statusCode).toBe(422);
    expect(made.json().errors).toEqual({ product_type_uuids: ['The selected product type does not exist'] });
    const web = await productType('Web');
    const code = await discount({ product_type_uuids: [web.uuid] });
    const put = await call('PUT', `/api/discounts/${code.uuid}`, { product_type_uuids: [web.uuid, unknown] });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors.product_type_uuids).toEqual(['The selected product type does not exist']);
    expect((await call('GET', `/api/discounts/${code.uuid}`)).json().data.product_type_uuids).toEqual([web.uuid]);
  });

  it('applies to none, not to all, once the only product type it named is deleted', async () => {
    const customer = await buildCustomer(db);
    const gone = await productType('Print');
    const s = await service(1_000);
    const code = await discount({ product_type_uuids: [gone.uuid] });
    expect((await call('DELETE', `/api/product-types/${gone.uuid}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/discounts/${code.uuid}`)).json().data).toMatchObject({
      product_types: [],
      services: [],
      all_services: false,
    });
    const res = await validate(code.code, customer.uuid, [{ service_uuid: s.uuid, quantity: 1 }]);
    expect(res.json().data.reason).toBe('applies_to_none');
  });
});
