import { EXPORT_MAX_ROWS, type userExportSchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { contactListConditions, contactListOrder } from '../contacts/contact-queries';
import { type ExportColumn, type ExportSpec, readable } from './export-stream';

const TYPE_LABELS: Record<string, string> = {
  regular_user: 'Staff',
  freelancer: 'Freelancer',
  contact: 'Client contact',
};

/** The Users screen's columns (web features/users/UsersPage.tsx), readable, plus what its row links open. */
const USER_COLUMNS: ExportColumn[] = [
  { header: 'Name', value: (r) => readable.text(r.name), width: 28 },
  { header: 'E-mail', value: (r) => readable.text(r.email), width: 32 },
  { header: 'Type', value: (r) => TYPE_LABELS[String(r.type)] ?? readable.text(r.type), width: 14 },
  { header: 'Clients', value: (r) => readable.text(r.customers), width: 30 },
  { header: 'Roles', value: (r) => readable.text(r.roles), width: 30 },
  { header: 'Status', value: (r) => readable.status(r.status), width: 10 },
  { header: 'Job title', value: (r) => readable.text(r.job_title), width: 20 },
  { header: 'Phone', value: (r) => readable.text(r.phone), width: 16 },
  { header: 'Created', value: (r) => readable.text(r.created), width: 12 },
];

/**
 * POST users/bulk-operations/export: the Users screen's rows — GET contacts' conditions and order, so `_all` with
 * the screen's filters and search holds exactly what the screen lists (people without a login included) — or the
 * ticked ones.
 */
export function userExport(body: z.output<typeof userExportSchema>, timeZone: string): ExportSpec {
  const { ids, _all, search_term: term, ...filters } = body.filters;
  const where =
    !_all && ids
      ? sql`c.uuid = any(${sql.param(ids)}::uuid[])`
      : contactListConditions({ filters, search_term: term ?? body.search_term });
  return {
    name: 'users',
    format: body.format,
    columns: USER_COLUMNS,
    query: sql`
      select c.name, c.email, c.type, c.status, c.job_title, c.phone,
        (select string_agg(cu.business_name, ', ' order by lower(cu.business_name))
          from contact_customers cc join customers cu on cu.id = cc.customer_id where cc.contact_id = c.id) as customers,
        (select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
          where c.type <> 'contact' and ur.user_id = c.user_id) as roles,
        to_char(c.created_at at time zone ${timeZone}, 'MM/DD/YYYY') as created
      from contacts c
      where ${where}
      order by ${contactListOrder(body.sort)}
      limit ${EXPORT_MAX_ROWS}`,
  };
}
