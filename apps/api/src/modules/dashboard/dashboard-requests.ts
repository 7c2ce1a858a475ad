import { DASHBOARD_LIST_LIMIT, type DashboardRequest } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { type Viewer, visibleRequests } from '../requests/request-access';

type Group = { count: number; items: DashboardRequest[] };

type Row = {
  total: number;
  uuid: string;
  subject: string;
  status: DashboardRequest['status'];
  target_date: string | null;
  created_at: string;
  project_uuid: string | null;
  project_title: string | null;
};

/** The first rows (oldest first: they have waited longest) and the count of one filtered set of requests. */
async function requestGroup(db: DbExecutor, from: SQL, where: SQL): Promise<Group> {
  const result = await db.execute<Row>(sql`
    select count(*) over ()::int as total, r.uuid, r.subject, r.status, r.target_date::text as target_date,
      to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      p.uuid as project_uuid, p.title as project_title
    from ${from}
    left join projects p on p.id = r.project_id
    where ${where}
    order by r.created_at, r.id
    limit ${DASHBOARD_LIST_LIMIT}`);
  return {
    count: result.rows[0]?.total ?? 0,
    items: result.rows.map((row) => ({
      uuid: row.uuid,
      subject: row.subject,
      status: row.status,
      target_date: row.target_date,
      created_at: row.created_at,
      project: row.project_uuid ? { uuid: row.project_uuid, title: row.project_title ?? '' } : null,
    })),
  };
}

/**
 * Requests waiting for the caller: new or needing attention, where the caller is responsible; and, for whoever
 * manages plans, the new requests on those plans (null for someone who manages none).
 */
export async function loadDashboardRequests(db: DbExecutor, viewer: Viewer) {
  const visible = visibleRequests(viewer) ?? sql`true`;
  // The new requests on the caller's plans are read beside the check that they manage any, not after it: the block
  // is null for someone who manages none, and one round trip less is on the page's path.
  const [waiting, managesPlans, newOnMyPlans] = await Promise.all([
    requestGroup(
      db,
      sql`request_users ru join requests r on r.id = ru.request_id`,
      sql`ru.user_id = ${viewer.userId} and ru.pivot = 'responsible' and r.status in ('new', 'needs_attention') and ${visible}`,
    ),
    db.execute(sql`select 1 from projects where project_manager_id = ${viewer.userId} and kind <> 'personal' limit 1`),
    requestGroup(
      db,
      sql`requests r`,
      sql`r.status = 'new' and r.project_id in (select mp.id from projects mp where mp.project_manager_id = ${viewer.userId} and mp.kind <> 'personal') and ${visible}`,
    ),
  ]);
  return { waiting, new_on_my_plans: managesPlans.rows.length > 0 ? newOnMyPlans : null };
}
