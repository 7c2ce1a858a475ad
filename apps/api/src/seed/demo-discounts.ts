import { PERMISSIONS } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers, orders, productTypes, requestTypes, users } from '../db/schema';
import { DomainEvents } from '../events/domain-events';
import { createDiscount } from '../modules/discounts';
import { createOrder, placeOrder, updateOrder } from '../modules/orders';

const DAY = 86_400_000;
const isoDaysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * The demo's discount codes (issue 22) and a few orders that used them, through the discounts' and the orders'
 * own commands, so each redemption is written by placing the order exactly as the screen does: one percent code
 * on all services, one fixed code on chosen services, one percent code on a product type (Design, from
 * demo-product-types.ts), one expired, one used up.
 */
export async function seedDemoDiscounts(db: Database): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) {
    return;
  }
  const services = new Map(
    (await db.select({ uuid: requestTypes.uuid, name: requestTypes.name }).from(requestTypes)).map((t) => [
      t.name,
      t.uuid,
    ]),
  );
  const clients = new Map(
    (await db.select({ uuid: customers.uuid, name: customers.businessName }).from(customers)).map((c) => [
      c.name,
      c.uuid,
    ]),
  );
  const ctx = { db, events: new DomainEvents() };
  const chosen = ['Web Page', 'Branding'].flatMap((name) => services.get(name) ?? []);
  const design = (
    await db.select({ uuid: productTypes.uuid }).from(productTypes).where(eq(productTypes.name, 'Design'))
  ).map((t) => t.uuid);
  const codes = [
    { code: 'WELCOME10', type: 'percent', value: 10, max_per_customer: 1, max_redemptions: null },
    { code: 'WEBSITE250', type: 'fixed', value: 25_000, service_uuids: chosen, max_redemptions: 20 },
    {
      code: 'SUMMER25',
      type: 'percent',
      value: 25,
      valid_from: isoDaysFromNow(-160),
      valid_to: isoDaysFromNow(-70),
      max_redemptions: null,
    },
    { code: 'LAUNCH50', type: 'fixed', value: 5_000, max_redemptions: 1 },
    {
      code: 'DESIGN15',
      type: 'percent',
      value: 15,
      product_type_uuids: design,
      valid_to: isoDaysFromNow(45),
      max_redemptions: 25,
    },
  ] as const;
  for (const code of codes) {
    await createDiscount(
      ctx,
      {
        service_uuids: [],
        product_type_uuids: [],
        valid_from: null,
        valid_to: null,
        max_per_customer: null,
        active: true,
        ...code,
      },
      admin.id,
    );
  }
  const actor = { userId: admin.id, permissions: new Set<string>(PERMISSIONS) };
  // Keystone Law Partners' order mixes Design and Web services: DESIGN15 takes 15% off its Branding line only.
  const used: [client: string, services: string[], code: string, paid: boolean, daysAgo: number][] = [
    ['Green Leaf Cafe', ['Email Design'], 'WELCOME10', true, 6],
    ['Summit Realty Group', ['Web Page'], 'WEBSITE250', false, 3],
    ['Brightside Pediatrics', ['Print Design'], 'LAUNCH50', true, 8],
    ['Keystone Law Partners', ['Branding', 'Web Page'], 'DESIGN15', false, 2],
  ];
  for (const [client, names, code, paid, daysAgo] of used) {
    const customer = clients.get(client);
    const uuids = names.flatMap((name) => services.get(name) ?? []);
    if (!customer || uuids.length !== names.length) {
      continue;
    }
    const items = uuids.map((uuid) => ({ service_uuid: uuid, quantity: 1 }));
    const uuid = await createOrder(ctx, { customer_uuid: customer, items, discount_code: code }, admin.id);
    await placeOrder(ctx, uuid, actor);
    if (paid) {
      await updateOrder(ctx, uuid, { status: 'paid' }, admin.id);
    }
    const created = sql`now() - make_interval(days => ${daysAgo})`;
    await db
      .update(orders)
      .set({
        createdAt: created,
        updatedAt: created,
        placedAt: sql`${created} + interval '1 hour'`,
        paidAt: sql`case when ${orders.paidAt} is null then null else ${created} + interval '2 days' end`,
      })
      .where(eq(orders.uuid, uuid));
    await db.execute(sql`update discount_redemptions set created_at = ${created} + interval '1 hour'
      where order_id = (select id from orders where uuid = ${uuid})`);
  }
}
