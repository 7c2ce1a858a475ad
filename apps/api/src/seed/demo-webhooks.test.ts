import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../test/test-app';
import { webhookAttempts, webhookDeliveries, webhooks } from '../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo webhooks seed', () => {
  it('makes two paused webhooks with sealed secrets, so the demo never sends anything out', async () => {
    const rows = await db.select().from(webhooks).orderBy(asc(webhooks.id));
    expect(rows.map((r) => ({ url: r.url, status: r.status }))).toEqual([
      { url: 'https://crm.brightside.invalid/portal-events', status: 'paused' },
      { url: 'https://automations.brightside.invalid/hooks/time', status: 'paused' },
    ]);
    for (const row of rows) {
      expect(await app.ctx.secrets.open(row.secretSealed)).toMatch(/^whsec_/);
    }
  });

  it('gives each a delivery log: the CRM’s succeeded, the automation’s failing with 502', async () => {
    const log = await db
      .select({ url: webhooks.url, outcome: webhookAttempts.outcome, status: webhookAttempts.responseStatus })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId));
    const crm = log.filter((row) => row.url.includes('crm'));
    const automation = log.filter((row) => row.url.includes('automations'));
    expect(crm.length).toBeGreaterThanOrEqual(4);
    expect(crm.every((row) => row.outcome === 'succeeded' && row.status === 200)).toBe(true);
    expect(automation.length).toBeGreaterThanOrEqual(1);
    expect(automation.every((row) => row.outcome === 'failed' && row.status === 502)).toBe(true);
  });
});
