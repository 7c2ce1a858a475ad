import { AD_MESSAGES, PERMISSIONS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { startStorage } from '../uploads/test-helpers';
import { storeCsv } from './ad-test-helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let close: () => Promise<void>;
let stopStorage: () => Promise<void>;
let admin: BuiltUser;

beforeAll(async () => {
  const storage = await startStorage('local');
  stopStorage = storage.stop;
  ({ app, db, close } = await getTestApp({ env: storage.env }));
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(async () => {
  await close();
  await stopStorage();
});

const importFile = async (customerUuid: string, text: string, name?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/campaigns/import',
    headers: bearer(admin.token),
    payload: { upload_uuid: await storeCsv(app, db, admin.id, text, name), customer_uuid: customerUuid },
  });

async function metricsOf(customerId: number) {
  const rows = await db.execute<Record<string, string>>(sql`select a.name, m.day::text, m.impressions::int,
      m.reach::int, m.clicks::int, m.spend_cents::int, m.conversions::float, m.conversion_value_cents::int
    from ad_metrics m join ad_campaigns a on a.id = m.campaign_id where a.customer_id = ${customerId}
    order by a.name, m.day`);
  return rows.rows;
}

const META_CSV = [
  'Campaign name,Day,Impressions,Reach,Link clicks,Amount spent (USD),Results,Purchases conversion value',
  'Spring Sale,2026-10-01,"1,200",900,36,45.50,3,210.00',
  'Spring Sale,2026-10-02,1000,800,20,40.00,2,150.25',
  'Brand Awareness,2026-10-01,5000,4000,50,60.00,0,0',
  'Brand Awareness,2026-13-01,10,10,1,1.00,0,0',
  ',2026-10-03,10,10,1,1.00,0,0',
  'Spring Sale,2026-10-03,lots,10,1,1.00,0,0',
].join('\n');

// Google Ads puts the report's title and range above the header and totals below the data.
const GOOGLE_CSV = [
  'Campaign performance report',
  '"October 1, 2026 - October 2, 2026"',
  'Campaign,Day,Currency code,Impr.,Clicks,Cost,Conversions,Conv. value',
  'Search - Brand,2026-10-01,USD,"2,000",100,"1,050.10",4.5,900.00',
  'Search - Brand,2026-10-02,USD,1500,80,80.00,--,0',
  'Search - Brand,yesterday,USD,1500,80,80.00,1,0',
  'Search - Brand,2026-10-04,USD,1500,80,-5.00,1,0',
  'Total: Account,,,5000,260,1210.10,5.5,900.00',
].join('\n');

describe('CSV import of ad platform exports', () => {
  it('reads a Meta Ads Manager export, lands the good lines and reports each bad line by number', async () => {
    const client = await buildCustomer(db);
    const res = await importFile(client.uuid, META_CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 3,
      skipped: 3,
      layout: 'meta',
      created_campaigns: ['Spring Sale', 'Brand Awareness'],
      errors: [
        { line: 5, message: AD_MESSAGES.dayInvalid },
        { line: 6, message: AD_MESSAGES.campaignNameMissing },
        { line: 7, message: AD_MESSAGES.numberInvalid('Impressions') },
      ],
    });
    expect(await metricsOf(client.id)).toEqual([
      expect.objectContaining({ name: 'Brand Awareness', day: '2026-10-01', impressions: 5000, spend_cents: 6000 }),
      {
        name: 'Spring Sale',
        day: '2026-10-01',
        impressions: 1200,
        reach: 900,
        clicks: 36,
        spend_cents: 4550,
        conversions: 3,
        conversion_value_cents: 21000,
      },
      expect.objectContaining({ name: 'Spring Sale', day: '2026-10-02', conversion_value_cents: 15025 }),
    ]);
  });

  it('reads a Google Ads export past its title lines, skips its total row and keeps fractional conversions', async () => {
    const client = await buildCustomer(db);
    const res = await importFile(client.uuid, GOOGLE_CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      imported: 2,
      skipped: 3,
      layout: 'google_ads',
      errors: [
        { line: 6, message: AD_MESSAGES.dayInvalid },
        { line: 7, message: AD_MESSAGES.negative('Spend') },
      ],
    });
    const rows = await metricsOf(client.id);
    expect(rows).toEqual([
      expect.objectContaining({ day: '2026-10-01', impressions: 2000, spend_cents: 105010, conversions: 4.5 }),
      expect.objectContaining({ day: '2026-10-02', impressions: 1500, conversions: 0 }),
    ]);
    const platform = await db.execute(sql`select platform from ad_campaigns where customer_id = ${client.id}`);
    expect(platform.rows).toEqual([{ platform: 'google_ads' }]);
  });

  it('replaces a campaign day on re-import instead of adding to it', async () => {
    const client = await buildCustomer(db);
    await importFile(client.uuid, META_CSV);
    const before = await metricsOf(client.id);
    const again = await importFile(client.uuid, META_CSV);
    expect(again.json()).toMatchObject({ imported: 3, created_campaigns: [] });
    expect(await metricsOf(client.id)).toEqual(before);
    const corrected = META_CSV.split('\n').slice(0, 2).join('\n').replace('45.50', '47.00');
    await importFile(client.uuid, corrected);
    const after = await metricsOf(client.id);
    expect(after).toHaveLength(3);
    expect(after.find((r) => r.name === 'Spring Sale' && r.day === '2026-10-01')).toMatchObject({ spend_cents: 4700 });
  });

  it('asks for a mapping for unknown headers, then remembers it for that client only', async () => {
    const client = await buildCustomer(db);
    const other = await buildCustomer(db);
    const custom = ['Kampagne;Datum;Impressionen;Kosten', 'Herbst;2026-10-01;100;12.50', 'Herbst;2026-10-02;x;1'].join(
      '\n',
    );
    const asCsv = custom.replaceAll(';', ',');
    const unknown = await importFile(client.uuid, asCsv);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'unknown_headers',
      message: AD_MESSAGES.unknownHeaders,
      errors: { headers: ['Kampagne', 'Datum', 'Impressionen', 'Kosten'] },
    });

    const incomplete = await app.inject({
      method: 'PUT',
      url: `/api/ad-import-mappings/${client.uuid}`,
      headers: bearer(admin.token),
      payload: { columns: { campaign_name: 'Kampagne', day: 'Kampagne' } },
    });
    expect(incomplete.statusCode).toBe(422);
    expect(Object.keys(incomplete.json().errors)).toEqual(['columns.impressions', 'columns.day']);

    const columns = { campaign_name: 'Kampagne', day: 'Datum', impressions: 'Impressionen', spend: 'Kosten' };
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/ad-import-mappings/${client.uuid}`,
      headers: bearer(admin.token),
      payload: { columns },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await app.inject({
      method: 'GET',
      url: `/api/ad-import-mappings/${client.uuid}`,
      headers: bearer(admin.token),
    });
    expect(read.json()).toEqual({ data: { columns } });

    // A mapped layout names no platform: campaigns must exist; a missing one is that line's error.
    const missing = await importFile(client.uuid, asCsv);
    expect(missing.json()).toMatchObject({ imported: 0, layout: 'mapping' });
    expect(missing.json().errors[0]).toEqual({ line: 2, message: 'No campaign named "Herbst" for this client' });
    await app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(admin.token),
      payload: { name: 'Herbst', platform: 'linkedin', customer_uuid: client.uuid },
    });
    const mapped = await importFile(client.uuid, asCsv);
    expect(mapped.json()).toMatchObject({
      imported: 1,
      skipped: 1,
      errors: [{ line: 3, message: AD_MESSAGES.numberInvalid('Impressions') }],
    });
    expect(await metricsOf(client.id)).toEqual([
      expect.objectContaining({ name: 'Herbst', impressions: 100, spend_cents: 1250, clicks: 0 }),
    ]);
    expect((await importFile(other.uuid, asCsv)).statusCode).toBe(422);
  });

  it('refuses an upload of someone else, and a file that is not a CSV', async () => {
    const client = await buildCustomer(db);
    const colleague = await buildUser(db, { permissions: PERMISSIONS });
    const theirs = await storeCsv(app, db, colleague.id, META_CSV);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/campaigns/import',
      headers: bearer(admin.token),
      payload: { upload_uuid: theirs, customer_uuid: client.uuid },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await importFile(client.uuid, META_CSV, 'export.txt')).json().errors).toEqual({
      upload_uuid: [AD_MESSAGES.notCsv],
    });
  });
});
