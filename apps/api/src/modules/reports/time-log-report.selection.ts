import {
  type ReportWindow,
  type TIME_LOG_REPORT_SORTS,
  type TimerStatus,
  WEEKLY_MINUTES_THRESHOLDS,
} from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../http/access';
import { logAmountSql } from '../administration';
import { missedDaysCte, peopleCte } from './missed-days';
import {
  logCategory,
  logConditions,
  logJoins,
  ownScope,
  type ReportFilters,
  reportWindow,
  textArray,
  today,
} from './report-scope';

/** What decides which logs the timelog report holds: every filter of GET reports/time-logs, without its page. */
export type TimeLogReportSelectionQuery = ReportFilters & {
  date_from?: string;
  date_to?: string;
  project_uuid?: string;
  user_uuid?: string;
  missed_only?: boolean;
  status?: TimerStatus[];
  sort?: { by?: (typeof TIME_LOG_REPORT_SORTS)[number]; direction?: 'asc' | 'desc' };
};

export type TimeLogReportSelection = {
  window: ReportWindow;
  /** The `people` and `missed` CTEs the rows read (to follow `with`). */
  ctes: SQL;
  /**
   * The report's logs, one row each: id (the time log's), date, minutes, user_id, task_id, category (the plan's
   * default when the log has none), project_id, missed, amount_cents (priced at the applicable hourly rate). Read
   * it as `rows` after the CTEs.
   */
  rows: SQL;
};

/**
 * The timelog report's rows: the window, the freelancer's own scope, every filter (plan, person, user type, plan
 * type, source, category, status — completed by default — and missed_only). GET reports/time-logs totals these rows
 * and GET reports/time-logs/export-all streams them, so the file and the report cannot disagree.
 */
export function timeLogReportSelection(
  query: TimeLogReportSelectionQuery,
  viewer: Principal,
  timeZone: string,
  now = new Date(),
): TimeLogReportSelection {
  const window = reportWindow(query, timeZone, now);
  const scopeUserId = ownScope(viewer, query.user_uuid);
  const conditions = logConditions(viewer, query, scopeUserId);
  conditions.push(sql`l.status = any(${textArray(query.status?.length ? query.status : ['completed'])})`);
  if (query.project_uuid) {
    conditions.push(sql`p.uuid = ${query.project_uuid}`);
  }
  if (query.user_uuid) {
    conditions.push(sql`l.user_id = (select fu.id from users fu where fu.uuid = ${query.user_uuid})`);
  }
  const people = peopleCte({ userTypes: query.user_type, scopeUserId, userUuid: query.user_uuid });
  const missed = missedDaysCte(window, today(timeZone, now), WEEKLY_MINUTES_THRESHOLDS);
  return {
    window,
    ctes: sql`${people}, ${missed}`,
    rows: sql`
      select l.time_log_id as id, l.date, l.minutes, l.user_id, l.task_id, ${logCategory} as category,
             l.project_id, (m.user_id is not null) as missed,
             ${logAmountSql(sql`l.minutes`, sql`l.project_id`, logCategory)} as amount_cents
      from report_time_logs l ${logJoins}
      left join missed m on m.user_id = l.user_id and m.day = l.date
      where l.date between ${window.date_from}::date and ${window.date_to}::date and ${sql.join(conditions, sql` and `)}
        ${query.missed_only ? sql`and m.user_id is not null` : sql``}`,
  };
}

/** The report's order over its rows `r` (newest first by default); a sort by person or plan needs sortJoins. */
export function reportRowOrder(query: Pick<TimeLogReportSelectionQuery, 'sort'>): SQL {
  const dir = query.sort?.direction === 'asc' ? sql`asc` : sql`desc`;
  switch (query.sort?.by) {
    case 'minutes':
      return sql`r.minutes ${dir}, r.date desc, r.id desc`;
    case 'user':
      return sql`sc.name ${dir}, r.date desc, r.id desc`;
    case 'project':
      return sql`sp.title ${dir} nulls last, r.date desc, r.id desc`;
    default:
      return query.sort?.direction === 'asc' ? sql`r.date asc, r.id asc` : sql`r.date desc, r.id desc`;
  }
}

/** Only a sort by person or plan joins their names before the page is cut; the default sort joins nothing. */
export function reportRowSortJoins(query: Pick<TimeLogReportSelectionQuery, 'sort'>): SQL {
  switch (query.sort?.by) {
    case 'user':
      return sql`join contacts sc on sc.user_id = r.user_id`;
    case 'project':
      return sql`left join projects sp on sp.id = r.project_id`;
    default:
      return sql``;
  }
}
