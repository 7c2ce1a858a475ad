import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { customerInvites, customers, mailOutbox } from '../db/schema';
import { seedDemoContacts } from './demo-contacts';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp());
});
afterAll(() => close());

describe('demo contacts and invites', () => {
  it('puts two or three people on each demo client it finds, skips the others, and mails pending invites', async () => {
    // Only two of the demo clients exist: the rest are skipped, not an error.
    await db
      .insert(customers)
      .values([{ businessName: 'Harbor Dental Clinic' }, { businessName: 'Northwind Outfitters' }]);
    await seedDemoContacts(db, 'http://portal.test');
    const perClient = await db.execute<{ business_name: string; people: number }>(sql`
      select cu.business_name, count(c.id)::int as people
      from customers cu
        left join contact_customers cc on cc.customer_id = cu.id
        left join contacts c on c.id = cc.contact_id
      group by cu.business_name order by cu.business_name`);
    expect(perClient.rows).toEqual([
      { business_name: 'Harbor Dental Clinic', people: 2 },
      { business_name: 'Northwind Outfitters', people: 2 },
    ]);
    const invites = await db.select().from(customerInvites).where(eq(customerInvites.status, 'pending'));
    expect(invites.map((i) => i.email).sort()).toEqual(['ads@northwind.test', 'reception@harbordental.test']);
    const mails = await db.select().from(mailOutbox);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Harbor Dental Clinic invites you to Agency Portal',
      'Northwind Outfitters invites you to Agency Portal',
    ]);
    expect(mails[0]?.textBody).toMatch(/http:\/\/portal\.test\/register\?invite=\S+/);
  });
});
