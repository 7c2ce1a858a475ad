import type { customerBulkDeleteSchema, customerBulkUpdateSchema, customerExportQuerySchema } from '@portal/domain';
import { and, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { customers } from '../../db/schema';
import { customerListConditions, customerListOrder } from '../customers/customer-list.query';
import { deleteCustomer, updateCustomer } from '../customers/customers.service';
import type { BulkRowWrite } from './bulk-runner';
import { type ExportColumn, type ExportSpec, exportPage, readable } from './export-stream';
import { BULK_LIMIT, selectListed, tickedIds } from './selection';

type BulkInput = z.output<typeof customerBulkDeleteSchema>;
type Status = z.output<typeof customerBulkUpdateSchema>['data']['status'];

/** The clients a bulk call is about: the ticked ids, or GET customers' rows (`_all`). */
export async function selectCustomers(ctx: AppContext, input: BulkInput): Promise<string[]> {
  const { ids, _all, search_term: term, ...filters } = input.filters;
  if (!_all && ids) {
    return tickedIds(ids);
  }
  const conditions = customerListConditions({ filters, search_term: term ?? input.search_term });
  return selectListed(
    ctx.db,
    sql`select ${customers.uuid} as uuid from ${customers} where ${and(...conditions) ?? sql`true`}
      order by ${customers.id} ${BULK_LIMIT}`,
  );
}

/** PUT customers/{uuid} {status} for one row, announced as that route does (the audit trail listens). */
export function updateCustomerStatus(ctx: AppContext, actorId: number, status: Status): BulkRowWrite {
  return async (row, uuid) => {
    const data = await updateCustomer(row.db, uuid, { status }, { userId: actorId, storage: ctx.storage });
    const payload = { name: data.business_name, fields: ['status'] };
    return [{ model: 'customer', action: 'updated', id: data.uuid, actorId, payload }];
  };
}

/** DELETE customers/{uuid} for one row: a client with plans is kept and reported. */
export function deleteOneCustomer(actorId: number): BulkRowWrite {
  return async (row, uuid) => {
    await deleteCustomer(row.db, uuid);
    return [{ model: 'customer', action: 'deleted', id: uuid, actorId }];
  };
}

/** The clients table's columns (web features/clients/CustomersPage.tsx), readable. */
const CUSTOMER_COLUMNS: ExportColumn[] = [
  { header: 'Company Name', value: (r) => readable.text(r.business_name), width: 32 },
  { header: 'Abbreviation', value: (r) => readable.text(r.abbreviation), width: 12 },
  { header: 'Status', value: (r) => readable.status(r.status), width: 10 },
  { header: 'E-mail', value: (r) => readable.text(r.email), width: 28 },
  { header: 'Phone', value: (r) => readable.text(r.phone), width: 16 },
  { header: 'Website', value: (r) => readable.text(r.website), width: 28 },
  { header: 'Plans', value: (r) => readable.number(r.plans_count), width: 8 },
  { header: 'Contacts', value: (r) => readable.number(r.contacts_count), width: 8 },
  { header: 'Created', value: (r) => readable.text(r.created), width: 12 },
];

/** GET customers/export-all: GET customers' filters, search and order. */
export function customerExport(query: z.output<typeof customerExportQuerySchema>, timeZone: string): ExportSpec {
  const conditions = customerListConditions(query);
  return {
    name: 'customers',
    format: query.format,
    columns: CUSTOMER_COLUMNS,
    query: sql`
      select ${customers.businessName} as business_name, ${customers.abbreviation} as abbreviation,
        ${customers.status} as status, ${customers.email} as email, ${customers.phone} as phone,
        ${customers.website} as website,
        (select count(*)::int from projects p where p.customer_id = ${customers.id}) as plans_count,
        (select count(*)::int from contact_customers cc where cc.customer_id = ${customers.id}) as contacts_count,
        to_char(${customers.createdAt} at time zone ${timeZone}, 'MM/DD/YYYY') as created
      from ${customers}
      where ${and(...conditions) ?? sql`true`}
      order by ${sql.join(customerListOrder(query.sort), sql`, `)}
      ${exportPage(query.page)}`,
  };
}
