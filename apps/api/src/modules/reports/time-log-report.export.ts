import type { timeLogReportExportQuerySchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal } from '../../http/access';
import { maySeeMoney } from '../administration';
import { type ExportColumn, type ExportSpec, exportPage, readable } from '../tables/export-stream';
import { reportRowOrder, reportRowSortJoins, timeLogReportSelection } from './time-log-report.selection';

type Query = z.output<typeof timeLogReportExportQuerySchema>;

const CATEGORY_LABELS: Record<string, string> = {
  billable: 'Billable',
  'non-billable': 'Non-billable',
  'sgm-non-billable': 'SGM non-billable',
};

/** The report table's columns (web features/reports/TimelogReportTable.tsx), readable, plus what its cells stack. */
const REPORT_COLUMNS: ExportColumn[] = [
  { header: 'Date', value: (r) => readable.date(r.date), width: 12 },
  { header: 'Person', value: (r) => readable.text(r.user_name), width: 24 },
  { header: 'Plan', value: (r) => readable.text(r.project_title), width: 30 },
  { header: 'Client', value: (r) => readable.text(r.customer_name), width: 28 },
  { header: 'Plan type', value: (r) => (r.project_title ? readable.status(r.project_type) : null), width: 12 },
  { header: 'Source', value: (r) => (r.task_id === null ? 'Request' : 'Task'), width: 10 },
  { header: 'Task / request', value: (r) => readable.text(r.source_title), width: 40 },
  { header: 'Category', value: (r) => CATEGORY_LABELS[String(r.category)] ?? readable.text(r.category), width: 16 },
  { header: 'Description', value: (r) => readable.text(r.description), width: 40 },
  { header: 'Time', value: (r) => readable.hours(r.minutes), width: 8 },
  // The same time as a number, so a spreadsheet can sum it.
  { header: 'Minutes', value: (r) => readable.number(r.minutes), width: 9 },
  { header: 'Status', value: (r) => readable.status(r.status), width: 11 },
  { header: 'Missed day', value: (r) => (r.missed ? 'Yes' : 'No'), width: 11 },
];

/** The amount in dollars with two decimals (next to Minutes, which sums); for those who may see money. */
const AMOUNT_COLUMN: ExportColumn = {
  header: 'Amount (USD)',
  value: (r) => (Number(r.amount_cents) / 100).toFixed(2),
  width: 13,
};

/**
 * GET reports/time-logs/export-all: exactly the report's logs — its selection (window, freelancer scope, every
 * filter) and its order — with the names joined per row, streamed from the export cursor.
 */
export function timeLogReportExport(query: Query, viewer: Principal, timeZone: string, now = new Date()): ExportSpec {
  const { ctes, rows } = timeLogReportSelection(query, viewer, timeZone, now);
  return {
    name: 'timelog-report',
    format: query.format,
    columns: maySeeMoney(viewer) ? [...REPORT_COLUMNS, AMOUNT_COLUMN] : REPORT_COLUMNS,
    query: sql`
      with ${ctes}
      select r.date::text as date, r.minutes, r.category, r.missed, r.task_id, r.amount_cents, tl.description, tl.status,
             uc.name as user_name, pp.title as project_title, coalesce(ppt.project_type, 'others') as project_type,
             cu.business_name as customer_name, coalesce(t.title, rq.subject) as source_title
      from (${rows}) r
      ${reportRowSortJoins(query)}
      join time_logs tl on tl.id = r.id
      join contacts uc on uc.user_id = r.user_id
      left join tasks t on t.id = r.task_id
      left join requests rq on rq.id = tl.request_id
      left join projects pp on pp.id = r.project_id
      left join plan_types ppt on ppt.id = pp.plan_type_id
      left join customers cu on cu.id = pp.customer_id
      order by ${reportRowOrder(query)}
      ${exportPage(query.page)}`,
  };
}
