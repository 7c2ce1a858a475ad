import { DASHBOARD_LIST_LIMIT, type DashboardActivity } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** Older changes are not "recent". */
const RECENT_DAYS = 30;
/**
 * "Recent" is also the agency's latest changes: the newest this many history entries (one backward walk of the
 * primary key) are checked against what the caller is on, so the cost never depends on how much they follow.
 */
const RECENT_CHANGES = 2_000;

type Row = {
  id: number;
  subject_type: 'task' | 'request';
  action: 'create' | 'update';
  fields: string[];
  created_at: string;
  subject_uuid: string | null;
  subject_title: string | null;
  author_uuid: string | null;
  author_name: string | null;
};

/**
 * Recent changes by others to the tasks and requests the caller is on (responsible or follower): the latest history
 * entries, newest first, each checked against the caller's task_users / request_users rows (one primary-key probe).
 */
export async function loadDashboardActivity(db: DbExecutor, userId: number): Promise<DashboardActivity[]> {
  const result = await db.execute<Row>(sql`
    with recent as materialized (
      select id, subject_type, subject_id, author_id, action, changes, created_at from activity_logs
      where created_at > now() - make_interval(days => ${RECENT_DAYS})
      order by id desc
      limit ${RECENT_CHANGES})
    select al.id, al.subject_type, al.action,
      array(select jsonb_object_keys(al.changes)) as fields,
      to_char(al.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      coalesce(t.uuid, r.uuid) as subject_uuid, coalesce(t.title, r.subject) as subject_title,
      u.uuid as author_uuid, coalesce(c.name, u.email) as author_name
    from recent al
    left join tasks t on al.subject_type = 'task' and t.id = al.subject_id
    left join requests r on al.subject_type = 'request' and r.id = al.subject_id
    left join users u on u.id = al.author_id
    left join lateral (select name from contacts where contacts.user_id = al.author_id limit 1) c on true
    where al.author_id is distinct from ${userId}
      and (
        (al.subject_type = 'task'
          and exists (select 1 from task_users tu where tu.task_id = al.subject_id and tu.user_id = ${userId}))
        or (al.subject_type = 'request'
          and exists (select 1 from request_users ru where ru.request_id = al.subject_id and ru.user_id = ${userId}))
      )
    order by al.id desc
    limit ${DASHBOARD_LIST_LIMIT}`);
  return result.rows
    .filter((row) => row.subject_uuid)
    .map((row) => ({
      id: row.id,
      subject_type: row.subject_type,
      subject: { uuid: row.subject_uuid ?? '', title: row.subject_title ?? '' },
      action: row.action,
      fields: row.fields,
      author: row.author_uuid ? { uuid: row.author_uuid, name: row.author_name ?? '' } : null,
      created_at: row.created_at,
    }));
}
