import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { seedScaleRequests } from './seed-scale-requests';
import { seedScaleTasks } from './seed-scale-tasks';
import { seedScaleTimeLogs } from './seed-scale-time-logs';
import { startPeopleByTheirFirstLog } from './start-dates';

export const SCALE_PREFIX = 'Scale client';

/**
 * 2,000 clients and 10,000 plans (by default) in a few set-based statements: generate_series does the looping in
 * PostgreSQL, so the volume costs seconds, not one round trip per row. Plans cycle through the plan types and
 * statuses (about half active) and are managed by the first active staff user, when there is one. A database that
 * already holds the scale clients is left as it is.
 */
export async function seedScale(
  db: Database,
  options: { clients?: number; plans?: number; tasks?: number; requests?: number; timeLogs?: number } = {},
): Promise<{ clients: number; plans: number; skipped: boolean }> {
  const clients = options.clients ?? 2000;
  const plans = options.plans ?? 10_000;
  const pattern = `${SCALE_PREFIX} %`;
  const existing = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from customers where business_name like ${pattern}`,
  );
  if ((existing.rows[0]?.n ?? 0) >= clients) {
    return { clients: 0, plans: 0, skipped: true };
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into customers (business_name, status, abbreviation, phone, email, website, created_at)
      select ${SCALE_PREFIX} || ' ' || lpad(i::text, 5, '0'),
             case when i % 7 = 0 then 'inactive' else 'active' end,
             'SC' || i,
             '+1415555' || lpad((i % 10000)::text, 4, '0'),
             'client' || i || '@scale.test',
             'https://client' || i || '.scale.test',
             now() - make_interval(mins => i)
      from generate_series(1, ${clients}) as i`);
    await tx.execute(sql`
      with scale_customers as (
        select id, row_number() over (order by id) as n from customers where business_name like ${pattern}
      ),
      types as (select id, name, project_type, refill_minutes, row_number() over (order by sort_order, id) - 1 as n,
                       count(*) over () as total from plan_types),
      manager as (
        select u.id from users u join contacts c on c.user_id = u.id
        where u.status = 'active' and c.type = 'regular_user' order by u.id limit 1
      ),
      statuses as (select array['active', 'active', 'active', 'active', 'active', 'paused', 'in_progress',
                                 'completed', 'cancelled', 'waiting_to_launch'] as list)
      insert into projects (title, kind, is_retainer, status, customer_id, plan_type_id, refill_minutes,
                            project_manager_id, start_date, created_at)
      select 'Scale plan ' || lpad(i::text, 6, '0'),
             'other',
             t.project_type = 'retainer',
             (select list[1 + i % 10] from statuses),
             sc.id,
             t.id,
             t.refill_minutes,
             (select id from manager),
             date '2025-01-01' + (i % 365),
             now() - make_interval(secs => i)
      from generate_series(1, ${plans}) as i
      join scale_customers sc on sc.n = 1 + (i % ${clients})
      join types t on t.n = i % t.total`);
    await tx.execute(sql`
      insert into project_users (project_id, user_id)
      select id, project_manager_id from projects
      where title like 'Scale plan %' and project_manager_id is not null
      on conflict do nothing`);
  });
  await db.execute(sql`analyze customers; analyze projects; analyze project_users`);
  // 20 tasks per plan (200,000 by default), before the time logs that are spread over them.
  await seedScaleTasks(db, { tasks: options.tasks ?? plans * 20 });
  // 100,000 requests by default (10 per plan, on the retainer and hosting plans), with people, time and tasks.
  await seedScaleRequests(db, { requests: options.requests ?? plans * 10 });
  // Keep last: 100 time logs per plan (1,000,000 by default) over the scale plans' tasks (seed-scale-time-logs.ts).
  await seedScaleTimeLogs(db, { logs: options.timeLogs ?? plans * 100, createTasks: true });
  // The scale staff (and anyone else given logs) started by their first logged day, as in the demo seed.
  await startPeopleByTheirFirstLog(db);
  // Like autovacuum after a bulk load (the task logs above updated requests through triggers): fresh statistics and
  // a visibility map, so the requests list's index-only scans do not visit the heap. VACUUM runs on its own.
  await db.execute(sql`vacuum (analyze) requests`);
  return { clients, plans, skipped: false };
}
