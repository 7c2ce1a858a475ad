import type { timeLogBulkDeleteSchema, timeLogBulkUpdateSchema, timeLogExportQuerySchema } from '@portal/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { timeLogs } from '../../db/schema';
import type { Principal } from '../../http/access';
import { deleteTimeLog, updateTimeLog } from '../time-logs/save-time-log';
import { describeTimeLog, timeLogEvents } from '../time-logs/time-log-events';
import { timeLogListConditions } from '../time-logs/time-log-list.query';
import type { BulkRowWrite } from './bulk-runner';
import { type ExportColumn, type ExportSpec, exportPage, readable } from './export-stream';
import { BULK_LIMIT, selectListed, tickedIds } from './selection';

type BulkInput = z.output<typeof timeLogBulkDeleteSchema>;
type Status = z.output<typeof timeLogBulkUpdateSchema>['data']['status'];

/** The joins GET time-log's conditions read: the log's user (filters[user.uuid]) and task (visibility). */
const listFrom = (select: SQL) => sql`${select} from ${timeLogs}
  join users on users.id = ${timeLogs.userId}
  left join tasks on tasks.id = ${timeLogs.taskId}`;

/** The logs a bulk call is about: the ticked ids, or GET time-log's rows as the caller sees them (`_all`). */
export async function selectTimeLogs(ctx: AppContext, input: BulkInput, viewer: Principal): Promise<string[]> {
  const { ids, _all, search_term: _term, ...filters } = input.filters;
  if (!_all && ids) {
    return tickedIds(ids);
  }
  return selectListed(
    ctx.db,
    sql`${listFrom(sql`select ${timeLogs.uuid} as uuid`)} where ${and(...timeLogListConditions(filters, viewer))}
      order by ${timeLogs.id} ${BULK_LIMIT}`,
  );
}

/** PUT time-log/{uuid} {status} for one row: the timer transition rules, freelancers refused as there. */
export function updateTimeLogStatus(ctx: AppContext, viewer: Principal, status: Status): BulkRowWrite {
  return async (row, uuid) => {
    await updateTimeLog(row.db, uuid, { status }, viewer, ctx.config.agencyTimeZone);
    const log = await describeTimeLog(row.db, uuid);
    return log ? timeLogEvents(log, 'updated', viewer.userId, null) : [];
  };
}

/** DELETE time-log/{uuid} for one row. */
export function deleteOneTimeLog(viewer: Principal): BulkRowWrite {
  return async (row, uuid) => {
    const log = await describeTimeLog(row.db, uuid);
    await deleteTimeLog(row.db, uuid, viewer);
    return log ? timeLogEvents(log, 'deleted', viewer.userId, null) : [];
  };
}

/** A time log's table columns (web features/timelogs), readable. */
const TIME_LOG_COLUMNS: ExportColumn[] = [
  { header: 'Date', value: (r) => readable.date(r.date), width: 12 },
  { header: 'User', value: (r) => readable.text(r.user_name), width: 24 },
  { header: 'Task / Request', value: (r) => readable.text(r.source_title), width: 40 },
  { header: 'Plan', value: (r) => readable.text(r.plan), width: 30 },
  { header: 'Comment', value: (r) => readable.text(r.description), width: 40 },
  { header: 'Tracked', value: (r) => readable.hours(r.minutes), width: 8 },
  { header: 'Status', value: (r) => readable.status(r.status), width: 12 },
  { header: 'Created At', value: (r) => readable.text(r.created), width: 18 },
];

/** GET time-log/export-all: GET time-log's filters over what the caller may read, newest date first. */
export function timeLogExport(
  query: z.output<typeof timeLogExportQuerySchema>,
  viewer: Principal,
  timeZone: string,
): ExportSpec {
  const conditions = timeLogListConditions(query.filters ?? {}, viewer);
  return {
    name: 'time-log',
    format: query.format,
    columns: TIME_LOG_COLUMNS,
    query: sql`${listFrom(sql`
      select ${timeLogs.date}::text as date, uc.name as user_name, coalesce(tasks.title, rq.subject) as source_title,
        p.title as plan, ${timeLogs.description} as description, ${timeLogs.minutes} as minutes,
        ${timeLogs.status} as status,
        to_char(${timeLogs.createdAt} at time zone ${timeZone}, 'MM/DD/YYYY HH12:MI AM') as created`)}
      left join contacts uc on uc.user_id = ${timeLogs.userId}
      left join requests rq on rq.id = ${timeLogs.requestId}
      left join projects p on p.id = coalesce(tasks.project_id, rq.project_id)
      where ${and(...conditions)}
      order by ${timeLogs.date} desc, ${timeLogs.id} desc
      ${exportPage(query.page)}`,
  };
}
