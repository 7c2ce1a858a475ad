import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { seedScale } from './seed-scale';
import { seedScaleTasks } from './seed-scale-tasks';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

const one = async (query: ReturnType<typeof sql>) => (await db.execute<{ n: number }>(query)).rows[0]?.n;

describe('scale tasks seed', () => {
  it('generates 20 tasks per scale plan with people, tags and subtasks, once', async () => {
    await seedScale(db, { clients: 10, plans: 50, timeLogs: 100 });
    expect(await one(sql`select count(*)::int as n from tasks where title like 'Scale task %'`)).toBe(1000);
    expect(await one(sql`select count(distinct status)::int as n from tasks where title like 'Scale task %'`)).toBe(9);
    expect(
      await one(sql`select count(*)::int as n from tasks t where title like 'Scale task %'
        and not exists (select 1 from task_users tu where tu.task_id = t.id and tu.pivot = 'responsible')`),
    ).toBe(0);
    const subtasks = await one(
      sql`select count(*)::int as n from tasks where title like 'Scale task %' and parent_id is not null`,
    );
    expect(subtasks).toBeGreaterThan(50);
    expect(await one(sql`select count(*)::int as n from task_tags`)).toBeGreaterThanOrEqual(250);
    expect((await seedScaleTasks(db, { tasks: 1000 })).skipped).toBe(true);
  });
});
