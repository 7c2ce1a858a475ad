import { AD_MESSAGES, PERMISSIONS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { requests, requestTypes } from '../../db/schema';

let app: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let close: () => Promise<void>;
let admin: BuiltUser;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function campaign(customerUuid: string, fields: Record<string, unknown>, token = admin.token) {
  const res = await call(token, 'POST', '/api/campaigns', { customer_uuid: customerUuid, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string };
}

/** Figures straight into the store: [impressions, reach, clicks, spend¢, conversions, value¢]. */
async function figures(campaignUuid: string, day: string, f: [number, number, number, number, number, number]) {
  await db.execute(sql`insert into ad_metrics (campaign_id, day, impressions, reach, clicks, spend_cents, conversions,
      conversion_value_cents)
    select id, ${day}::date, ${f[0]}, ${f[1]}, ${f[2]}, ${f[3]}, ${f[4]}, ${f[5]} from ad_campaigns where uuid = ${campaignUuid}`);
}

describe('campaigns', () => {
  it('creates, reads, edits and deletes a campaign with budget in cents and its linked plan', async () => {
    const client = await buildCustomer(db);
    const plan = await buildPlan(db, { customerId: client.id });
    const made = await campaign(client.uuid, {
      name: 'Black Friday',
      platform: 'meta',
      objective: 'Sales',
      project_uuid: plan.uuid,
      budget: 12_550,
      budget_type: 'daily',
      start_date: '2026-11-20',
      end_date: '2026-11-30',
      status: 'active',
    });
    const read = await call(admin.token, 'GET', `/api/campaigns/${made.uuid}`);
    expect(read.json().data).toMatchObject({
      name: 'Black Friday',
      budget: 12_550,
      project: { uuid: plan.uuid },
      customer: { uuid: client.uuid },
      spend: 0,
    });
    const backwards = await call(admin.token, 'PUT', `/api/campaigns/${made.uuid}`, { end_date: '2026-11-01' });
    expect(backwards.json().errors).toEqual({ end_date: [AD_MESSAGES.endBeforeStart] });
    const paused = await call(admin.token, 'PUT', `/api/campaigns/${made.uuid}`, { status: 'paused', budget: null });
    expect(paused.json().data).toMatchObject({ status: 'paused', budget: null });
    const twin = await call(admin.token, 'POST', '/api/campaigns', {
      customer_uuid: client.uuid,
      name: 'black friday',
      platform: 'google_ads',
    });
    expect(twin.statusCode).toBe(422);
    const otherPlan = await buildPlan(db);
    const wrongPlan = await call(admin.token, 'PUT', `/api/campaigns/${made.uuid}`, { project_uuid: otherPlan.uuid });
    expect(wrongPlan.json().errors).toEqual({ project_uuid: [AD_MESSAGES.planOfAnotherClient] });
    expect((await call(admin.token, 'DELETE', `/api/campaigns/${made.uuid}`)).json()).toEqual({
      message: AD_MESSAGES.campaignDeleted,
    });
    expect((await call(admin.token, 'GET', `/api/campaigns/${made.uuid}`)).statusCode).toBe(404);
  });

  it('shows a freelancer only the campaigns of their plans, read-only without the update permission', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: ['PRODUCTS_READ'] });
    const client = await buildCustomer(db);
    const theirs = await buildPlan(db, { customerId: client.id, members: [freelancer.id] });
    const mine = await campaign(client.uuid, { name: 'Their plan', platform: 'meta', project_uuid: theirs.uuid });
    const hidden = await campaign(client.uuid, { name: 'Not theirs', platform: 'meta' });
    await figures(mine.uuid, '2026-09-01', [100, 90, 5, 1000, 1, 3000]);
    await figures(hidden.uuid, '2026-09-01', [999, 900, 50, 9000, 9, 9000]);

    const list = await call(freelancer.token, 'GET', `/api/campaigns?filters[customer_uuid]=${client.uuid}`);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(['Their plan']);
    expect((await call(freelancer.token, 'GET', `/api/campaigns/${hidden.uuid}`)).statusCode).toBe(404);
    expect((await call(freelancer.token, 'PUT', `/api/campaigns/${mine.uuid}`, { status: 'ended' })).statusCode).toBe(
      403,
    );
    const analytics = await call(
      freelancer.token,
      'GET',
      `/api/ad-analytics?date_from=2026-09-01&date_to=2026-09-01&customer_uuid=${client.uuid}`,
    );
    expect(analytics.json().totals).toMatchObject({ impressions: 100, spend: 1000 });
  });

  it('opens a draft campaign, linked to it, when a New Campaign request is submitted; once', async () => {
    const client = await buildCustomer(db);
    const plan = await buildPlan(db, { customerId: client.id });
    const [type] = await db.insert(requestTypes).values({ name: 'New Campaign' }).returning();
    const [request] = await db
      .insert(requests)
      .values({ subject: 'Winter launch', requestTypeId: type?.id, projectId: plan.id, status: 'new' })
      .returning();
    const uuid = request?.uuid ?? '';
    // What the requests module announces after the submitting write commits.
    const announce = () =>
      app.ctx.events.publish([
        { model: 'request', action: 'created', id: uuid, actorId: admin.id, payload: { status: 'new' } },
      ]);
    announce();
    await vi.waitFor(async () => {
      const list = await call(admin.token, 'GET', `/api/campaigns?filters[customer_uuid]=${client.uuid}`);
      expect(list.json().data).toMatchObject([
        {
          name: 'Winter launch',
          status: 'draft',
          project: { uuid: plan.uuid },
          requests: [{ uuid, title: 'Winter launch' }],
        },
      ]);
    });
    announce();
    await new Promise((r) => setTimeout(r, 100));
    const count = await db.execute(sql`select count(*)::int as n from ad_campaigns where customer_id = ${client.id}`);
    expect(count.rows[0]).toEqual({ n: 1 });
  });
});

describe('ad analytics', () => {
  // Hand-computed: Beta = 1000+3000 impressions, 50+10 clicks, $25+$5 spend, 5 conversions worth $100;
  // alpha has impressions only (so CPC, CPA and ROAS divide by zero: null). Outside the range or client: ignored.
  let client: Awaited<ReturnType<typeof buildCustomer>>;
  beforeAll(async () => {
    client = await buildCustomer(db);
    const other = await buildCustomer(db);
    const beta = await campaign(client.uuid, { name: 'Beta', platform: 'meta' });
    const alpha = await campaign(client.uuid, { name: 'alpha', platform: 'google_ads' });
    const foreign = await campaign(other.uuid, { name: 'Aardvark', platform: 'meta' });
    await figures(beta.uuid, '2026-10-01', [1000, 800, 50, 2500, 5, 10_000]);
    await figures(beta.uuid, '2026-10-02', [3000, 2000, 10, 500, 0, 0]);
    await figures(beta.uuid, '2026-10-05', [7777, 7777, 77, 7777, 7, 7777]);
    await figures(alpha.uuid, '2026-10-02', [1000, 1000, 0, 0, 0, 0]);
    await figures(foreign.uuid, '2026-10-01', [5555, 5555, 55, 5555, 5, 5555]);
  });
  const range = () => `date_from=2026-10-01&date_to=2026-10-03&customer_uuid=${client.uuid}`;

  it('groups by campaign sorted by name, with totals and derived metrics (null where a denominator is 0)', async () => {
    const res = await call(admin.token, 'GET', `/api/ad-analytics?group_by=campaign&${range()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toEqual([
      expect.objectContaining({
        campaign_name: 'alpha',
        platform: 'google_ads',
        impressions: 1000,
        clicks: 0,
        ctr: 0,
        cpc: null,
        cpm: 0,
        cpa: null,
        roas: null,
      }),
      expect.objectContaining({
        campaign_name: 'Beta',
        impressions: 4000,
        reach: 2800,
        clicks: 60,
        spend: 3000,
        conversions: 5,
        conversion_value: 10_000,
        ctr: 0.015,
        cpc: 50,
        cpm: 750,
        cpa: 600,
        roas: 3.3333,
      }),
    ]);
    expect(body.totals).toEqual({
      impressions: 5000,
      reach: 3800,
      clicks: 60,
      spend: 3000,
      conversions: 5,
      conversion_value: 10_000,
      ctr: 0.012,
      cpc: 50,
      cpm: 600,
      cpa: 600,
      roas: 3.3333,
    });
    expect(body.series.map((p: { day: string; impressions: number }) => [p.day, p.impressions])).toEqual([
      ['2026-10-01', 1000],
      ['2026-10-02', 4000],
      ['2026-10-03', 0],
    ]);
    expect(body.meta).toEqual({ total: 2, current_page: 1, last_page: 1, per_page: 50 });

    // A page of one: the next campaign by name, while the totals and the series still cover both.
    const second = await call(
      admin.token,
      'GET',
      `/api/ad-analytics?group_by=campaign&${range()}&page[size]=1&page[number]=2`,
    );
    expect(second.statusCode, second.body).toBe(200);
    const paged = second.json();
    expect(paged.data.map((r: { campaign_name: string }) => r.campaign_name)).toEqual(['Beta']);
    expect(paged.meta).toEqual({ total: 2, current_page: 2, last_page: 2, per_page: 1 });
    expect(paged.totals).toEqual(body.totals);
    expect(paged.series).toEqual(body.series);
  });

  it('groups by platform for the social view', async () => {
    const res = await call(admin.token, 'GET', `/api/ad-analytics?group_by=platform&${range()}`);
    expect(res.json().data.map((r: { platform: string; spend: number }) => [r.platform, r.spend])).toEqual([
      ['google_ads', 0],
      ['meta', 3000],
    ]);
  });

  it('answers zero totals with null ratios for a range without figures', async () => {
    const res = await call(admin.token, 'GET', `/api/ad-analytics?date_from=2020-01-01&date_to=2020-01-01`);
    expect(res.json()).toMatchObject({ data: [], totals: { impressions: 0, ctr: null, cpm: null, roas: null } });
  });

  it('exports the grouped table as CSV and XLSX with money in dollars', async () => {
    const csv = await call(admin.token, 'GET', `/api/ad-analytics/export?format=csv&${range()}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/ad-analytics-campaigns-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Campaign;Client;Platform;Impressions;Reach;Clicks;Spend (USD);Conversions;Conversion value (USD);CTR (%);CPC (USD);CPM (USD);CPA (USD);ROAS',
    );
    expect(lines[2]).toBe(`Beta;${client.businessName};Meta;4000;2800;60;30;5;100;1.5;0.5;7.5;6;3.3333`);
    const xlsx = await call(admin.token, 'GET', `/api/ad-analytics/export?format=xlsx&group_by=platform&${range()}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Platform');
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Meta', 4000, 2800, 60, 30, 5, 100, 1.5, 0.5, 7.5, 6, 3.3333]);
  });
});
