import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { seedScale } from './seed-scale';
import { seedScaleRequests } from './seed-scale-requests';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

const one = async (query: ReturnType<typeof sql>) => (await db.execute<{ n: number }>(query)).rows[0]?.n;
const scale = sql`subject like 'Scale request %'`;

describe('scale requests seed', () => {
  it('generates requests on the retainer and hosting plans across statuses and temperatures, with people and time, once', async () => {
    await seedScale(db, { clients: 10, plans: 50, timeLogs: 100 });
    expect(await one(sql`select count(*)::int as n from requests where ${scale}`)).toBe(500);
    expect(await one(sql`select count(distinct status)::int as n from requests where ${scale}`)).toBe(8);
    expect(await one(sql`select count(distinct heat)::int as n from requests where ${scale}`)).toBe(4);
    expect(await one(sql`select count(distinct temperature)::int as n from requests where ${scale}`)).toBe(3);
    expect(
      await one(sql`select count(*)::int as n from requests r where ${scale}
        and not exists (select 1 from request_users ru where ru.request_id = r.id and ru.pivot = 'responsible')`),
    ).toBe(0);
    // time_spent is exactly the sum of each request's own completed logs.
    expect(
      await one(sql`select count(*)::int as n from requests r where ${scale} and r.time_spent <>
        (select coalesce(sum(tl.minutes), 0) from time_logs tl where tl.request_id = r.id and tl.status = 'completed')`),
    ).toBe(0);
    expect(await one(sql`select count(*)::int as n from requests where ${scale} and time_spent > 0`)).toBe(125);
    expect(
      await one(sql`select count(*)::int as n from requests r join projects p on p.id = r.project_id
        join plan_types pt on pt.id = p.plan_type_id where ${scale} and pt.project_type not in ('retainer', 'hosting')`),
    ).toBe(0);
    const plansWithRequests = await one(sql`select count(distinct project_id)::int as n from requests where ${scale}`);
    expect(await one(sql`select count(*)::int as n from tasks where request_id is not null`)).toBe(
      2 * (plansWithRequests ?? 0),
    );
    expect((await seedScaleRequests(db, { requests: 500 })).skipped).toBe(true);
  });
});
