import { ONBOARDING_SERVICE_INCLUSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories';
import { getTestApp } from '../../test/test-app';
import { onboardingLinks, users } from '../db/schema';
import { SessionService } from '../modules/auth/session.service';
import { seedDemo } from './demo';

let t: Awaited<ReturnType<typeof getTestApp>>;
let token: string;

beforeAll(async () => {
  t = await getTestApp();
  await seedDemo(t.db, { secrets: t.app.ctx.secrets, appUrl: t.app.ctx.config.appUrl });
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  token = await new SessionService(t.db, t.app.ctx.config).issue(admin?.id ?? 0);
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ url, headers: bearer(token) })).json();

describe('demo onboarding seed', () => {
  it('has requirements for every service and a welcome kit with its links', async () => {
    const requirements = (await get('/api/onboarding/requirements')).data as { inclusion: string }[];
    for (const inclusion of ONBOARDING_SERVICE_INCLUSIONS) {
      expect(
        requirements.some((r) => r.inclusion === inclusion),
        inclusion,
      ).toBe(true);
    }
    const kit = (await get('/api/onboarding/welcome')).data;
    expect(kit.leadsie_social_link).toMatch(/^https:\/\//);
    expect(kit.schedule_call_link).toMatch(/^https:\/\//);
    expect((await get('/api/onboarding/information')).data.form.name).toBe('New client information');
  });

  it('shows six clients at different steps on the board, two stuck and one complete', async () => {
    const list = (await get('/api/onboardings?page[size]=50')).data as {
      status: string;
      days_stuck: number;
      progress: number;
      current_step: { key: string } | null;
    }[];
    expect(list).toHaveLength(6);
    expect(list.filter((o) => o.status === 'done')).toHaveLength(1);
    expect(list.filter((o) => o.days_stuck > 0).length).toBeGreaterThanOrEqual(2);
    expect(new Set(list.map((o) => o.current_step?.key ?? null)).size).toBeGreaterThanOrEqual(3);
    expect(list.some((o) => o.progress > 0 && o.progress < 100)).toBe(true);
  });

  it('keeps each client page link sealed and working', async () => {
    const [link] = await t.db.select().from(onboardingLinks).limit(1);
    const page = await t.app.inject({
      url: `/api/public/onboarding/${await t.app.ctx.secrets.open(link?.sealedToken ?? '')}`,
    });
    expect([200, 410]).toContain(page.statusCode);
  });
});
