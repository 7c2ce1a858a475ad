import type { Pool } from 'pg';

/** Campaigns × days of the ads bench: 11,112 × 90 = 1,000,080 metric rows, ending yesterday. */
export const ADS_CAMPAIGNS = 11_112;
export const ADS_DAYS = 90;

/**
 * `SEED_ADS=1` (bench ads): one client with 11,112 campaigns on the four platforms and a row of figures for each of
 * the last 90 days (≈ 1,000,000 ad_metrics rows), inserted set-wise and vacuumed as autovacuum would after a bulk
 * load, so the plan sees visibility-map-clean pages.
 */
export async function seedAdsBench(pool: Pool): Promise<void> {
  await pool.query(`insert into customers (business_name) values ('Bench Ads Client')`);
  await pool.query(
    `insert into ad_campaigns (customer_id, name, platform, status)
     select (select id from customers where business_name = 'Bench Ads Client'), 'Bench campaign ' || lpad(g::text, 5, '0'),
       (array['meta', 'google_ads', 'linkedin', 'tiktok'])[1 + g % 4], 'active'
     from generate_series(1, $1) g`,
    [ADS_CAMPAIGNS],
  );
  await pool.query(
    `insert into ad_metrics (campaign_id, day, impressions, reach, clicks, spend_cents, conversions, conversion_value_cents)
     select a.id, current_date - d, 1000 + (a.id * 7 + d * 13) % 5000, 800 + (a.id * 5 + d) % 4000,
       10 + (a.id + d) % 90, 500 + (a.id * 3 + d * 11) % 9000, (a.id + d) % 7, ((a.id + d) % 7) * 4500
     from ad_campaigns a cross join generate_series(1, $1) d
     where a.name like 'Bench campaign %'`,
    [ADS_DAYS],
  );
  await pool.query('vacuum analyze ad_metrics');
  await pool.query('vacuum analyze ad_campaigns');
}
