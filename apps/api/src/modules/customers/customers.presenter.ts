import type { ClientStatus, Customer, CustomerListItem, Upload } from '@portal/domain';
import type { customers } from '../../db/schema';

type CustomerRow = typeof customers.$inferSelect;
/** Client details (GET/PUT customers/{uuid}): every field of doc 1 §3, named one by one. */
export function presentCustomer(row: CustomerRow, files: Upload[]): Customer {
  return {
    uuid: row.uuid,
    business_name: row.businessName,
    status: row.status as ClientStatus,
    abbreviation: row.abbreviation,
    phone: row.phone,
    email: row.email,
    website: row.website,
    dashboard_link_1: row.dashboardLink1,
    dashboard_link_2: row.dashboardLink2,
    notes: row.notes,
    notes_delta: row.notesDelta ?? null,
    uploads: files,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type CustomerListRow = Pick<
  CustomerRow,
  'uuid' | 'businessName' | 'status' | 'abbreviation' | 'phone' | 'email' | 'website' | 'createdAt'
> & { plansCount: number; contactsCount: number };

export function presentCustomerListItem(row: CustomerListRow): CustomerListItem {
  return {
    uuid: row.uuid,
    business_name: row.businessName,
    status: row.status as ClientStatus,
    abbreviation: row.abbreviation,
    phone: row.phone,
    email: row.email,
    website: row.website,
    plans_count: row.plansCount,
    contacts_count: row.contactsCount,
    created_at: row.createdAt.toISOString(),
  };
}
