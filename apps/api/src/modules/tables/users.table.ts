import { EXPORT_MAX_ROWS, type userExportSchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { userListConditions, userListOrder } from '../users/user-list';
import { type ExportColumn, type ExportSpec, readable } from './export-stream';

const TYPE_LABELS: Record<string, string> = {
  regular_user: 'Staff',
  freelancer: 'Freelancer',
  contact: 'Client contact',
};

/** GET users' columns (the role and group member pickers, the Users screen), readable. */
const USER_COLUMNS: ExportColumn[] = [
  { header: 'Name', value: (r) => readable.text(r.name), width: 28 },
  { header: 'E-mail', value: (r) => readable.text(r.email), width: 32 },
  { header: 'Type', value: (r) => TYPE_LABELS[String(r.type)] ?? readable.text(r.type), width: 14 },
  { header: 'Status', value: (r) => readable.status(r.status), width: 10 },
  { header: 'Roles', value: (r) => readable.text(r.roles), width: 30 },
  { header: 'Created', value: (r) => readable.text(r.created), width: 12 },
];

/** POST users/bulk-operations/export: the ticked users, or GET users' rows with its filters (`_all`), in its order. */
export function userExport(body: z.output<typeof userExportSchema>, timeZone: string): ExportSpec {
  const { ids, _all, search_term: term, ...filters } = body.filters;
  const where =
    !_all && ids
      ? sql`u.uuid = any(${sql.param(ids)}::uuid[])`
      : userListConditions({ filters, search_term: term ?? body.search_term });
  return {
    format: body.format,
    columns: USER_COLUMNS,
    query: sql`
      select c.name, u.email, c.type, u.status,
        (select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id) as roles,
        to_char(u.created_at at time zone ${timeZone}, 'MM/DD/YYYY') as created
      from users u join contacts c on c.user_id = u.id
      where ${where}
      order by ${userListOrder(body.sort)}
      limit ${EXPORT_MAX_ROWS}`,
  };
}
