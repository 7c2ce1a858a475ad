import {
  type Form,
  type FormDetail,
  type FormListItem,
  type FormQuestion,
  type FormStatus,
  type formListQuerySchema,
  requestFormSchema,
  type ShareLink,
} from '@portal/domain';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { customers, formShareLinks, forms, formVersions } from '../../db/schema';
import { notFound } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';

type FormListQuery = z.output<typeof formListQuerySchema>;

/** Stored questions were validated on the way in; a row that no longer parses shows as empty rather than failing. */
export function storedQuestions(value: unknown): FormQuestion[] {
  const parsed = requestFormSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

// Subqueries name the outer table's columns by hand: in a one-table select Drizzle leaves its columns unqualified,
// and `id` inside a subquery would mean the subquery's own id.
const formColumns = {
  id: forms.id,
  uuid: forms.uuid,
  name: forms.name,
  description: forms.description,
  thankYouText: forms.thankYouText,
  isPublic: forms.isPublic,
  status: forms.status,
  questions: forms.questions,
  answersCount: forms.answersCount,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
  ownerUuid: sql<string | null>`(select u.uuid::text from users u where u.id = forms.owner_id)`,
  ownerName: sql<string | null>`(select c.name from contacts c where c.user_id = forms.owner_id limit 1)`,
  latestVersionUuid: sql<string | null>`(select v.uuid::text from form_versions v where v.form_id = forms.id
    order by v.number desc limit 1)`,
  latestVersionNumber: sql<number | null>`(select v.number from form_versions v where v.form_id = forms.id
    order by v.number desc limit 1)`,
  // The working copy differs from what was last frozen (jsonb equality ignores key order and whitespace).
  unpublished: sql<boolean>`coalesce((select v.questions <> forms.questions from form_versions v
    where v.form_id = forms.id order by v.number desc limit 1), true)`,
};

function selectForms(db: DbExecutor) {
  return db.select(formColumns).from(forms);
}
type FormRow = Awaited<ReturnType<typeof selectForms>>[number];

function presentListItem(row: FormRow): FormListItem {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    thank_you_text: row.thankYouText,
    is_public: row.isPublic,
    status: row.status as FormStatus,
    latest_version:
      row.latestVersionUuid && row.latestVersionNumber !== null
        ? { uuid: row.latestVersionUuid, number: Number(row.latestVersionNumber) }
        : null,
    has_unpublished_changes: Boolean(row.unpublished),
    answers_count: row.answersCount,
    owner: row.ownerUuid ? { uuid: row.ownerUuid, name: row.ownerName ?? '' } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentForm(row: FormRow): Form {
  return { ...presentListItem(row), questions: storedQuestions(row.questions) };
}

const SORT_COLUMNS: Record<NonNullable<NonNullable<FormListQuery['sort']>['by']>, SQL | AnyPgColumn> = {
  name: sql`lower(${forms.name})`,
  created_at: forms.createdAt,
  updated_at: forms.updatedAt,
  status: forms.status,
  answers_count: forms.answersCount,
};

/** GET forms: name search, status and public filters, every sort ending in the id (pages never repeat a row). */
export async function listForms(db: DbExecutor, query: FormListQuery) {
  const conditions: SQL[] = [];
  if (query.filters?.status?.length) {
    conditions.push(inArray(forms.status, query.filters.status));
  }
  if (query.filters?.is_public) {
    conditions.push(eq(forms.isPublic, query.filters.is_public === '1'));
  }
  if (query.search_term) {
    conditions.push(ilike(forms.name, containsPattern(query.search_term)));
  }
  const where = and(...conditions);
  const direction = query.sort?.direction === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[query.sort?.by ?? 'updated_at'];
  const [rows, [total]] = await Promise.all([
    selectForms(db)
      .where(where)
      .orderBy(direction(column), direction(forms.id))
      .limit(query.page.size)
      .offset(pageOffset(query.page)),
    db.select({ count: sql<number>`count(*)::int` }).from(forms).where(where),
  ]);
  return { data: rows.map(presentListItem), meta: listMeta(total?.count ?? 0, query.page) };
}

export async function findFormRow(db: DbExecutor, uuid: string) {
  const [row] = await selectForms(db).where(eq(forms.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  return row;
}

export async function loadShareLinks(db: DbExecutor, formId: number): Promise<ShareLink[]> {
  const rows = await db
    .select({
      uuid: formShareLinks.uuid,
      tokenHint: formShareLinks.tokenHint,
      customerUuid: customers.uuid,
      businessName: customers.businessName,
      expiresAt: formShareLinks.expiresAt,
      revokedAt: formShareLinks.revokedAt,
      createdAt: formShareLinks.createdAt,
      answersCount: sql<number>`(select count(*)::int from form_answers a where a.share_link_id = form_share_links.id)`,
    })
    .from(formShareLinks)
    .leftJoin(customers, eq(customers.id, formShareLinks.customerId))
    .where(eq(formShareLinks.formId, formId))
    .orderBy(desc(formShareLinks.createdAt), desc(formShareLinks.id));
  return rows.map((r) => ({
    uuid: r.uuid,
    token_hint: r.tokenHint,
    customer: r.customerUuid && r.businessName ? { uuid: r.customerUuid, business_name: r.businessName } : null,
    expires_at: r.expiresAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    answers_count: r.answersCount,
  }));
}

/** GET forms/{uuid}: the form, its frozen versions (newest first) and its share links. */
export async function loadFormDetail(db: DbExecutor, uuid: string): Promise<FormDetail> {
  const row = await findFormRow(db, uuid);
  const [versions, shareLinks] = await Promise.all([
    db
      .select({
        uuid: formVersions.uuid,
        number: formVersions.number,
        questions: formVersions.questions,
        publishedAt: formVersions.publishedAt,
        answersCount: sql<number>`(select count(*)::int from form_answers a where a.form_version_id = form_versions.id)`,
      })
      .from(formVersions)
      .where(eq(formVersions.formId, row.id))
      .orderBy(desc(formVersions.number)),
    loadShareLinks(db, row.id),
  ]);
  return {
    ...presentForm(row),
    versions: versions.map((v) => ({
      uuid: v.uuid,
      number: v.number,
      questions: storedQuestions(v.questions),
      published_at: v.publishedAt.toISOString(),
      answers_count: v.answersCount,
    })),
    share_links: shareLinks,
  };
}

/** The latest frozen version of a form, which new answers answer. */
export async function latestVersion(db: DbExecutor, formId: number) {
  const [version] = await db
    .select({
      id: formVersions.id,
      uuid: formVersions.uuid,
      number: formVersions.number,
      questions: formVersions.questions,
    })
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.number))
    .limit(1);
  return version ? { ...version, questions: storedQuestions(version.questions) } : undefined;
}
