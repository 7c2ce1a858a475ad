import { PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../test/factories';
import { getTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let token: string;

beforeAll(async () => {
  const t = await getTestApp({ demo: true });
  ({ app, close } = t);
  token = (await buildUser(t.db, { permissions: PERMISSIONS })).token;
});
afterAll(() => close());

describe('demo billing seed', () => {
  it('lists two overdue invoices of demo clients (8 and 35 days), and not the paid one', async () => {
    const res = await app.inject({ url: '/api/overdue-invoices', headers: bearer(token) });
    const rows = res.json().data as { customer: { business_name: string }; days_overdue: number }[];
    expect(rows.map((r) => [r.customer.business_name, r.days_overdue])).toEqual([
      ['Trattoria Bella Vista', 35],
      ['Harbor Dental Clinic', 8],
    ]);
  });

  it("records Trattoria's declined card as a failed payment", async () => {
    const res = await app.inject({ url: '/api/failed-payments', headers: bearer(token) });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        customer: expect.objectContaining({ business_name: 'Trattoria Bella Vista' }),
        invoice_number: 'BRS-2026-0117',
        amount_cents: 185_050,
        reason: 'Your card has insufficient funds.',
      }),
    ]);
  });
});
