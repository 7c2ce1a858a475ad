import { PERMISSIONS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { upsertMetrics } from './ad-metrics-store';
import { rangePieces } from './ad-rollups';

let app: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let close: () => Promise<void>;
let admin: BuiltUser;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('rangePieces', () => {
  it('covers every day of a range exactly once with aligned blocks and edge days', () => {
    for (let start = 0; start < 140; start += 3) {
      for (const length of [1, 2, 7, 8, 9, 31, 32, 90, 91, 200, 365]) {
        const from = addDays('2026-01-01', start);
        const to = addDays(from, length - 1);
        const pieces = rangePieces(from, to);
        const covered: string[] = [...pieces.days];
        pieces.spans.forEach((span, i) => {
          const first = Date.parse(`${pieces.starts[i]}T00:00:00Z`) / 86_400_000 - Date.UTC(1970, 0, 5) / 86_400_000;
          expect(first % span).toBe(0);
          for (let d = 0; d < span; d++) {
            covered.push(addDays(pieces.starts[i] ?? '', d));
          }
        });
        covered.sort();
        expect(covered).toEqual(Array.from({ length }, (_, d) => addDays(from, d)));
      }
    }
    // 90 days read a handful of pieces, not 90 days.
    const ninety = rangePieces('2026-08-29', '2026-11-26');
    expect(ninety.spans.length + ninety.days.length).toBeLessThanOrEqual(10);
  });
});

type Figures = Record<'impressions' | 'reach' | 'clicks' | 'spend' | 'conversions' | 'conversion_value', number>;

/** The answer computed the slow way, from every day: what the rollups must reproduce exactly. */
async function fromDays(customerId: number, from: string, to: string) {
  const sums = sql`sum(m.impressions)::bigint as impressions, sum(m.reach)::bigint as reach,
    sum(m.clicks)::bigint as clicks, sum(m.spend_cents)::bigint as spend, sum(m.conversions) as conversions,
    sum(m.conversion_value_cents)::bigint as conversion_value`;
  const where = sql`a.customer_id = ${customerId} and m.day between ${from}::date and ${to}::date`;
  const numbers = (row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'name' || k === 'key' ? v : Number(v)]));
  const campaigns = await db.execute(sql`select a.name, ${sums} from ad_metrics m
    join ad_campaigns a on a.id = m.campaign_id where ${where} group by a.id, a.name order by lower(a.name), a.id`);
  const platforms = await db.execute(sql`select a.platform as key, ${sums} from ad_metrics m
    join ad_campaigns a on a.id = m.campaign_id where ${where} group by a.platform order by a.platform`);
  const days = await db.execute(sql`select m.day::text as key, ${sums} from ad_metrics m
    join ad_campaigns a on a.id = m.campaign_id where ${where} group by m.day order by m.day`);
  return {
    campaigns: campaigns.rows.map(numbers),
    platforms: platforms.rows.map(numbers),
    days: days.rows.map(numbers),
  };
}

const pick = (row: Figures) => ({
  impressions: row.impressions,
  reach: row.reach,
  clicks: row.clicks,
  spend: row.spend,
  conversions: row.conversions,
  conversion_value: row.conversion_value,
});

async function expectSameAnswers(customer: { id: number; uuid: string }, from: string, to: string, token: string) {
  const expected = await fromDays(customer.id, from, to);
  const query = `date_from=${from}&date_to=${to}&customer_uuid=${customer.uuid}`;
  const byCampaign = (
    await app.inject({ method: 'GET', url: `/api/ad-analytics?group_by=campaign&${query}`, headers: bearer(token) })
  ).json();
  expect(
    byCampaign.data.map((r: Figures & { campaign_name: string }) => ({ name: r.campaign_name, ...pick(r) })),
  ).toEqual(expected.campaigns);
  const nonZero = byCampaign.series.filter((p: Figures) => p.impressions || p.clicks || p.spend || p.reach);
  expect(nonZero.map((p: Figures & { day: string }) => ({ key: p.day, ...pick(p) }))).toEqual(
    expected.days.filter((d) => d.impressions || d.clicks || d.spend || d.reach),
  );
  expect(byCampaign.series).toHaveLength(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1,
  );
  const byPlatform = (
    await app.inject({ method: 'GET', url: `/api/ad-analytics?group_by=platform&${query}`, headers: bearer(token) })
  ).json();
  expect(byPlatform.data.map((r: Figures & { platform: string }) => ({ key: r.platform, ...pick(r) }))).toEqual(
    expected.platforms,
  );
}

const RANGES: [string, string][] = [
  ['2026-01-20', '2026-08-31'],
  ['2026-03-01', '2026-05-29'],
  ['2026-02-27', '2026-03-02'],
  ['2026-03-14', '2026-03-14'],
  ['2026-01-01', '2026-07-20'],
  ['2026-04-07', '2026-06-30'],
];

describe('analytics from the rollups', () => {
  it('answers exactly what the days add up to, for ranges cutting through blocks, after import, re-import, moves and deletes', async () => {
    const client = await buildCustomer(db);
    const other = await buildCustomer(db);
    const made = await db.execute<{ id: number; name: string }>(sql`insert into ad_campaigns
        (customer_id, name, platform, status)
      select ${client.id}, 'Rollup ' || g, (array['meta', 'google_ads', 'linkedin', 'tiktok'])[1 + g % 4], 'active'
      from generate_series(1, 6) g returning id, name`);
    const ids = made.rows.map((r) => r.id);
    // 150 days of uneven figures, fractional conversions included, written in batches as the import does.
    const rows = [];
    for (let d = 0; d < 150; d++) {
      for (const [i, id] of ids.entries()) {
        if ((d + i) % 5 === 0) {
          continue;
        }
        rows.push({
          campaignId: id,
          day: addDays('2026-02-01', d),
          impressions: 1000 + ((d * 37 + i * 11) % 900),
          reach: 700 + ((d * 13) % 300),
          clicks: (d * 7 + i) % 41,
          spendCents: 100 + ((d * 53 + i * 29) % 7000),
          conversions: ((d + i) % 6) + ((d % 4) * 25) / 100,
          conversionValueCents: ((d * 17 + i) % 5) * 1999,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 200) {
      await upsertMetrics(db, rows.slice(i, i + 200));
    }
    for (const [from, to] of RANGES) {
      await expectSameAnswers(client, from, to, admin.token);
    }

    // Re-import: every day of two campaigns replaced, and a few new days.
    await upsertMetrics(
      db,
      rows
        .filter((r) => r.campaignId === ids[0] || r.campaignId === ids[3])
        .map((r) => ({ ...r, impressions: r.impressions * 2 + 1, conversions: 0.5 })),
    );
    await upsertMetrics(db, [{ ...(rows[0] as (typeof rows)[number]), day: '2026-03-14', clicks: 999 }]);
    // A campaign moved to another client and platform, and one deleted with its days.
    await db.execute(sql`update ad_campaigns set customer_id = ${other.id}, platform = 'tiktok' where id = ${ids[1]}`);
    await db.execute(sql`update ad_campaigns set platform = 'meta' where id = ${ids[2]}`);
    await db.execute(sql`delete from ad_campaigns where id = ${ids[4]}`);
    await db.execute(sql`delete from ad_metrics where campaign_id = ${ids[5]} and day = '2026-03-03'`);
    // A day re-keyed by an update (our writers never do; the rollups follow all the same).
    await db.execute(
      sql`update ad_metrics set day = '2026-08-15' where campaign_id = ${ids[5]} and day = '2026-02-02'`,
    );
    for (const [from, to] of RANGES) {
      await expectSameAnswers(client, from, to, admin.token);
      await expectSameAnswers(other, from, to, admin.token);
    }

    // A freelancer reads the same figures for the campaigns of their plan, from the days themselves.
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: ['PRODUCTS_READ'] });
    const plan = await buildPlan(db, { customerId: client.id, members: [freelancer.id] });
    await db.execute(sql`update ad_campaigns set project_id = ${plan.id} where customer_id = ${client.id}`);
    await expectSameAnswers(client, '2026-03-01', '2026-05-29', freelancer.token);

    // The rollups hold no empty rows, and a client's deletion leaves none of its totals.
    await db.execute(sql`delete from customers where id = ${other.id}`);
    const left = await db.execute<{ n: number }>(sql`select
      (select count(*) from ad_daily_totals where customer_id = ${other.id} or days <= 0)::int +
      (select count(*) from ad_metric_blocks where days <= 0)::int as n`);
    expect(left.rows[0]?.n).toBe(0);
  });
});
