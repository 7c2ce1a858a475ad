import type { PlanFile } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/access';
import { listMeta, type PageQuery, pageOffset } from '../../http/list-paging';
import { presentUpload, type UploadRow } from '../uploads/upload-presenter';

type Row = {
  id: number;
  uuid: string;
  name: string;
  extension: string;
  size: number;
  url: string;
  stated: boolean;
  created_at: string;
  width: number | null;
  height: number | null;
  thumbnail_key: string | null;
  creator_uuid: string | null;
  holder_kind: 'task' | 'request';
  holder_uuid: string;
  holder_title: string;
};

/**
 * GET projects/{uuid}/files: the files held by the plan's tasks (for TASKS_READ holders) and requests (REQUEST_READ),
 * newest first. The caller is a regular user who may see the plan, and regular users see every task and request of
 * a plan they see, so the holders need no further visibility test. Each branch walks the holder index.
 */
export async function listPlanFiles(db: Database, planId: number, viewer: Principal, page: PageQuery) {
  const branches: SQL[] = [];
  const columns = sql`u.id, u.uuid, u.name, u.extension, u.size, u.url, u.stated, u.created_at, u.width, u.height,
    u.thumbnail_key, u.created_by_id`;
  if (viewer.permissions.has('TASKS_READ')) {
    branches.push(sql`select ${columns}, 'task' as holder_kind, t.uuid::text as holder_uuid, t.title as holder_title
      from tasks t join uploads u on u.holder_type = 'task' and u.holder_id = t.id
      where t.project_id = ${planId}`);
  }
  if (viewer.permissions.has('REQUEST_READ')) {
    branches.push(sql`select ${columns}, 'request' as holder_kind, r.uuid::text as holder_uuid, r.subject as holder_title
      from requests r join uploads u on u.holder_type = 'request' and u.holder_id = r.id
      where r.project_id = ${planId}`);
  }
  if (branches.length === 0) {
    return { data: [] as PlanFile[], meta: listMeta(0, page) };
  }
  const files = sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union all `,
  );
  const [rows, total] = await Promise.all([
    db.execute<Row>(sql`
      select f.id, f.uuid::text as uuid, f.name, f.extension, f.size::int as size, f.url, f.stated,
        f.created_at::text as created_at, f.width, f.height, f.thumbnail_key, cu.uuid::text as creator_uuid,
        f.holder_kind, f.holder_uuid, coalesce(f.holder_title, '') as holder_title
      from (${files}) f
      left join users cu on cu.id = f.created_by_id
      order by f.created_at desc, f.id desc
      limit ${page.size} offset ${pageOffset(page)}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (${files}) f`),
  ]);
  const data: PlanFile[] = rows.rows.map((row) => ({
    ...presentUpload(
      {
        uuid: row.uuid,
        name: row.name,
        extension: row.extension,
        size: Number(row.size),
        stated: row.stated,
        createdAt: new Date(row.created_at),
        width: row.width,
        height: row.height,
        thumbnailKey: row.thumbnail_key,
      } as UploadRow,
      row.creator_uuid,
    ),
    holder: { type: row.holder_kind, uuid: row.holder_uuid, title: row.holder_title },
  }));
  return { data, meta: listMeta(total.rows[0]?.n ?? 0, page) };
}
