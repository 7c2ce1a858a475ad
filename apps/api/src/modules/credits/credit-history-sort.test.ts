import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { planCredits } from '../../db/schema';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let planUuid: string;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
  const plan = await buildPlan(db, { startDate: '2020-01-01', refillMinutes: 600 });
  planUuid = plan.uuid;
  const row = (date: string, minutes: number, kind: 'period_credit' | 'manual_adjustment') => ({
    projectId: plan.id,
    date,
    minutes,
    kind,
    periodStart: kind === 'period_credit' ? date : null,
    note: kind === 'manual_adjustment' ? 'Adjusted' : null,
  });
  await db
    .insert(planCredits)
    .values([
      row('2026-01-01', 600, 'period_credit'),
      row('2026-03-01', 600, 'period_credit'),
      row('2026-02-10', -90, 'manual_adjustment'),
    ]);
});
afterAll(() => close());

const credits = async (query: string) => {
  const res = await app.inject({
    url: `/api/projects/${planUuid}/credits?${query}`,
    headers: bearer(actors.manager.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { date: string; total_time: number }[]).map((c) => `${c.date} ${c.total_time}`);
};

describe('credit history sorts by its columns', () => {
  it('answers newest first without a sort, and by date or total time when asked', async () => {
    expect(await credits('')).toEqual(['2026-03-01 600', '2026-02-10 -90', '2026-01-01 600']);
    expect(await credits('sort[by]=date&sort[direction]=asc')).toEqual([
      '2026-01-01 600',
      '2026-02-10 -90',
      '2026-03-01 600',
    ]);
    expect(await credits('sort[by]=total_time&sort[direction]=asc')).toEqual([
      '2026-02-10 -90',
      '2026-01-01 600',
      '2026-03-01 600',
    ]);
  });
});
