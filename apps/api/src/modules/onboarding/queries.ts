import type {
  OnboardingDetail,
  OnboardingHistoryAction,
  OnboardingItem,
  OnboardingItemStatus,
  OnboardingListItem,
  OnboardingServiceInclusion,
  onboardingListQuerySchema,
  RequirementKind,
} from '@portal/domain';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import {
  contacts,
  customers,
  forms,
  onboardingHistory,
  onboardingItems,
  onboardingStepStates,
  onboardings,
  users,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { loadUploadsOf } from '../uploads/attach-uploads';
import { loadSettings, loadSteps, presentStep } from './process';
import { stepApplies } from './state';

type ListQuery = z.output<typeof onboardingListQuerySchema>;

const DAY = 86_400;
/** Days the current step has been current, once it is past its stuck_after_days (0 before, and when closed). */
const daysStuck = sql<number>`case when ${onboardings.stuckAt} <= now()
  then floor(extract(epoch from now() - ${onboardings.currentStepSince}) / ${DAY})::int else 0 end`;

/** The owner's profile, joined (one index probe per row, not a subquery per row). */
const ownerContact = alias(contacts, 'owner_contact');
const personName = sql<string | null>`nullif(trim(${ownerContact.name}), '')`;

const listColumns = {
  id: onboardings.id,
  uuid: onboardings.uuid,
  customerUuid: customers.uuid,
  businessName: customers.businessName,
  status: onboardings.status,
  progress: onboardings.progress,
  currentStepKey: onboardings.currentStepKey,
  currentStepName: onboardings.currentStepName,
  ownerUuid: users.uuid,
  ownerName: personName,
  ownerEmail: users.email,
  startedAt: onboardings.startedAt,
  lastActivityAt: onboardings.lastActivityAt,
  completedAt: onboardings.completedAt,
  daysStuck,
};

type ListRow = {
  uuid: string;
  customerUuid: string;
  businessName: string;
  status: string;
  progress: number;
  currentStepKey: string | null;
  currentStepName: string | null;
  ownerUuid: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  startedAt: Date;
  lastActivityAt: Date;
  completedAt: Date | null;
  daysStuck: number;
};

function presentRow(r: ListRow): OnboardingListItem {
  return {
    uuid: r.uuid,
    customer: { uuid: r.customerUuid, business_name: r.businessName },
    status: r.status as OnboardingListItem['status'],
    progress: r.progress,
    current_step: r.currentStepKey ? { key: r.currentStepKey, name: r.currentStepName ?? r.currentStepKey } : null,
    owner: r.ownerUuid ? { uuid: r.ownerUuid, name: r.ownerName ?? r.ownerEmail ?? '' } : null,
    started_at: r.startedAt.toISOString(),
    last_activity_at: r.lastActivityAt.toISOString(),
    days_stuck: Math.max(0, r.daysStuck),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}

const SORTS = {
  started_at: onboardings.startedAt,
  last_activity_at: onboardings.lastActivityAt,
  progress: onboardings.progress,
  customer: sql`lower(${customers.businessName})`,
  days_stuck: daysStuck,
  current_step: onboardings.currentStepName,
} as const;

/**
 * GET onboardings: the table and the board (which asks for the open ones, a large page, by progress). Every column
 * is stored on the row, so a page is one indexed read joined to the client and the owner.
 */
export async function listOnboardings(db: DbExecutor, query: ListQuery) {
  const f = query.filters ?? {};
  const where: SQL[] = [];
  if (f.status?.length) {
    where.push(inArray(onboardings.status, f.status));
  }
  if (f.current_step?.length) {
    where.push(inArray(onboardings.currentStepKey, f.current_step));
  }
  if (f.customer_uuid?.length) {
    where.push(inArray(customers.uuid, f.customer_uuid));
  }
  if (f.owner_uuid?.length) {
    where.push(inArray(users.uuid, f.owner_uuid));
  }
  if (f.stuck === '1') {
    where.push(sql`${onboardings.stuckAt} <= now()`);
  } else if (f.stuck === '0') {
    where.push(sql`(${onboardings.stuckAt} is null or ${onboardings.stuckAt} > now())`);
  }
  if (query.search_term) {
    where.push(ilike(customers.businessName, containsPattern(query.search_term)));
  }
  const condition = where.length ? and(...where) : undefined;
  const by = query.sort?.by ?? 'started_at';
  const dir = query.sort?.direction === 'asc' ? asc : desc;
  const base = () =>
    db
      .select(listColumns)
      .from(onboardings)
      .innerJoin(customers, eq(customers.id, onboardings.customerId))
      .leftJoin(users, eq(users.id, onboardings.ownerId))
      .leftJoin(ownerContact, eq(ownerContact.userId, users.id));
  const [rows, total] = await Promise.all([
    base()
      .where(condition)
      .orderBy(dir(SORTS[by]), dir(onboardings.id))
      .limit(query.page.size)
      .offset(pageOffset(query.page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(onboardings)
      .innerJoin(customers, eq(customers.id, onboardings.customerId))
      .leftJoin(users, eq(users.id, onboardings.ownerId))
      .where(condition),
  ]);
  return { data: rows.map(presentRow), meta: listMeta(total[0]?.n ?? 0, query.page) };
}

export type ItemRow = typeof onboardingItems.$inferSelect;

export function presentItem(row: ItemRow, files: OnboardingItem['files']): OnboardingItem {
  return {
    uuid: row.uuid,
    inclusion: row.inclusion as OnboardingServiceInclusion,
    name: row.name,
    kind: row.kind as RequirementKind,
    instructions: row.instructions,
    link_url: row.linkUrl,
    status: row.status as OnboardingItemStatus,
    // A credential never travels in a read: has_value says one is kept, reveal answers it (and is logged).
    value: row.kind === 'text' ? row.textValue : null,
    has_value:
      row.kind === 'credential'
        ? row.secretValue !== null
        : row.kind === 'text'
          ? Boolean(row.textValue)
          : files.length > 0,
    files,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findOnboardingRow(db: DbExecutor, uuid: string) {
  const [row] = await db.select().from(onboardings).where(eq(onboardings.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  return row;
}

/** GET onboardings/{uuid}: the row, every step with whether it applies and is done, the items, the history. */
export async function loadOnboardingDetail(db: DbExecutor, uuid: string): Promise<OnboardingDetail> {
  const [row] = await db
    .select({ ...listColumns, inclusions: onboardings.inclusions, customerId: onboardings.customerId })
    .from(onboardings)
    .innerJoin(customers, eq(customers.id, onboardings.customerId))
    .leftJoin(users, eq(users.id, onboardings.ownerId))
    .leftJoin(ownerContact, eq(ownerContact.userId, users.id))
    .where(eq(onboardings.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  const doneBy = sql<string | null>`(select u.uuid::text from users u where u.id = ${onboardingStepStates.doneById})`;
  const doneByName = sql<string | null>`(select coalesce(nullif(trim(c.name), ''), u.email)
    from users u left join contacts c on c.user_id = u.id where u.id = ${onboardingStepStates.doneById})`;
  const actorName = sql<string | null>`(select coalesce(nullif(trim(c.name), ''), u.email)
    from users u left join contacts c on c.user_id = u.id where u.id = ${onboardingHistory.actorId})`;
  const [steps, settings, states, items, history] = await Promise.all([
    loadSteps(db),
    loadSettings(db),
    db
      .select({ key: onboardingStepStates.stepKey, doneAt: onboardingStepStates.doneAt, doneBy, doneByName })
      .from(onboardingStepStates)
      .where(eq(onboardingStepStates.onboardingId, row.id)),
    db
      .select()
      .from(onboardingItems)
      .where(eq(onboardingItems.onboardingId, row.id))
      .orderBy(asc(onboardingItems.position), asc(onboardingItems.id)),
    db
      .select({
        uuid: onboardingHistory.uuid,
        action: onboardingHistory.action,
        subject: onboardingHistory.subject,
        actorUuid: sql<string | null>`(select u.uuid::text from users u where u.id = ${onboardingHistory.actorId})`,
        actorName,
        byClient: onboardingHistory.byClient,
        createdAt: onboardingHistory.createdAt,
      })
      .from(onboardingHistory)
      .where(eq(onboardingHistory.onboardingId, row.id))
      .orderBy(desc(onboardingHistory.createdAt), desc(onboardingHistory.id))
      .limit(200),
  ]);
  const files = await loadUploadsOf(
    db,
    'onboarding_item',
    items.map((i) => i.id),
  );
  const state = new Map(states.map((s) => [s.key, s]));
  const facts = {
    inclusions: row.inclusions,
    itemCount: items.length,
    hasInformationForm: settings?.informationFormId != null,
  };
  let informationForm: OnboardingDetail['information_form'] = null;
  if (settings?.informationFormId) {
    const [form] = await db
      .select({
        uuid: forms.uuid,
        name: forms.name,
        // The form's id as a value: drizzle writes a column of a one-table select unqualified ("id"), which inside
        // this subquery would name form_answers' own id.
        answered: sql<boolean>`exists (select 1 from form_answers a where a.form_id = ${settings.informationFormId} and a.customer_id = ${row.customerId})`,
      })
      .from(forms)
      .where(eq(forms.id, settings.informationFormId));
    informationForm = form ?? null;
  }
  return {
    ...presentRow(row),
    inclusions: row.inclusions,
    steps: steps.map((step) => {
      const s = state.get(step.key);
      return {
        ...presentStep(step),
        applies: stepApplies(step, facts),
        done: Boolean(s?.doneAt),
        done_at: s?.doneAt?.toISOString() ?? null,
        done_by: s?.doneAt && s.doneBy ? { uuid: s.doneBy, name: s.doneByName ?? '' } : null,
      };
    }),
    items: items.map((item) => presentItem(item, files.get(item.id) ?? [])),
    history: history.map((h) => ({
      uuid: h.uuid,
      action: h.action as OnboardingHistoryAction,
      subject: h.subject,
      actor: h.actorUuid ? { uuid: h.actorUuid, name: h.actorName ?? '' } : null,
      by_client: h.byClient,
      created_at: h.createdAt.toISOString(),
    })),
    information_form: informationForm,
  };
}
