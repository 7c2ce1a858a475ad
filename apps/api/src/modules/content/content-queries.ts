import type {
  ContentItem,
  ContentPlatform,
  ContentStatus,
  contentExportQuerySchema,
  contentItemListQuerySchema,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { type ExportColumn, type ExportSpec, exportPage, readable } from '../tables/export-stream';
import { loadUploadsOf } from '../uploads/attach-uploads';
import { type ContentViewer, findVisibleItem, visibleContentPlans } from './content-access';

type ListQuery = z.output<typeof contentItemListQuerySchema>;

type Row = {
  id: number;
  uuid: string;
  project_uuid: string;
  project_title: string;
  platform: string;
  caption: string;
  scheduled_at: Date | string | null;
  assignee_uuid: string | null;
  assignee_name: string | null;
  status: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const columns = sql`ci.id, ci.uuid, p.uuid as project_uuid, p.title as project_title, ci.platform, ci.caption,
  ci.scheduled_at, au.uuid as assignee_uuid, ac.name as assignee_name, ci.status, ci.created_at, ci.updated_at`;
const from = sql`content_items ci join projects p on p.id = ci.project_id
  left join users au on au.id = ci.assignee_id left join contacts ac on ac.user_id = ci.assignee_id`;

/** The list's conditions: visibility first, then the filters; days are the agency's (date_from/date_to included). */
export function contentConditions(
  query: Pick<ListQuery, 'filters' | 'search_term'>,
  viewer: ContentViewer,
  timeZone: string,
): SQL {
  const f = query.filters ?? {};
  const parts: SQL[] = [visibleContentPlans(viewer)];
  if (f.project_uuid?.length) {
    parts.push(sql`p.uuid = any(${sql.param(f.project_uuid)}::uuid[])`);
  }
  if (f.platform?.length) {
    parts.push(sql`ci.platform = any(${sql.param(f.platform)}::text[])`);
  }
  if (f.status?.length) {
    parts.push(sql`ci.status = any(${sql.param(f.status)}::text[])`);
  }
  if (f.assignee_uuid?.length) {
    parts.push(sql`au.uuid = any(${sql.param(f.assignee_uuid)}::uuid[])`);
  }
  if (f.date_from) {
    parts.push(sql`ci.scheduled_at >= (${f.date_from}::date)::timestamp at time zone ${timeZone}`);
  }
  if (f.date_to) {
    parts.push(sql`ci.scheduled_at < (${f.date_to}::date + 1)::timestamp at time zone ${timeZone}`);
  }
  if (query.search_term) {
    parts.push(sql`ci.caption ilike ${containsPattern(query.search_term)}`);
  }
  return sql.join(parts, sql` and `);
}

export function contentOrder(sort: ListQuery['sort']): SQL {
  const direction = sql.raw(sort?.direction === 'desc' ? 'desc' : 'asc');
  switch (sort?.by) {
    case 'created_at':
      return sql`ci.created_at ${direction}, ci.id ${direction}`;
    case 'status':
      return sql`array_position(array['draft','in_review','changes_requested','approved','scheduled','published'],
        ci.status) ${direction}, ci.id ${direction}`;
    case 'platform':
      return sql`ci.platform ${direction}, ci.id ${direction}`;
    default:
      return sql`ci.scheduled_at ${direction} nulls last, ci.id ${direction}`;
  }
}

async function present(db: DbExecutor, rows: Row[]): Promise<ContentItem[]> {
  const files = await loadUploadsOf(
    db,
    'content_item',
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    project: { uuid: row.project_uuid, title: row.project_title },
    platform: row.platform as ContentPlatform,
    caption: row.caption,
    uploads: files.get(row.id) ?? [],
    scheduled_at: iso(row.scheduled_at),
    assignee: row.assignee_uuid ? { uuid: row.assignee_uuid, name: row.assignee_name ?? '' } : null,
    status: row.status as ContentStatus,
    created_at: iso(row.created_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
  }));
}

/** GET content-items: one page in scheduled order (unscheduled last) and the total. */
export async function listContentItems(db: DbExecutor, query: ListQuery, viewer: ContentViewer, timeZone: string) {
  const where = contentConditions(query, viewer, timeZone);
  const [rows, total] = await Promise.all([
    db.execute<Row>(sql`select ${columns} from ${from} where ${where}
      order by ${contentOrder(query.sort)} limit ${query.page.size} offset ${pageOffset(query.page)}`),
    db.execute<{ count: number }>(sql`select count(*)::int as count from ${from} where ${where}`),
  ]);
  return { data: await present(db, rows.rows), meta: listMeta(total.rows[0]?.count ?? 0, query.page) };
}

/** GET content-items/{uuid}. */
export async function loadContentItem(db: DbExecutor, uuid: string, viewer: ContentViewer): Promise<ContentItem> {
  const item = await findVisibleItem(db, uuid, viewer);
  const found = await db.execute<Row>(sql`select ${columns} from ${from} where ci.id = ${item.id}`);
  const [presented] = await present(db, found.rows);
  if (!presented) {
    throw new Error('content item vanished');
  }
  return presented;
}

/**
 * Content items of the visible plans scheduled in the agency days [start, end): the calendar's `content` kind.
 * `projectId`, `customerId` and `assigneeId` narrow it as the calendar's filters do.
 */
export async function contentInRange(
  db: DbExecutor,
  viewer: ContentViewer,
  range: { start: string; end: string; timeZone: string },
  filters: { projectId?: number; customerId?: number; assigneeId?: number } = {},
) {
  const found = await db.execute<Row>(sql`select ${columns} from ${from} where ${visibleContentPlans(viewer)}
    and ci.scheduled_at >= (${range.start}::date)::timestamp at time zone ${range.timeZone}
    and ci.scheduled_at < (${range.end}::date)::timestamp at time zone ${range.timeZone}
    ${filters.projectId === undefined ? sql`` : sql`and ci.project_id = ${filters.projectId}`}
    ${filters.customerId === undefined ? sql`` : sql`and p.customer_id = ${filters.customerId}`}
    ${filters.assigneeId === undefined ? sql`` : sql`and ci.assignee_id = ${filters.assigneeId}`}
    order by ci.scheduled_at, ci.id limit 2001`);
  return found.rows.map((row) => ({
    uuid: row.uuid,
    platform: row.platform as ContentPlatform,
    caption: row.caption,
    status: row.status as ContentStatus,
    scheduled_at: iso(row.scheduled_at) ?? '',
    project: { uuid: row.project_uuid, title: row.project_title },
  }));
}

const EXPORT_COLUMNS: ExportColumn[] = [
  { header: 'Scheduled', value: (r) => readable.text(r.scheduled), width: 18 },
  { header: 'Plan', value: (r) => readable.text(r.project_title), width: 28 },
  { header: 'Platform', value: (r) => readable.text(r.platform), width: 12 },
  { header: 'Status', value: (r) => readable.text(r.status), width: 18 },
  { header: 'Assignee', value: (r) => readable.text(r.assignee_name), width: 22 },
  { header: 'Caption', value: (r) => readable.text(r.caption), width: 60 },
];

/** GET content-items/export-all: the list's filters, search and order through the tables' export stream. */
export function contentExport(
  query: z.output<typeof contentExportQuerySchema>,
  viewer: ContentViewer,
  timeZone: string,
): ExportSpec {
  return {
    name: 'content-items',
    format: query.format,
    columns: EXPORT_COLUMNS,
    query: sql`select p.title as project_title, ci.platform, ci.status, ac.name as assignee_name, ci.caption,
        to_char(ci.scheduled_at at time zone ${timeZone}, 'MM/DD/YYYY HH24:MI') as scheduled
      from ${from} where ${contentConditions(query, viewer, timeZone)}
      order by ${contentOrder(query.sort)} ${exportPage(query.page)}`,
  };
}
