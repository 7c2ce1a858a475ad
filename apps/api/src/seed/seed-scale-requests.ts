import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export const SCALE_REQUEST_PREFIX = 'Scale request';

/**
 * 100,000 requests (by default) in set-based statements, for the issue 5 list figures. They go to the retainer and
 * hosting scale plans only (the request form offers retainer plans; the list's default project types are these two),
 * so the default list reads a large set (~70,000: page 1,000 of 50 exists). Every status, most of them open;
 * temperatures hot/warm/cold/frozen with a
 * last interaction that matches, request types from the catalogue, requester and creator among the active staff,
 * a responsible for each and a follower for every third. Every fourth request has a completed time log (time_spent
 * is their sum, as the time-log writes keep it), and two tasks per such plan hold the plan's first request, so
 * with_total_time sums both sources. Runs after the scale tasks; a database that already holds them is left as is.
 */
export async function seedScaleRequests(
  db: Database,
  options: { requests: number },
): Promise<{ requests: number; skipped: boolean }> {
  const pattern = `${SCALE_REQUEST_PREFIX} %`;
  const existing = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from requests where subject like ${pattern}`,
  );
  if ((existing.rows[0]?.n ?? 0) >= options.requests) {
    return { requests: 0, skipped: true };
  }
  const people = sql`select u.id, row_number() over (order by u.id) - 1 as n, count(*) over () as total
    from users u join contacts c on c.user_id = u.id
    where u.status = 'active' and c.type in ('regular_user', 'freelancer')`;
  const work = sql`select id, project_id, created_at, row_number() over (order by id) - 1 as n
    from requests where subject like ${pattern}`;
  await db.transaction(async (tx) => {
    // Totals are computed once (sizes), so the joins stay plain equalities PostgreSQL can hash.
    await tx.execute(sql`
      with plans as (
        select p.id, row_number() over (order by p.id) - 1 as n from projects p
        join plan_types pt on pt.id = p.plan_type_id
        where p.title like 'Scale plan %' and pt.project_type in ('retainer', 'hosting')
      ),
      types as (select id, row_number() over (order by id) - 1 as n from request_types),
      people as (${people}),
      sizes as (select (select count(*) from plans) as plans, (select count(*) from types) as types,
                       (select count(*) from people) as people),
      statuses as (select array['draft', 'new', 'new', 'new', 'new', 'in_progress', 'in_progress', 'in_progress',
                                 'in_progress', 'waiting_approval', 'waiting_approval', 'approved', 'approved',
                                 'needs_attention', 'needs_attention', 'completed', 'completed', 'completed',
                                 'cancelled', 'cancelled'] as list),
      slots as (
        select i, p.id as project_id, (select list[1 + i % 20] from statuses) as status,
               i % 10 as heat_slot, i % greatest(1, z.types) as type_n, i % greatest(1, z.people) as person,
               (i + 7) % greatest(1, z.people) as creator
        from sizes z cross join generate_series(0, ${options.requests - 1}) as i
        join plans p on p.n = i % z.plans
      )
      insert into requests (subject, request_type_id, project_id, requester_id, creator_id, status, description,
                            target_date, estimated_min, estimated_max, temperature, heat, ghosted,
                            last_interaction_at, submitted_at, completed_at, created_at)
      select ${SCALE_REQUEST_PREFIX} || ' ' || lpad(s.i::text, 6, '0'),
             t.id,
             s.project_id,
             pr.id,
             pc.id,
             s.status,
             'Scale brief ' || s.i,
             case when s.i % 3 = 0 then current_date - 60 + (s.i % 180) else null end,
             case when s.i % 5 = 0 then 60 else 0 end,
             case when s.i % 5 = 0 then 120 else 0 end,
             case when s.status = 'draft' then null
                  when s.heat_slot < 4 then 3 when s.heat_slot < 7 then 2 else 1 end,
             case when s.status = 'draft' then null
                  when s.heat_slot < 4 then 'hot' when s.heat_slot < 7 then 'warm'
                  when s.heat_slot = 9 then 'frozen' else 'cold' end,
             s.status not in ('draft', 'completed', 'cancelled') and s.heat_slot >= 7,
             case when s.status = 'draft' then null
                  when s.heat_slot < 4 then now() - make_interval(hours => 1 + s.i % 150)
                  when s.heat_slot < 7 then now() - make_interval(days => 8 + s.i % 20)
                  else now() - make_interval(days => 31 + s.i % 300) end,
             case when s.status = 'draft' then null else now() - make_interval(secs => s.i * 300) end,
             case when s.status = 'completed' then now() - make_interval(secs => s.i * 250) else null end,
             now() - make_interval(secs => s.i * 300)
      from slots s
      left join types t on t.n = s.type_n
      left join people pr on pr.n = s.person
      left join people pc on pc.n = s.creator`);
    await tx.execute(sql`
      with people as (${people}), work as (${work})
      insert into request_users (request_id, user_id, pivot)
      select w.id, p.id, 'responsible' from work w join people p on p.n = w.n % p.total
      union all
      select w.id, p.id, 'follower' from work w join people p on p.n = (w.n + 3) % p.total
      where w.n % 3 = 0 and p.total > 1
      on conflict do nothing`);
    // Own time: one completed log on every fourth request, then time_spent as the log writes keep it.
    await tx.execute(sql`
      with people as (${people}), work as (${work})
      insert into time_logs (request_id, user_id, date, minutes, description, status, category, created_by_id,
                             created_at)
      select w.id, p.id, (w.created_at at time zone 'UTC')::date, 15 + (w.n * 7) % 166, 'Scale request work ' || w.n,
             'completed', 'billable', p.id, w.created_at
      from work w join people p on p.n = w.n % p.total
      where w.n % 4 = 0`);
    // Statistics of the rows this transaction just wrote (ANALYZE counts its own inserts): without them the
    // statement triggers on requests (report and plan-total upkeep) join the 25,000 updated rows by nested loops.
    await tx.execute(sql`analyze time_logs, requests`);
    await tx.execute(sql`
      update requests r set time_spent = s.minutes
      from (select request_id, sum(minutes)::int as minutes from time_logs
            where request_id is not null and status = 'completed' group by request_id) s
      where s.request_id = r.id and r.subject like ${pattern}`);
    // Two tasks per plan hold the plan's first request (a task holds at most one).
    await tx.execute(sql`
      with first_request as (
        select distinct on (project_id) project_id, id from requests where subject like ${pattern}
        order by project_id, id
      ),
      ordered as (
        select t.id, t.project_id, row_number() over (partition by t.project_id order by t.id) as n
        from tasks t where t.title like 'Scale task %' and t.request_id is null
      )
      update tasks t set request_id = f.id
      from ordered o join first_request f on f.project_id = o.project_id
      where o.id = t.id and o.n in (5, 15)`);
  });
  await db.execute(sql`analyze requests; analyze request_users; analyze time_logs; analyze tasks`);
  return { requests: options.requests, skipped: false };
}
