import type { PlanHistoryEntry } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { listMeta, type PageQuery, pageOffset } from '../../http/list-paging';

type Row = {
  id: number;
  created_at: string;
  actor_uuid: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  fields: string[] | null;
};

/**
 * The plan's own rows of the audit trail (subject 'plan'), which the audit listener writes from the plan's domain
 * events. Every time log also announces a 'budget' event for its plan (so the budget panel moves live); those carry
 * no `fields` and are the logs' activity, not the plan's, so only budget rows naming what changed (credits,
 * rollover) belong here.
 */
const PLAN_ROWS = (uuid: string) => sql`
  au.subject_type = 'plan' and au.subject_uuid = ${uuid}
  and (au.action <> 'budget' or jsonb_typeof(au.details -> 'fields') = 'array')`;

/** GET projects/{uuid}/history: newest first, paged; the caller has checked the plan's visibility. */
export async function listPlanHistory(db: Database, uuid: string, page: PageQuery) {
  const [rows, total] = await Promise.all([
    db.execute<Row>(sql`
      select au.id, au.created_at::text as created_at, u.uuid::text as actor_uuid, c.name as actor_name,
        coalesce(au.actor_email, u.email) as actor_email, au.action,
        array(select jsonb_array_elements_text(case when jsonb_typeof(au.details -> 'fields') = 'array'
          then au.details -> 'fields' else '[]' end)) as fields
      from audit_logs au
      left join users u on u.id = au.actor_id
      left join contacts c on c.user_id = au.actor_id
      where ${PLAN_ROWS(uuid)}
      order by au.created_at desc, au.id desc
      limit ${page.size} offset ${pageOffset(page)}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs au where ${PLAN_ROWS(uuid)}`),
  ]);
  const data: PlanHistoryEntry[] = rows.rows.map((row) => ({
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    actor: row.actor_uuid ? { uuid: row.actor_uuid, name: row.actor_name ?? row.actor_email ?? '' } : null,
    action: row.action,
    fields: row.fields ?? [],
  }));
  return { data, meta: listMeta(total.rows[0]?.n ?? 0, page) };
}
