import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';

const STEPS = [
  ['welcome', 'Welcome'],
  ['information_form', 'Information form'],
  ['requirements', 'Requirements'],
  ['kickoff_call', 'Schedule the kick-off call'],
  ['order_confirmed', 'Order confirmed'],
] as const;

/**
 * 2,000 clients, each with an onboarding (one in ten complete), spread over the steps with their progress, owner,
 * start, last activity and a stuck time as the module stores them, plus three items and a few history rows each:
 * the board's read is over the onboardings' own columns, so the bench seeds those directly in set-wise SQL.
 */
export async function seedOnboardingBench(db: Database, clients = 2000): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into customers (business_name, status, email, created_at)
      select 'Onboarding bench ' || lpad(i::text, 5, '0'), 'active', 'onb' || i || '@bench.test',
        now() - make_interval(days => i % 60)
      from generate_series(1, ${clients}) as i`);
    const steps = sql.join(
      STEPS.map(([key, name], i) => sql`(${i}::int, ${key}::text, ${name}::text)`),
      sql`, `,
    );
    await tx.execute(sql`
      with owners as (
        select u.id, (row_number() over (order by u.id) - 1)::int as n, (count(*) over ())::int as total
        from users u join contacts c on c.user_id = u.id where c.type = 'regular_user'
      ),
      steps (n, key, name) as (values ${steps}),
      bench as (
        select id, (row_number() over (order by id))::int as i from customers where business_name like 'Onboarding bench %'
      )
      insert into onboardings (customer_id, inclusions, status, owner_id, progress, current_step_key,
        current_step_name, current_step_since, stuck_at, started_at, last_activity_at, completed_at, created_at)
      select b.id,
        '{"social_media": true, "advertising": true, "website": false, "creative_package": true,
          "video_production": false, "schedule_call_link": true, "welcome_kit": true, "login_register": true,
          "leadsie_manage_link": true, "leadsie_social_link": true}'::jsonb,
        case when b.i % 10 = 0 then 'done' else 'open' end,
        (select o.id from owners o where o.n = b.i % greatest(o.total, 1)),
        case when b.i % 10 = 0 then 100 else (b.i * 7) % 100 end,
        case when b.i % 10 = 0 then null else s.key end,
        case when b.i % 10 = 0 then null else s.name end,
        now() - make_interval(days => b.i % 15),
        case when b.i % 10 = 0 then null else now() - make_interval(days => b.i % 15) + interval '5 days' end,
        now() - make_interval(days => 15 + b.i % 45),
        now() - make_interval(hours => b.i % 300),
        case when b.i % 10 = 0 then now() - make_interval(days => b.i % 10) end,
        now() - make_interval(days => 15 + b.i % 45)
      from bench b join steps s on s.n = b.i % 5`);
    await tx.execute(sql`
      insert into onboarding_items (onboarding_id, inclusion, name, kind, position, status)
      select o.id, x.inclusion, x.name, x.kind, x.position, case when (o.id + x.position) % 3 = 0 then 'done' else 'todo' end
      from onboardings o
      cross join (values ('social_media', 'Page admin access', 'link_confirmation', 0),
        ('advertising', 'Ad account access', 'link_confirmation', 1),
        ('creative_package', 'Logo files', 'file', 2)) as x (inclusion, name, kind, position)`);
    await tx.execute(sql`
      insert into onboarding_history (onboarding_id, action, subject, created_at)
      select o.id, x.action, x.subject, o.started_at + make_interval(days => x.d)
      from onboardings o
      cross join (values ('started', null, 0), ('step_done', 'Welcome', 1), ('item_submitted', 'Logo files', 2))
        as x (action, subject, d)`);
  });
  await db.execute(sql`analyze onboardings`);
}
