import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The bench's busy task: a fixed uuid so the benchmark can ask for it. */
export const BUSY_TASK_UUID = '00000000-0000-4000-8000-00000000c012';

/**
 * Comments for `npm run bench comments`, set-based: one busy task with 2,000 comments (1,500 threads, 500 replies,
 * likes from the demo staff, mentions), `spread` comments over other tasks so the table is not just that thread, and
 * 10,000 notifications for the demo manager (a fifth of them mentions, half of those unread). Idempotent: a database
 * that has the busy task is left as it is.
 */
export async function seedScaleComments(db: Database, options: { spread?: number } = {}): Promise<void> {
  const spread = options.spread ?? 100_000;
  const found = await db.execute(sql`select 1 from tasks where uuid = ${BUSY_TASK_UUID}`);
  if (found.rows.length) {
    return;
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into tasks (uuid, title, project_id, creator_id)
      select ${BUSY_TASK_UUID}, 'Bench: a busy thread', p.id, p.project_manager_id
      from projects p where p.kind = 'other' order by p.id limit 1`);
    const staff = sql`(select array_agg(u.id order by u.id) from users u join contacts c on c.user_id = u.id
      where c.type in ('regular_user', 'freelancer') and u.email like '%@demo.test')`;
    await tx.execute(sql`
      with task as (select id, project_id from tasks where uuid = ${BUSY_TASK_UUID}), people as (select ${staff} as ids)
      insert into comments (commentable_type, commentable_id, project_id, text, text_delta, creator_id, delivered_at,
                            created_at, updated_at)
      select 'task', task.id, task.project_id, 'Thread ' || i || ': the hero needs a stronger headline',
             jsonb_build_object('ops', jsonb_build_array(jsonb_build_object('insert',
               'Thread ' || i || ': the hero needs a stronger headline' || chr(10)))),
             people.ids[1 + i % array_length(people.ids, 1)],
             now() - make_interval(mins => 3000 - i), now() - make_interval(mins => 3000 - i),
             now() - make_interval(mins => 3000 - i)
      from generate_series(1, 1500) as i, task, people`);
    await tx.execute(sql`
      with task as (select id, project_id from tasks where uuid = ${BUSY_TASK_UUID}), people as (select ${staff} as ids),
      roots as (select id, created_at, row_number() over (order by id desc) as n from comments
                where commentable_type = 'task' and commentable_id = (select id from task) and parent_id is null)
      insert into comments (commentable_type, commentable_id, project_id, parent_id, text, text_delta, creator_id,
                            delivered_at, created_at, updated_at)
      select 'task', task.id, task.project_id, roots.id, 'Reply ' || i, jsonb_build_object('ops',
               jsonb_build_array(jsonb_build_object('insert', 'Reply ' || i || chr(10)))),
             people.ids[1 + (i + 1) % array_length(people.ids, 1)],
             roots.created_at + interval '1 minute', roots.created_at + interval '1 minute',
             roots.created_at + interval '1 minute'
      from generate_series(1, 500) as i cross join task cross join people
      join roots on roots.n = 1 + (i % 250)`);
    await tx.execute(sql`
      with people as (select ${staff} as ids)
      insert into comment_reactions (comment_id, user_id)
      select c.id, people.ids[k]
      from comments c, people, generate_series(1, array_length((select ids from people), 1)) as k
      where c.commentable_type = 'task' and c.commentable_id = (select id from tasks where uuid = ${BUSY_TASK_UUID})
        and (c.id + k) % 3 = 0
      on conflict do nothing`);
    await tx.execute(sql`
      insert into comment_mentions (comment_id, contact_id)
      select c.id, (select ct.id from contacts ct join users u on u.id = ct.user_id where u.email = 'manager@demo.test')
      from comments c
      where c.commentable_type = 'task' and c.commentable_id = (select id from tasks where uuid = ${BUSY_TASK_UUID})
        and c.id % 10 = 0`);
    await tx.execute(sql`
      with people as (select ${staff} as ids),
      picked as (select id, project_id, row_number() over (order by id) as n from tasks
                 where uuid <> ${BUSY_TASK_UUID} order by id limit 20000)
      insert into comments (commentable_type, commentable_id, project_id, text, text_delta, creator_id, delivered_at,
                            created_at, updated_at)
      select 'task', picked.id, picked.project_id, 'Note ' || i, jsonb_build_object('ops',
               jsonb_build_array(jsonb_build_object('insert', 'Note ' || i || chr(10)))),
             people.ids[1 + i % array_length(people.ids, 1)], now() - make_interval(mins => i),
             now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, ${spread}) as i cross join people
      join picked on picked.n = 1 + i % (select count(*) from picked)`);
    await tx.execute(sql`
      with manager as (select id from users where email = 'manager@demo.test'),
      start as (select coalesce(max(number), 0) as n from notifications where user_id = (select id from manager)),
      some_comment as (select uuid from comments where commentable_id = (select id from tasks where uuid = ${BUSY_TASK_UUID}) limit 1)
      insert into notifications (user_id, number, type, data, read_at, created_at)
      select (select id from manager), (select n from start) + i,
             case when i % 5 = 0 then 'comment_mention' else 'task_assigned' end,
             jsonb_build_object('title', 'Bench notification ' || i, 'sub_title', 'Bench: a busy thread',
               'content', null, 'action_url', '/tasks?task_uuid=' || ${BUSY_TASK_UUID}, 'resource_id',
               (select uuid from some_comment)::text, 'has_mention', i % 5 = 0),
             case when i % 10 = 0 then null when i % 5 = 0 then now() else case when i % 2 = 0 then now() end end,
             now() - make_interval(secs => 10000 - i)
      from generate_series(1, 10000) as i`);
  });
  await db.execute(sql`vacuum analyze comments`);
  await db.execute(sql`vacuum analyze comment_reactions`);
  await db.execute(sql`vacuum analyze notifications`);
}
