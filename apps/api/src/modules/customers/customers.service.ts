import { type CustomerInput, type customerUpdateSchema, MESSAGES } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { customers, projects } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import { attachUploads, loadUploads } from '../uploads/attach-uploads';
import type { FileStorage } from '../uploads/storage';
import { presentCustomer } from './customers.presenter';

/** Who saves a client's notes images: the uploads must be theirs (modules/uploads/attach-uploads.ts). */
export type UploadActor = { userId: number; storage: FileStorage };

/** The database or a transaction of it: commands take either, so callers can compose them in one transaction. */

type CustomerUpdate = z.output<typeof customerUpdateSchema>;
type CustomerRow = typeof customers.$inferSelect;

/** Empty optional texts are stored as null, so "no phone" has one representation. */
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

function columnsFrom(input: CustomerUpdate) {
  return {
    businessName: input.business_name,
    status: input.status,
    abbreviation: blankToNull(input.abbreviation),
    phone: blankToNull(input.phone),
    email: blankToNull(input.email),
    website: blankToNull(input.website),
    dashboardLink1: blankToNull(input.dashboard_link_1),
    dashboardLink2: blankToNull(input.dashboard_link_2),
    notes: input.notes === undefined ? undefined : (input.notes ?? null),
    notesDelta: input.notes_delta === undefined ? undefined : (input.notes_delta ?? null),
  };
}

async function findCustomerRow(db: DbExecutor, uuid: string): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(eq(customers.uuid, uuid)).limit(1);
  if (!row) {
    throw notFound();
  }
  return row;
}

/** The notes reference their images by upload uuid; the set is replaced as a whole on each save. */
async function replaceUploads(db: DbExecutor, customerId: number, uploadUuids: string[], actor: UploadActor) {
  await attachUploads(db, {
    storage: actor.storage,
    uploadUuids,
    holder: { type: 'customer', id: customerId },
    actor,
    mode: 'replace',
  });
}

async function customerBody(db: DbExecutor, row: CustomerRow) {
  return presentCustomer(row, await loadUploads(db, { type: 'customer', id: row.id }));
}

export async function getCustomer(db: Database, uuid: string) {
  return customerBody(db, await findCustomerRow(db, uuid));
}

/** Creates a client (status active unless given); also used by plan creation for a new client typed by name. */
export async function insertCustomer(
  db: DbExecutor,
  input: CustomerInput,
  createdById: number | null,
  actor?: UploadActor,
) {
  const [row] = await db
    .insert(customers)
    .values({ ...columnsFrom(input), businessName: input.business_name.trim(), createdById })
    .returning();
  if (!row) {
    throw new Error('customer not created');
  }
  if (input.uploads?.length) {
    if (!actor) {
      throw validationError({ uploads: [MESSAGES.unknownReference] });
    }
    await replaceUploads(db, row.id, input.uploads, actor);
  }
  return row;
}

export async function createCustomer(db: Database, input: CustomerInput, actor: UploadActor) {
  return db.transaction(async (tx) => customerBody(tx, await insertCustomer(tx, input, actor.userId, actor)));
}

/** PUT customers/{uuid}: the modal autosaves the changed fields only, so absent fields stay as they are. */
export async function updateCustomer(db: Database, uuid: string, input: CustomerUpdate, actor: UploadActor) {
  return db.transaction(async (tx) => {
    const current = await findCustomerRow(tx, uuid);
    const changes = Object.fromEntries(Object.entries(columnsFrom(input)).filter(([, v]) => v !== undefined));
    let row = current;
    if (Object.keys(changes).length) {
      const [updated] = await tx
        .update(customers)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(customers.id, current.id))
        .returning();
      row = updated ?? current;
    }
    if (input.uploads) {
      await replaceUploads(tx, row.id, input.uploads, actor);
    }
    return customerBody(tx, row);
  });
}

/** A client with plans is kept: plans reference it (on delete restrict) and hold its history. */
export async function deleteCustomer(db: Database, uuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findCustomerRow(tx, uuid);
    const [plan] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.customerId, row.id)).limit(1);
    if (plan) {
      throw validationError({ customer: [MESSAGES.customerHasPlans] });
    }
    await tx.delete(customers).where(eq(customers.id, row.id));
  });
}
