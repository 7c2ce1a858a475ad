import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export const SCALE_TASK_PREFIX = 'Scale task';
const SCALE_TAGS = 20;

/**
 * 200,000 tasks (by default; 20 per scale plan) in set-based statements: every status but seed, priorities, due
 * ranges over two years, creation times spread over the same span, a responsible for each and a follower for every
 * third (the active staff and freelancers), a tag on every fourth, and every tenth a subtask of the task before it.
 * Runs after the scale plans; a database that already holds the scale tasks is left as it is.
 */
export async function seedScaleTasks(
  db: Database,
  options: { tasks: number },
): Promise<{ tasks: number; skipped: boolean }> {
  const pattern = `${SCALE_TASK_PREFIX} %`;
  const existing = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from tasks where title like ${pattern}`,
  );
  if ((existing.rows[0]?.n ?? 0) >= options.tasks) {
    return { tasks: 0, skipped: true };
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with plans as (select id, row_number() over (order by id) - 1 as n from projects where title like 'Scale plan %'),
      sizes as (select count(*) as plans from plans),
      people as (
        select u.id, row_number() over (order by u.id) - 1 as n from users u join contacts c on c.user_id = u.id
        where u.status = 'active' and c.type in ('regular_user', 'freelancer')
      ),
      statuses as (select array['todo', 'todo', 'in_progress', 'in_progress', 'waiting_approval', 'working_on_now',
                                 'pending', 'approved', 'needs_attention', 'completed', 'completed', 'cancelled'] as list)
      insert into tasks (title, project_id, priority, status, start_date, end_date, estimated_time_min, estimated_time,
                         sort_order, creator_id, completed_at, created_at)
      select ${SCALE_TASK_PREFIX} || ' ' || lpad(i::text, 6, '0'),
             p.id,
             i % 3,
             (select list[1 + i % 12] from statuses),
             current_date - 365 + (i % 730),
             current_date - 365 + (i % 730) + 1 + (i % 14),
             case when i % 5 = 0 then 60 else null end,
             case when i % 5 = 0 then 120 else null end,
             i % 1000,
             (select id from people where n = i % greatest(1, (select count(*) from people))),
             case when i % 12 in (9, 10) then now() - make_interval(hours => i % 8760) else null end,
             now() - make_interval(secs => i * 157)
      from generate_series(0, ${options.tasks - 1}) as i
      cross join sizes z
      join plans p on p.n = i % z.plans`);
    // Every tenth task becomes a subtask of the task created just before it in the same plan.
    await tx.execute(sql`
      with ordered as (
        select id, project_id, lag(id) over (partition by project_id order by id) as previous,
               row_number() over (order by id) as n
        from tasks where title like ${pattern}
      )
      update tasks t set parent_id = o.previous
      from ordered o where o.id = t.id and o.n % 10 = 0 and o.previous is not null`);
    await tx.execute(sql`
      with people as (
        select u.id, row_number() over (order by u.id) - 1 as n, count(*) over () as total
        from users u join contacts c on c.user_id = u.id
        where u.status = 'active' and c.type in ('regular_user', 'freelancer')
      ),
      work as (select id, row_number() over (order by id) - 1 as n from tasks where title like ${pattern})
      insert into task_users (task_id, user_id, pivot)
      select w.id, p.id, 'responsible' from work w join people p on p.n = w.n % p.total
      union all
      select w.id, p.id, 'follower' from work w join people p on p.n = (w.n + 1) % p.total
      where w.n % 3 = 0 and p.total > 1
      on conflict do nothing`);
    await tx.execute(sql`
      insert into tags (name) select 'Scale tag ' || i from generate_series(1, ${SCALE_TAGS}) as i
      on conflict do nothing`);
    await tx.execute(sql`
      with scale_tags as (select id, row_number() over (order by id) - 1 as n from tags where name like 'Scale tag %'),
      work as (select id, row_number() over (order by id) - 1 as n from tasks where title like ${pattern})
      insert into task_tags (task_id, tag_id)
      select w.id, t.id from work w join scale_tags t on t.n = (w.n / 4) % ${SCALE_TAGS}
      where w.n % 4 = 0
      on conflict do nothing`);
  });
  await db.execute(sql`analyze tasks; analyze task_users; analyze task_tags; analyze tags`);
  return { tasks: options.tasks, skipped: false };
}
