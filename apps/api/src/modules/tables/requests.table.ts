import type { RequestBulkEdit, requestBulkDeleteSchema, requestExportQuerySchema } from '@portal/domain';
import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { requests } from '../../db/schema';
import { NO_OUTGOING } from '../notifications/notify';
import { editRequests } from '../requests/bulk-edit-requests';
import { deleteDraft } from '../requests/delete-draft';
import type { Viewer } from '../requests/request-access';
import { describeRequest, requestEvent } from '../requests/request-events';
import { listConditions, orderFor, type RequestListQuery } from '../requests/request-list.query';
import type { BulkBatchWrite, BulkRowWrite } from './bulk-runner';
import { type ExportColumn, type ExportSpec, exportPage, readable } from './export-stream';
import { BULK_LIMIT, selectListed, tickedIds } from './selection';

type BulkInput = z.output<typeof requestBulkDeleteSchema>;

/** GET requests' conditions (its defaults included) for a bulk call's `_all` and the list's extra parameters. */
function bulkConditions(input: BulkInput, viewer: Viewer) {
  const { ids: _ids, _all: _everything, search_term: term, ...filters } = input.filters;
  // listConditions reads only the filters, project_type, user.uuid and search_term of the list's query.
  const query = {
    filters,
    project_type: input.project_type,
    'user.uuid': input['user.uuid'],
    search_term: term ?? input.search_term,
  } as RequestListQuery;
  const { base, temperatures } = listConditions(query, viewer);
  return and(...base, temperatures.length ? inArray(requests.temperature, temperatures) : undefined);
}

/** The requests a bulk call is about: the ticked ids, or the list as the caller sees it (`_all`). */
export async function selectRequests(ctx: AppContext, input: BulkInput, viewer: Viewer): Promise<string[]> {
  if (!input.filters._all && input.filters.ids) {
    return tickedIds(input.filters.ids);
  }
  return selectListed(
    ctx.db,
    sql`select ${requests.uuid} as uuid from ${requests} where ${bulkConditions(input, viewer)} order by ${requests.id} ${BULK_LIMIT}`,
  );
}

/**
 * The bulk edit (status, delivery date, responsibles added and removed) as PUT requests/{uuid} would make it, set-wise
 * (editRequests); notifications follow from the committed events (request-notifications.ts), as after PUT.
 */
export function editSelectedRequests(
  ctx: AppContext,
  viewer: Viewer,
  edit: RequestBulkEdit,
): { batch: BulkBatchWrite } {
  return {
    batch: async (tx, uuids) => ({
      ...(await editRequests(tx, uuids, edit, viewer, ctx.config.agencyTimeZone, ctx.storage)),
      outgoing: NO_OUTGOING,
    }),
  };
}

/** DELETE requests/{uuid}: only drafts are discarded; others report 'Only drafts can be discarded' as that call does. */
export function deleteOneRequest(viewer: Viewer): BulkRowWrite {
  return async (row, uuid) => {
    const described = await describeRequest(row.db, { uuid });
    await deleteDraft(row.db, uuid, viewer);
    return described ? [requestEvent(described, 'deleted', viewer.userId, null)] : [];
  };
}

/** Doc 2 §4: new is shown as "In preparation". */
const requestStatus = (value: unknown) => (value === 'new' ? 'In preparation' : readable.status(value));

/** The requests table's columns (web features/requests/list/RequestTable.tsx), readable. */
const REQUEST_COLUMNS: ExportColumn[] = [
  { header: 'Request', value: (r) => readable.text(r.subject), width: 40 },
  { header: 'Requester', value: (r) => readable.text(r.requester), width: 20 },
  { header: 'Hours', value: (r) => readable.hours(r.total_time), width: 8 },
  { header: 'Status', value: (r) => requestStatus(r.status), width: 16 },
  { header: 'Created', value: (r) => readable.text(r.created), width: 12 },
  { header: 'Latest comment', value: (r) => readable.text(r.latest_comment), width: 40 },
  { header: 'Responsible', value: (r) => readable.text(r.responsibles), width: 24 },
  { header: 'Project', value: (r) => readable.text(r.project), width: 30 },
  { header: 'Delivery', value: (r) => readable.date(r.target_date), width: 12 },
];

/** GET requests/export-all: GET requests' filters (and defaults), search and order over what the caller may see. */
export function requestExport(
  query: z.output<typeof requestExportQuerySchema>,
  viewer: Viewer,
  timeZone: string,
): ExportSpec {
  const { base, temperatures } = listConditions(query as unknown as RequestListQuery, viewer);
  const where = and(...base, temperatures.length ? inArray(requests.temperature, temperatures) : undefined);
  const order = sql.join(orderFor(query.sort as RequestListQuery['sort']), sql`, `);
  return {
    name: 'requests',
    format: query.format,
    columns: REQUEST_COLUMNS,
    query: sql`
      select ${requests.subject} as subject, rc.name as requester,
        ${requests.timeSpent} + ${requests.tasksTimeSpent} as total_time, ${requests.status} as status,
        to_char(${requests.createdAt} at time zone ${timeZone}, 'MM/DD/YYYY') as created,
        (select left(cm.text, 500) from comments cm
          where cm.commentable_type = 'request' and cm.commentable_id = ${requests.id} and cm.deleted_at is null
            and cm.type = 'comment' and cm.created_at <= now()
          order by cm.created_at desc, cm.id desc limit 1) as latest_comment,
        (select string_agg(c.name, ', ' order by c.name) from request_users ru join contacts c on c.user_id = ru.user_id
          where ru.request_id = ${requests.id} and ru.pivot = 'responsible') as responsibles,
        p.title as project, ${requests.targetDate}::text as target_date
      from ${requests}
      left join projects p on p.id = ${requests.projectId}
      left join contacts rc on rc.user_id = ${requests.requesterId}
      where ${where ?? sql`true`}
      order by ${order}
      ${exportPage(query.page)}`,
  };
}
