import type { contactBulkDeleteSchema, contactBulkUpdateSchema, contactExportQuerySchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/access';
import { deleteContact, updateContact } from '../contacts/contact-commands';
import { contactListConditions, contactListOrder } from '../contacts/contact-queries';
import type { BulkRowWrite } from './bulk-runner';
import { type ExportColumn, type ExportSpec, exportPage, readable } from './export-stream';
import { BULK_LIMIT, selectListed, tickedIds } from './selection';

type BulkInput = z.output<typeof contactBulkDeleteSchema>;
type Status = z.output<typeof contactBulkUpdateSchema>['data']['status'];

/** The contacts a bulk call is about: the ticked ids, or GET contacts' rows (`_all`). */
export async function selectContacts(ctx: AppContext, input: BulkInput): Promise<string[]> {
  const { ids, _all, search_term: term, ...filters } = input.filters;
  if (!_all && ids) {
    return tickedIds(ids);
  }
  const where = contactListConditions({ filters, search_term: term ?? input.search_term });
  return selectListed(ctx.db, sql`select c.uuid from contacts c where ${where} order by c.id ${BULK_LIMIT}`);
}

/**
 * PUT contacts/{uuid} {status} for one row: CONTACTS_UPDATE, the same managing rules, and the person's sessions
 * end in the row's transaction when their status changes, as that route does.
 */
export function updateContactStatus(ctx: AppContext, actor: Principal, status: Status): BulkRowWrite {
  return async (row, uuid) => {
    const data = await updateContact({ ...ctx, db: row.db }, actor, uuid, { status });
    const payload = { name: data.name, fields: ['status'] };
    return [{ model: 'contact', action: 'updated', id: data.uuid, actorId: actor.userId, payload }];
  };
}

/** DELETE contacts/{uuid} for one row: never oneself; the login is deactivated and signed out. */
export function deleteOneContact(ctx: AppContext, actor: Principal): BulkRowWrite {
  return async (row, uuid) => {
    await deleteContact({ ...ctx, db: row.db }, actor, uuid);
    return [{ model: 'contact', action: 'deleted', id: uuid, actorId: actor.userId }];
  };
}

const TYPE_LABELS: Record<string, string> = {
  regular_user: 'Staff',
  freelancer: 'Freelancer',
  contact: 'Client contact',
};

/** The people table's columns (web features/users/UsersPage.tsx and PeoplePage.tsx), readable. */
const CONTACT_COLUMNS: ExportColumn[] = [
  { header: 'Name', value: (r) => readable.text(r.name), width: 28 },
  { header: 'Job title', value: (r) => readable.text(r.job_title), width: 20 },
  { header: 'E-mail', value: (r) => readable.text(r.email), width: 28 },
  { header: 'Phone', value: (r) => readable.text(r.phone), width: 16 },
  { header: 'Type', value: (r) => TYPE_LABELS[String(r.type)] ?? readable.text(r.type), width: 14 },
  { header: 'Clients', value: (r) => readable.text(r.customers), width: 30 },
  { header: 'Roles', value: (r) => readable.text(r.roles), width: 24 },
  { header: 'Status', value: (r) => readable.status(r.status), width: 10 },
  { header: 'Created', value: (r) => readable.text(r.created), width: 12 },
];

/** GET contacts/export-all: GET contacts' filters, search and order. */
export function contactExport(query: z.output<typeof contactExportQuerySchema>, timeZone: string): ExportSpec {
  return {
    name: 'contacts',
    format: query.format,
    columns: CONTACT_COLUMNS,
    query: sql`
      select c.name, c.job_title, c.email, c.phone, c.type, c.status,
        (select string_agg(cu.business_name, ', ' order by lower(cu.business_name))
          from contact_customers cc join customers cu on cu.id = cc.customer_id where cc.contact_id = c.id) as customers,
        (select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id
          where c.type <> 'contact' and ur.user_id = c.user_id) as roles,
        to_char(c.created_at at time zone ${timeZone}, 'MM/DD/YYYY') as created
      from contacts c
      where ${contactListConditions(query)}
      order by ${contactListOrder(query.sort)}
      ${exportPage(query.page)}`,
  };
}
