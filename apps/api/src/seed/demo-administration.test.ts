import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories';
import { getTestApp, type TestApp } from '../../test/test-app';
import { users } from '../db/schema';
import { SessionService } from '../modules/auth/session.service';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let token: string;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({ demo: true }));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  token = await new SessionService(db, app.ctx.config).issue(admin?.id ?? 0);
});
afterAll(() => close());

describe('demo administration seed', () => {
  it('gives the agency its billing settings, rates and one plan’s own rate', async () => {
    const settings = await app.inject({ url: '/api/administration', headers: bearer(token) });
    expect(settings.json().data).toMatchObject({
      legal_name: 'Brightside Digital LLC',
      invoice_prefix: 'BSD-',
      hourly_rates: { billable: 14_500, 'non-billable': 8_500, 'sgm-non-billable': 6_000 },
    });
    const planRates = await app.inject({ url: '/api/administration/plan-rates', headers: bearer(token) });
    expect(planRates.json().data).toHaveLength(1);
  });

  it('makes the reports show money', async () => {
    const report = await app.inject({ url: '/api/reports/time-logs?page[size]=1', headers: bearer(token) });
    expect(report.json().totals.amount_cents).toBeGreaterThan(0);
  });
});
