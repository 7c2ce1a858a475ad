import type { ActivityLogEntry, activityLogListQuerySchema } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { listMeta, pageOffset } from '../../http/list-paging';

type ActivityLogQuery = z.output<typeof activityLogListQuerySchema>;

/** Object types whose trail is the per-object history (activity_logs); every other type lives in audit_logs. */
const HISTORY_TYPES = ['task', 'request'];

/** Where an entry's object opens in the web app; deleted objects and sign-ins link nowhere. */
function linkOf(type: string, uuid: string | null, action: string): string | null {
  if (!uuid || action === 'delete') {
    return null;
  }
  switch (type) {
    case 'task':
      return `/tasks?task_uuid=${uuid}`;
    case 'request':
      return `/requests/${uuid}`;
    case 'plan':
      return `/projects/${uuid}`;
    case 'client':
      return `/clients?client_uuid=${uuid}`;
    case 'contact':
      return `/users/${uuid}`;
    case 'role':
      return '/roles';
    case 'post':
      return `/cms/${uuid}`;
    case 'post_category':
      return '/cms';
    default:
      return null;
  }
}

type Row = {
  id: string;
  created_at: string;
  actor_uuid: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  object_type: string;
  object_uuid: string | null;
  label: string | null;
  fields: string[] | null;
  ip: string | null;
};

/**
 * GET activity-logs: the audit trail newest first — task and request histories (activity_logs) and every other
 * audited event (audit_logs) as one list, filtered by person, object type, action and dates (whole days, UTC).
 */
export async function listActivityLog(db: Database, query: ActivityLogQuery) {
  const filters = query.filters ?? {};
  const types = filters.object_type ?? [];
  const wantHistory = types.length === 0 || types.some((type) => HISTORY_TYPES.includes(type));
  const auditTypes = types.filter((type) => !HISTORY_TYPES.includes(type));
  const wantAudit = types.length === 0 || auditTypes.length > 0;

  const person = filters.person
    ? sql`(select u.id from users u left join contacts c on c.user_id = u.id
          where u.uuid = ${filters.person} or c.uuid = ${filters.person} limit 1)`
    : null;
  const common = (alias: string, actorColumn: string): SQL[] => {
    const conditions: SQL[] = [];
    const column = (name: string) => sql.raw(`${alias}.${name}`);
    if (person) {
      conditions.push(sql`${column(actorColumn)} = ${person}`);
    }
    if (filters.action?.length) {
      conditions.push(
        sql`${column('action')} in (${sql.join(
          filters.action.map((a) => sql`${a}`),
          sql`, `,
        )})`,
      );
    }
    if (filters.from) {
      conditions.push(sql`${column('created_at')} >= ${filters.from}::date::timestamptz`);
    }
    if (filters.to) {
      conditions.push(sql`${column('created_at')} < (${filters.to}::date + 1)::timestamptz`);
    }
    return conditions;
  };
  const where = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

  const historyConditions = common('al', 'author_id');
  const historyTypes = types.length ? types.filter((type) => HISTORY_TYPES.includes(type)) : HISTORY_TYPES;
  historyConditions.push(
    sql`al.subject_type in (${sql.join(
      historyTypes.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  );
  const auditConditions = common('au', 'actor_id');
  if (auditTypes.length) {
    auditConditions.push(
      sql`au.subject_type in (${sql.join(
        auditTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  }

  const branches: SQL[] = [];
  if (wantHistory) {
    branches.push(sql`select 'h' || al.id as id, al.created_at, al.author_id as actor_id, null::text as actor_email,
        al.action, al.subject_type as object_type, coalesce(t.uuid, r.uuid)::text as object_uuid,
        coalesce(t.title, r.subject) as label,
        array(select jsonb_object_keys(case when jsonb_typeof(al.changes) = 'object' then al.changes else '{}' end))
          as fields,
        null::text as ip
      from activity_logs al
      left join tasks t on al.subject_type = 'task' and t.id = al.subject_id
      left join requests r on al.subject_type = 'request' and r.id = al.subject_id
      ${where(historyConditions)}
      order by al.created_at desc, al.id desc`);
  }
  if (wantAudit) {
    branches.push(sql`select 'a' || au.id as id, au.created_at, au.actor_id, au.actor_email, au.action,
        au.subject_type as object_type, au.subject_uuid as object_uuid, au.subject_label as label,
        array(select jsonb_array_elements_text(case when jsonb_typeof(au.details -> 'fields') = 'array'
          then au.details -> 'fields' else '[]' end)) as fields,
        au.ip
      from audit_logs au
      ${where(auditConditions)}
      order by au.created_at desc, au.id desc`);
  }
  // Each branch reads only as far as the page reaches (through its time index) before the two are merged.
  const reach = pageOffset(query.page) + query.page.size;
  const trail = sql.join(
    branches.map((branch) => sql`(${branch} limit ${reach})`),
    sql` union all `,
  );
  const everything = sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union all `,
  );
  const [page, total] = await Promise.all([
    db.execute<Row>(sql`select x.id, x.created_at::text as created_at, u.uuid::text as actor_uuid, c.name as actor_name,
        coalesce(x.actor_email, u.email) as actor_email, x.action, x.object_type, x.object_uuid, x.label, x.fields, x.ip
      from (${trail}) x
      left join users u on u.id = x.actor_id
      left join contacts c on c.user_id = x.actor_id
      order by x.created_at desc, x.id desc
      limit ${query.page.size} offset ${pageOffset(query.page)}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${everything}) x`),
  ]);
  const data: ActivityLogEntry[] = page.rows.map((row) => ({
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    actor: row.actor_uuid ? { uuid: row.actor_uuid, name: row.actor_name ?? row.actor_email ?? '' } : null,
    actor_email: row.actor_email,
    action: row.action,
    object_type: row.object_type,
    object: { uuid: row.object_uuid, label: row.label, link: linkOf(row.object_type, row.object_uuid, row.action) },
    fields: row.fields ?? [],
    ip: row.ip,
  }));
  return { data, meta: listMeta(total.rows[0]?.n ?? 0, query.page) };
}
