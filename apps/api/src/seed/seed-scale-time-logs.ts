import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export const SCALE_STAFF_EMAIL_DOMAIN = 'staff.scale.test';

/**
 * 1,000,000 time logs (by default) over the scale plans' tasks and about 200 staff people (the demo staff among
 * them), across the two years up to today: about 7 logs per person per day, so a weekly summary reads a realistic
 * few dozen rows. Set-based like the rest of the scale seed. Runs after the scale tasks; without them it does
 * nothing (unless createTasks), and a database that already holds the logs is left as it is. All logs are completed except a few paused
 * ones (running timers are per-user unique, so the seed makes none).
 */
export async function seedScaleTimeLogs(
  db: Database,
  options: { logs?: number; staff?: number; days?: number; createTasks?: boolean } = {},
): Promise<{ logs: number; skipped: boolean }> {
  const logs = options.logs ?? 1_000_000;
  const staff = options.staff ?? 200;
  const days = options.days ?? 730;
  const scaleTasks = sql`select t.id from tasks t join projects p on p.id = t.project_id where p.title like 'Scale plan %'`;
  const counts = await db.execute<{ tasks: number; logs: number }>(sql`
    select (select count(*)::int from (${scaleTasks}) s) as tasks,
           (select count(*)::int from time_logs tl where tl.task_id in (${scaleTasks})) as logs`);
  const found = counts.rows[0];
  if (!found || found.logs >= logs || (!found.tasks && !options.createTasks)) {
    return { logs: 0, skipped: true };
  }
  if (!found.tasks) {
    // Only when the tasks part of the scale seed is absent: one task per scale plan, so the logs have a home.
    await db.execute(sql`
      insert into tasks (title, project_id, status)
      select 'Scale time task ' || p.id, p.id, 'in_progress' from projects p where p.title like 'Scale plan %'`);
  }
  await db.transaction(async (tx) => {
    // Staff people the logs belong to (a password hash that matches nothing: they never sign in).
    await tx.execute(sql`
      insert into users (email, password_hash)
      select 'staff' || i || '@' || ${SCALE_STAFF_EMAIL_DOMAIN}, 'scale-seed-no-login'
      from generate_series(1, ${staff}) as i
      on conflict (email) do nothing`);
    await tx.execute(sql`
      insert into contacts (user_id, name, email, type)
      select u.id, 'Scale Staff ' || split_part(u.email, '@', 1), u.email,
             case when u.id % 5 = 0 then 'freelancer' else 'regular_user' end
      from users u
      where u.email like ${`%@${SCALE_STAFF_EMAIL_DOMAIN}`}
        and not exists (select 1 from contacts c where c.user_id = u.id)`);
    // Totals are computed once (sizes), so both joins are plain equalities PostgreSQL can hash.
    await tx.execute(sql`
      with people as (
        select u.id, row_number() over (order by u.id) - 1 as n
        from users u join contacts c on c.user_id = u.id
        where u.status = 'active' and c.type in ('regular_user', 'freelancer')
      ),
      work as (select id, row_number() over (order by id) - 1 as n from (${scaleTasks}) s),
      sizes as (select (select count(*) from people) as people, (select count(*) from work) as work),
      slots as (
        select i, i % z.people as person, (i * 31) % z.work as task, i / z.people as round
        from sizes z cross join generate_series(0, ${logs - 1}) as i
      )
      insert into time_logs (task_id, user_id, date, minutes, description, status, category, created_by_id, created_at)
      select w.id,
             p.id,
             current_date - (g.round % ${days})::int,
             15 + (g.i * 7) % 166,
             'Scale work ' || g.i,
             case when g.i % 997 = 0 then 'paused' else 'completed' end,
             (array['billable', 'billable', 'non-billable', 'sgm-non-billable'])[1 + g.i % 4],
             p.id,
             now() - make_interval(secs => g.i)
      from slots g
      join people p on p.n = g.person
      join work w on w.n = g.task`);
  });
  await db.execute(sql`analyze users; analyze contacts; analyze time_logs`);
  return { logs, skipped: false };
}
