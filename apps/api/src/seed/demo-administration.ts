import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { projects, users } from '../db/schema';
import { DomainEvents } from '../events/domain-events';
import { setPlanRates, updateAdministration } from '../modules/administration';

/**
 * The demo agency's billing and invoice settings and hourly rates (issue 21), written by the module's own commands
 * as the demo admin, so /administration, the reports' amounts and the budget panels show believable money. One
 * plan, the first client plan, bills at its own premium rate.
 */
export async function seedDemoAdministration(db: Database): Promise<void> {
  const [admin] = await db
    .select({ id: users.id, uuid: users.uuid })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'));
  if (!admin) {
    return;
  }
  const ctx = { db, events: new DomainEvents() };
  const actor = { userId: admin.id, uuid: admin.uuid };
  await updateAdministration(
    ctx,
    {
      legal_name: 'Brightside Digital LLC',
      address: '210 SW Market St, Suite 400\nPortland, OR 97201\nUnited States',
      tax_id: 'EIN 84-2918375',
      invoice_prefix: 'BSD-',
      next_invoice_number: 1048,
      payment_terms_days: 15,
      currency: 'USD',
      hourly_rates: { billable: 14_500, 'non-billable': 8_500, 'sgm-non-billable': 6_000 },
    },
    actor,
  );
  const [premium] = await db
    .select({ uuid: projects.uuid })
    .from(projects)
    .where(and(ne(projects.kind, 'personal'), eq(projects.isRetainer, true)))
    .orderBy(asc(projects.id))
    .limit(1);
  if (premium) {
    await setPlanRates(ctx, premium.uuid, { hourly_rates: { billable: 17_500 } }, actor);
  }
}
