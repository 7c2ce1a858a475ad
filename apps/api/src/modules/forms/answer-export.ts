import type { answerExportQuerySchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type ExportColumn, type ExportSpec, exportPage, readable } from '../tables/export-stream';
import { answerListConditions, answerListOrder } from './answer-queries';

/** The submissions table's columns (web /forms/submissions), readable. */
const ANSWER_COLUMNS: ExportColumn[] = [
  { header: 'Form', value: (r) => readable.text(r.form_name), width: 28 },
  { header: 'Version', value: (r) => readable.number(r.version_number), width: 8 },
  { header: 'Client', value: (r) => readable.text(r.business_name), width: 28 },
  { header: 'Submitted by', value: (r) => readable.text(r.submitter_name ?? 'Share link'), width: 24 },
  { header: 'Completion', value: (r) => readable.text(`${r.completion}%`), width: 10 },
  { header: 'Submitted', value: (r) => readable.text(r.created), width: 18 },
];

/** GET answers/export-all: GET answers' filters, search and order through the tables' export stream. */
export function answerExport(query: z.output<typeof answerExportQuerySchema>, timeZone: string): ExportSpec {
  const conditions = answerListConditions(query, timeZone);
  return {
    name: 'form-answers',
    format: query.format,
    columns: ANSWER_COLUMNS,
    query: sql`
      select f.name as form_name, v.number as version_number, c.business_name,
        (select sc.name from contacts sc where sc.user_id = a.submitted_by_id limit 1) as submitter_name,
        a.completion, to_char(a.created_at at time zone ${timeZone}, 'MM/DD/YYYY HH24:MI') as created
      from form_answers a
        join forms f on f.id = a.form_id
        join form_versions v on v.id = a.form_version_id
        left join customers c on c.id = a.customer_id
      ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by ${answerListOrder(query.sort)}
      ${exportPage(query.page)}`,
  };
}
