import {
  ADMINISTRATION_MESSAGES,
  type Administration,
  type administrationUpdateSchema,
  type HourlyRates,
  isImageExtension,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { administrationSettings, uploads } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { attachUploads } from '../uploads/attach-uploads';
import { registerUploadHolder } from '../uploads/holder-access';
import { uploadPath } from '../uploads/upload-presenter';

/** The logo is an upload held by the one settings row. */
export const LOGO_HOLDER = { type: 'agency_logo', id: 1 } as const;

type Row = typeof administrationSettings.$inferSelect;

/** Staff see the agency's logo (it heads the invoices they prepare); clients and freelancers do not need it yet. */
export function registerLogoUploads(): void {
  registerUploadHolder('agency_logo', { canView: async (_db, viewer) => viewer.type === 'regular_user' });
}

/** The one row; the migration inserts it, and this recreates it if it was ever removed by hand. */
async function loadRow(db: DbExecutor): Promise<Row> {
  const [row] = await db.select().from(administrationSettings).where(eq(administrationSettings.id, 1));
  if (row) {
    return row;
  }
  await db.insert(administrationSettings).values({ id: 1 }).onConflictDoNothing();
  return loadRow(db);
}

export function ratesOf(row: Row): HourlyRates {
  return {
    billable: row.billableRateCents,
    'non-billable': row.nonBillableRateCents,
    'sgm-non-billable': row.sgmNonBillableRateCents,
  };
}

/** The agency's hourly rates (cents), as the reports price time with them. */
export async function agencyRates(db: DbExecutor): Promise<HourlyRates> {
  return ratesOf(await loadRow(db));
}

async function currentLogo(db: DbExecutor): Promise<string | null> {
  const [logo] = await db
    .select({ uuid: uploads.uuid })
    .from(uploads)
    .where(sql`${uploads.holderType} = ${LOGO_HOLDER.type} and ${uploads.holderId} = ${LOGO_HOLDER.id}`)
    .orderBy(sql`${uploads.id} desc`)
    .limit(1);
  return logo?.uuid ?? null;
}

export async function getAdministration(db: DbExecutor): Promise<Administration> {
  const [row, logo] = await Promise.all([loadRow(db), currentLogo(db)]);
  return {
    legal_name: row.legalName,
    address: row.address,
    tax_id: row.taxId,
    logo,
    logo_url: logo ? uploadPath(logo) : null,
    invoice_prefix: row.invoicePrefix,
    next_invoice_number: row.nextInvoiceNumber,
    payment_terms_days: row.paymentTermsDays,
    currency: 'USD',
    hourly_rates: ratesOf(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value ? value : null);

/**
 * PUT administration: writes the given fields, attaches the logo (the caller's own finished upload, an image) and
 * announces the change for the audit trail, naming the fields that changed, never their values.
 */
export async function updateAdministration(
  ctx: Pick<AppContext, 'db' | 'events'> & Partial<Pick<AppContext, 'storage'>>,
  input: z.output<typeof administrationUpdateSchema>,
  actor: { userId: number; uuid: string },
): Promise<Administration> {
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const before = await getAdministration(tx);
    const rates = input.hourly_rates;
    await tx
      .update(administrationSettings)
      .set({
        legalName: input.legal_name,
        address: blankToNull(input.address),
        taxId: blankToNull(input.tax_id),
        invoicePrefix: input.invoice_prefix,
        nextInvoiceNumber: input.next_invoice_number,
        paymentTermsDays: input.payment_terms_days,
        currency: input.currency,
        ...(rates
          ? {
              billableRateCents: rates.billable,
              nonBillableRateCents: rates['non-billable'],
              sgmNonBillableRateCents: rates['sgm-non-billable'],
            }
          : {}),
        updatedById: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(administrationSettings.id, 1));
    if (input.logo !== undefined) {
      if (!ctx.storage) {
        throw new Error('a logo needs the file storage');
      }
      const attached = await attachUploads(tx, {
        storage: ctx.storage,
        uploadUuids: input.logo ? [input.logo] : [],
        holder: LOGO_HOLDER,
        actor: { userId: actor.userId },
        field: 'logo',
        mode: 'replace',
      });
      if (attached.some((row) => !isImageExtension(row.extension))) {
        throw validationError({ logo: [ADMINISTRATION_MESSAGES.logoNotImage] });
      }
    }
    const after = await getAdministration(tx);
    const fields = (Object.keys(after) as (keyof Administration)[]).filter(
      (key) => key !== 'updated_at' && key !== 'logo_url' && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
    );
    if (fields.length) {
      emit({
        model: 'session',
        action: 'administration_updated',
        id: actor.uuid,
        actorId: actor.userId,
        userIds: [],
        payload: { name: 'Billing and invoice settings', fields },
      });
    }
  });
  return getAdministration(ctx.db);
}
