import { type FormQuestion, MESSAGES, type ShareLinkCreated, type shareLinkCreateSchema } from '@portal/domain';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { customers, formShareLinks, forms } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';
import { generateToken, hashToken } from '../auth/tokens';
import { findFormRow, storedQuestions } from './form-queries';

type ShareLinkCreate = z.output<typeof shareLinkCreateSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The web page that opens a link: outside the signed-in app, like /terms. */
export const shareLinkUrl = (appUrl: string, token: string) => `${appUrl}/f/${token}`;

/**
 * POST forms/{uuid}/share-links: a public, open form only. The token is 256 random bits; only its SHA-256 is kept,
 * so this answer is the one place the plain token (and so the url) appears.
 */
export async function createShareLink(
  db: DbExecutor,
  formUuid: string,
  input: ShareLinkCreate,
  actorId: number | null,
  appUrl: string,
): Promise<ShareLinkCreated> {
  const form = await findFormRow(db, formUuid);
  if (!form.isPublic) {
    throw new AppError(422, MESSAGES.formNotPublic, { code: 'form_not_public' });
  }
  if (form.status === 'archived') {
    throw new AppError(422, MESSAGES.formClosed, { code: 'form_archived' });
  }
  if (!form.latestVersionUuid) {
    throw new AppError(422, MESSAGES.formNotPublished, { code: 'form_not_published' });
  }
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw validationError({ expires_at: [MESSAGES.expiryInPast] });
  }
  let customerId: number | null = null;
  if (input.customer_uuid) {
    const [customer] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.uuid, input.customer_uuid));
    if (!customer) {
      throw validationError({ customer_uuid: [MESSAGES.unknownReference] });
    }
    customerId = customer.id;
  }
  const token = generateToken();
  const [row] = await db
    .insert(formShareLinks)
    .values({
      formId: form.id,
      customerId,
      tokenHash: hashToken(token),
      tokenHint: token.slice(-4),
      expiresAt,
      createdById: actorId,
    })
    .returning({ uuid: formShareLinks.uuid });
  if (!row) {
    throw new Error('share link not created');
  }
  return { uuid: row.uuid, url: shareLinkUrl(appUrl, token), token, expires_at: expiresAt?.toISOString() ?? null };
}

/**
 * DELETE share-links/{token}: by the plain token, or by the link's uuid (the token is shown once). Revoked links
 * stay, so their answers keep saying where they came from and the public page can say the link was revoked.
 */
export async function revokeShareLink(db: Database, tokenOrUuid: string) {
  const byToken = eq(formShareLinks.tokenHash, hashToken(tokenOrUuid));
  const where = UUID.test(tokenOrUuid) ? or(byToken, eq(formShareLinks.uuid, tokenOrUuid)) : byToken;
  const [row] = await db
    .update(formShareLinks)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(formShareLinks.revokedAt)))
    .returning({ id: formShareLinks.id });
  if (!row) {
    const [existing] = await db.select({ id: formShareLinks.id }).from(formShareLinks).where(where);
    if (!existing) {
      throw notFound();
    }
  }
}

/** A link and its form as the public endpoints need them. */
export type OpenLink = {
  linkId: number;
  customerId: number | null;
  customerName: string | null;
  expiresAt: Date | null;
  formId: number;
  formUuid: string;
  name: string;
  description: string | null;
  thankYouText: string | null;
  /** The latest frozen version: what the page shows and new answers answer. */
  version: { id: number; questions: FormQuestion[] };
};

/**
 * The link a public call names, or the reason it cannot be used. An unknown token and a token of another form look
 * alike (404); a revoked or expired link, or a form no longer open, says so (410) — the holder of a real token
 * learns nothing about other forms or clients either way.
 */
export async function openLink(db: DbExecutor, token: string): Promise<OpenLink> {
  const [row] = await db
    .select({
      linkId: formShareLinks.id,
      customerId: formShareLinks.customerId,
      customerName: customers.businessName,
      expiresAt: formShareLinks.expiresAt,
      revokedAt: formShareLinks.revokedAt,
      formId: forms.id,
      formUuid: forms.uuid,
      name: forms.name,
      description: forms.description,
      thankYouText: forms.thankYouText,
      isPublic: forms.isPublic,
      status: forms.status,
      // The version new answers answer, read with the link (one statement per public call, not two).
      versionId: sql<number | null>`(select v.id from form_versions v where v.form_id = form_share_links.form_id
        order by v.number desc limit 1)`,
      versionQuestions: sql<unknown>`(select v.questions from form_versions v where v.form_id = form_share_links.form_id
        order by v.number desc limit 1)`,
    })
    .from(formShareLinks)
    .innerJoin(forms, eq(forms.id, formShareLinks.formId))
    .leftJoin(customers, eq(customers.id, formShareLinks.customerId))
    .where(eq(formShareLinks.tokenHash, hashToken(token)));
  if (!row) {
    throw new AppError(404, MESSAGES.formLinkNotFound, { code: 'link_not_found' });
  }
  if (row.revokedAt) {
    throw new AppError(410, MESSAGES.formLinkRevoked, { code: 'link_revoked' });
  }
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(410, MESSAGES.formLinkExpired, { code: 'link_expired' });
  }
  if (row.status !== 'published' || !row.isPublic || row.versionId === null) {
    throw new AppError(410, MESSAGES.formClosed, { code: 'form_closed' });
  }
  return {
    linkId: row.linkId,
    customerId: row.customerId,
    customerName: row.customerName,
    expiresAt: row.expiresAt,
    formId: row.formId,
    formUuid: row.formUuid,
    name: row.name,
    description: row.description,
    thankYouText: row.thankYouText,
    version: { id: row.versionId, questions: storedQuestions(row.versionQuestions) },
  };
}
