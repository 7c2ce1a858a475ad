import type { GeneralReport, generalReportQuerySchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Principal } from '../../http/access';
import { logConditions, logJoins, ownScope, textArray } from './report-scope';

type Query = z.output<typeof generalReportQuerySchema>;

/**
 * GET projects/time-log/general-report: minutes logged on requests and on tasks with the given statuses (default
 * completed), over every visible log or the given range, plan and person; a freelancer's own time only.
 */
export async function getGeneralReport(db: Database, query: Query, viewer: Principal): Promise<GeneralReport> {
  const conditions = logConditions(viewer, {}, ownScope(viewer, query.user_uuid));
  const statuses = query.filters?.status?.length ? query.filters.status : ['completed'];
  conditions.push(sql`l.status = any(${textArray(statuses)})`);
  if (query.date_from) {
    conditions.push(sql`l.date >= ${query.date_from}::date`);
  }
  if (query.date_to) {
    conditions.push(sql`l.date <= ${query.date_to}::date`);
  }
  if (query.project_uuid) {
    conditions.push(sql`p.uuid = ${query.project_uuid}`);
  }
  if (query.user_uuid) {
    conditions.push(sql`l.user_id = (select fu.id from users fu where fu.uuid = ${query.user_uuid})`);
  }
  const result = await db.execute<{ requests: number; tasks: number }>(sql`
    select coalesce(sum(l.minutes) filter (where l.task_id is null), 0)::int as requests,
           coalesce(sum(l.minutes) filter (where l.task_id is not null), 0)::int as tasks
    from report_time_logs l ${logJoins}
    where ${sql.join(conditions, sql` and `)}`);
  const row = result.rows[0];
  const requests = Number(row?.requests ?? 0);
  const tasks = Number(row?.tasks ?? 0);
  return { requests_total_time: requests, tasks_total_time: tasks, total_time: requests + tasks };
}
