import type { AdPlatform } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adCampaigns, customers, projects, users } from '../db/schema';
import { createCampaign, upsertMetrics } from '../modules/advertising';

/** 60 days of figures ending yesterday, so /analytics' default last-30-days view and a 60-day range both fill. */
export const DEMO_AD_DAYS = 60;

type DemoCampaign = {
  name: string;
  platform: AdPlatform;
  objective: string;
  budget: number;
  /** Daily impressions around which the figures move; click and conversion rates; average order value (cents). */
  impressions: number;
  ctr: number;
  cvr: number;
  cpc: number;
  order: number;
};

/** Two demo clients: one running Meta and Google Ads side by side, one generating leads on both. */
const DEMO_CAMPAIGNS: DemoCampaign[][] = [
  [
    {
      name: 'Holiday Sale — Retargeting',
      platform: 'meta',
      objective: 'Sales',
      budget: 15_000,
      impressions: 18_000,
      ctr: 0.018,
      cvr: 0.045,
      cpc: 42,
      order: 8_900,
    },
    {
      name: 'Spring Collection — Prospecting',
      platform: 'meta',
      objective: 'Traffic',
      budget: 9_000,
      impressions: 32_000,
      ctr: 0.009,
      cvr: 0.012,
      cpc: 31,
      order: 7_400,
    },
    {
      name: 'Search — Brand',
      platform: 'google_ads',
      objective: 'Sales',
      budget: 6_000,
      impressions: 4_200,
      ctr: 0.071,
      cvr: 0.06,
      cpc: 85,
      order: 9_600,
    },
  ],
  [
    {
      name: 'Lead Gen — Free Consultation',
      platform: 'meta',
      objective: 'Leads',
      budget: 7_500,
      impressions: 12_500,
      ctr: 0.013,
      cvr: 0.08,
      cpc: 55,
      order: 0,
    },
    {
      name: 'Search — Services',
      platform: 'google_ads',
      objective: 'Leads',
      budget: 11_000,
      impressions: 5_600,
      ctr: 0.052,
      cvr: 0.09,
      cpc: 190,
      order: 0,
    },
  ],
];

/** A repeatable wobble (no Math.random): the same demo every time it is seeded. */
const wobble = (seed: number) => 0.75 + ((((Math.sin(seed * 12.9898) * 43_758.5453) % 1) + 1) % 1) * 0.5;

/**
 * The demo's ad campaigns (issue 22), made through the advertising module's own create and figures upsert, so
 * /advertising and /analytics show two clients' Meta and Google Ads work with 60 days of figures.
 */
export async function seedDemoAdvertising(db: Database, today = new Date()): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) {
    return;
  }
  const clients = await db
    .select({ id: customers.id, uuid: customers.uuid })
    .from(customers)
    .orderBy(asc(customers.id))
    .limit(DEMO_CAMPAIGNS.length);
  const viewer = { userId: admin.id, freelancer: false };
  for (const [index, client] of clients.entries()) {
    const [plan] = await db
      .select({ uuid: projects.uuid })
      .from(projects)
      .where(eq(projects.customerId, client.id))
      .orderBy(asc(projects.id))
      .limit(1);
    for (const [n, demo] of (DEMO_CAMPAIGNS[index] ?? []).entries()) {
      const start = new Date(today.getTime() - DEMO_AD_DAYS * 86_400_000);
      const made = await createCampaign({ db }, viewer, {
        name: demo.name,
        platform: demo.platform,
        objective: demo.objective,
        customer_uuid: client.uuid,
        project_uuid: plan?.uuid ?? null,
        budget: demo.budget,
        budget_type: 'daily',
        start_date: start.toISOString().slice(0, 10),
        end_date: null,
        status: 'active',
      });
      const [row] = await db.select({ id: adCampaigns.id }).from(adCampaigns).where(eq(adCampaigns.uuid, made.uuid));
      const rows = Array.from({ length: DEMO_AD_DAYS }, (_, d) => {
        const day = new Date(today.getTime() - (DEMO_AD_DAYS - d) * 86_400_000).toISOString().slice(0, 10);
        const seed = index * 1000 + n * 100 + d;
        const impressions = Math.round(demo.impressions * wobble(seed));
        const clicks = Math.round(impressions * demo.ctr * wobble(seed + 7));
        const conversions = Math.round(clicks * demo.cvr * wobble(seed + 13));
        return {
          campaignId: row?.id ?? 0,
          day,
          impressions,
          reach: Math.round(impressions * 0.72),
          clicks,
          spendCents: Math.round(clicks * demo.cpc * wobble(seed + 3)),
          conversions,
          conversionValueCents: Math.round(conversions * demo.order * wobble(seed + 5)),
        };
      });
      await upsertMetrics(db, rows);
    }
  }
}
