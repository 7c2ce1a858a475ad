import { PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../test/factories';
import { getTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo advertising seed', () => {
  it('gives two clients Meta and Google Ads campaigns with 60 days of figures that /analytics reads', async () => {
    const reader = await buildUser(db, { permissions: PERMISSIONS });
    const list = await app.inject({ url: '/api/campaigns?page[size]=50', headers: bearer(reader.token) });
    const campaigns = list.json().data as { platform: string; customer: { uuid: string }; spend: number }[];
    expect(campaigns).toHaveLength(5);
    expect(new Set(campaigns.map((c) => c.customer.uuid)).size).toBe(2);
    expect(new Set(campaigns.map((c) => c.platform))).toEqual(new Set(['meta', 'google_ads']));
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const analytics = await app.inject({
      url: `/api/ad-analytics?date_from=${from}&date_to=${to}`,
      headers: bearer(reader.token),
    });
    const body = analytics.json();
    expect(body.data).toHaveLength(5);
    expect(body.series.filter((p: { impressions: number }) => p.impressions > 0)).toHaveLength(60);
    expect(body.totals.spend).toBeGreaterThan(0);
    expect(body.totals.roas).toBeGreaterThan(0);
  });
});
