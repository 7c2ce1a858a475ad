import type { TaskBulkEdit, taskBulkDeleteSchema, taskBulkUpdateSchema, taskExportQuerySchema } from '@portal/domain';
import { and, ilike, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { tasks } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { containsPattern } from '../../http/list-paging';
import { editTasks } from '../tasks/bulk-edit-tasks';
import { findVisibleTask, type Viewer, visibleTasks } from '../tasks/task-access';
import { describeTask, taskEvents } from '../tasks/task-events';
import { filterConditions, orderFor } from '../tasks/task-list.query';
import { deleteTask } from '../tasks/update-task';
import type { BulkBatchWrite, BulkRowWrite } from './bulk-runner';
import { type ExportColumn, type ExportSpec, exportPage, readable } from './export-stream';
import { BULK_LIMIT, selectListed, selectUuids, tickedIds } from './selection';

type Selection = z.output<typeof taskBulkUpdateSchema>['filters'];
type BulkInput = z.output<typeof taskBulkDeleteSchema>;

/** GET tasks' conditions for a query's filters and search term (task-list.query.ts builds the same list). */
function listConditions(
  filters: Selection | NonNullable<z.output<typeof taskExportQuerySchema>['filters']>,
  searchTerm: string | undefined,
  timeZone: string,
) {
  const { ids: _ids, _all: _everything, search_term: _term, ...listFilters } = filters as Selection;
  const conditions: SQL[] = filterConditions(listFilters, timeZone);
  if (searchTerm) {
    conditions.push(ilike(tasks.title, containsPattern(searchTerm)));
  }
  return conditions;
}

/**
 * The tasks a bulk call is about, subtasks first: completing a parent is refused while its subtasks are open, so a
 * selection holding both completes them in the order the single-row rule allows. Ticked ids are all attempted
 * (an unknown or hidden one fails as its single-row call would, 'not found'); `_all` is the list as the caller sees it.
 */
export async function selectTasks(ctx: AppContext, input: BulkInput, viewer: Viewer): Promise<string[]> {
  const { filters } = input;
  if (!filters._all && filters.ids) {
    const ids = tickedIds(filters.ids);
    const ordered = await selectUuids(
      ctx.db,
      sql`select uuid from tasks where uuid = any(${sql.param(ids)}::uuid[]) order by (parent_id is null), id`,
    );
    const known = new Set(ordered);
    return [...ordered, ...ids.filter((id) => !known.has(id))];
  }
  const conditions = listConditions(filters, filters.search_term ?? input.search_term, ctx.config.agencyTimeZone);
  return selectListed(
    ctx.db,
    sql`select ${tasks.uuid} as uuid from ${tasks} where ${and(visibleTasks(viewer), ...conditions)}
      order by (${tasks.parentId} is null), ${tasks.id} ${BULK_LIMIT}`,
  );
}

/**
 * PUT tasks/{uuid} with the edit's fields for every selected row, set-wise (editTasks applies that route's rules,
 * history, notifications and events to a whole batch in a few statements).
 */
export function editSelectedTasks(viewer: Viewer, edit: TaskBulkEdit): { batch: BulkBatchWrite } {
  return { batch: (tx, uuids) => editTasks(tx, uuids, edit, viewer) };
}

/** DELETE tasks/{uuid} for one row. */
export function deleteOneTask(viewer: Viewer): BulkRowWrite {
  return async (row, uuid) => {
    const found = await findVisibleTask(row.db, uuid, viewer);
    const described = await describeTask(row.db, found.id);
    const emitted: DomainEvent[] = [];
    await deleteTask(row.db, uuid, viewer, (event) => emitted.push(event));
    return [...emitted, ...(described ? taskEvents(described, 'deleted', viewer.userId, null) : [])];
  };
}

const PRIORITIES = ['Low', 'Medium', 'High'];

/** The tasks table's columns (web features/tasks/TaskTable.tsx), readable. */
const TASK_COLUMNS: ExportColumn[] = [
  { header: 'Title', value: (r) => readable.text(r.title), width: 40 },
  { header: 'Plan', value: (r) => readable.text(r.plan), width: 30 },
  { header: 'Status', value: (r) => readable.status(r.status) },
  { header: 'Priority', value: (r) => PRIORITIES[Number(r.priority)] ?? null, width: 10 },
  { header: 'Start date', value: (r) => readable.date(r.start_date), width: 12 },
  { header: 'Due date', value: (r) => readable.date(r.end_date), width: 12 },
  { header: 'Assignees', value: (r) => readable.text(r.responsibles), width: 30 },
  { header: 'Tags', value: (r) => readable.text(r.tags), width: 20 },
  { header: 'Created by', value: (r) => readable.text(r.creator), width: 20 },
  { header: 'Created', value: (r) => readable.text(r.created), width: 12 },
];

/** GET tasks/export-all: GET tasks' filters, search and order over what the caller may see. */
export function taskExport(
  query: z.output<typeof taskExportQuerySchema>,
  viewer: Viewer,
  timeZone: string,
): ExportSpec {
  const conditions = listConditions(query.filters ?? {}, query.search_term, timeZone);
  const order = sql.join(orderFor(query.sort), sql`, `);
  return {
    name: 'tasks',
    format: query.format,
    columns: TASK_COLUMNS,
    query: sql`
      select ${tasks.title} as title, p.title as plan, ${tasks.status} as status, ${tasks.priority} as priority,
        ${tasks.startDate}::text as start_date, ${tasks.endDate}::text as end_date,
        (select string_agg(c.name, ', ' order by c.name) from task_users tu join contacts c on c.user_id = tu.user_id
          where tu.task_id = ${tasks.id} and tu.pivot = 'responsible') as responsibles,
        (select string_agg(tg.name, ', ' order by tg.name) from task_tags tt join tags tg on tg.id = tt.tag_id
          where tt.task_id = ${tasks.id}) as tags,
        (select cc.name from contacts cc where cc.user_id = ${tasks.creatorId}) as creator,
        to_char(${tasks.createdAt} at time zone ${timeZone}, 'MM/DD/YYYY') as created
      from ${tasks} join projects p on p.id = ${tasks.projectId}
      where ${and(visibleTasks(viewer), ...conditions)}
      order by ${order}
      ${exportPage(query.page)}`,
  };
}
