import { DEFAULT_PLAN_STATUS_FILTER, type planListQuerySchema } from '@portal/domain';
import { and, asc, desc, eq, exists, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { contacts, customers, planTypes, projects, users } from '../../db/schema';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { presentPlan, presentPlanLite } from './plans.presenter';

export type PlanListQuery = z.output<typeof planListQuerySchema>;

const managers = alias(users, 'managers');
const managerContacts = alias(contacts, 'manager_contacts');

/**
 * Personal plans are their owner's: visible only to their manager and members, whatever the caller's permissions.
 * Other plans are visible to everyone who may read plans.
 */
export function visiblePlans(viewerId: number): SQL {
  return or(
    ne(projects.kind, 'personal'),
    eq(projects.projectManagerId, viewerId),
    exists(sql`(select 1 from project_users pu where pu.project_id = projects.id and pu.user_id = ${viewerId})`),
  ) as SQL;
}

export function conditionsFor(query: PlanListQuery, viewerId: number): SQL[] {
  const filters = query.filters ?? {};
  const statuses = [...(filters['projects.status'] ?? []), ...(filters.status ?? [])];
  const conditions: SQL[] = [
    inArray(projects.status, statuses.length ? statuses : DEFAULT_PLAN_STATUS_FILTER),
    query.with_personal ? visiblePlans(viewerId) : ne(projects.kind, 'personal'),
  ];
  const customerUuid = filters.customer_id ?? filters.customer;
  if (customerUuid) {
    conditions.push(eq(customers.uuid, customerUuid));
  }
  if (filters.project_type?.length) {
    conditions.push(inArray(planTypes.projectType, filters.project_type));
  }
  if (query.search_term) {
    const pattern = containsPattern(query.search_term);
    conditions.push(or(ilike(projects.title, pattern), ilike(customers.businessName, pattern)) as SQL);
  }
  return conditions;
}

/** The plans table's other sortable columns; ties by id in the same direction, so pages never repeat a plan. */
const COLUMN_KEYS = {
  status: sql`${projects.status}`,
  start_date: sql`${projects.startDate}`,
  client: sql`lower(${customers.businessName})`,
  refill: sql`${projects.refillMinutes}`,
};

/**
 * Active plans first, then by title without regard to case (doc 1 §9); sort[by]=created_at for newest first; a
 * column of the table (COLUMN_KEYS) ascending unless told.
 */
export function orderFor(query: PlanListQuery) {
  const by = query.sort?.by;
  if (by === 'created_at') {
    const direction = query.sort?.direction === 'asc' ? asc : desc;
    return [direction(projects.createdAt), direction(projects.id)];
  }
  if (by && by !== 'title') {
    const direction = query.sort?.direction === 'desc' ? desc : asc;
    return [direction(COLUMN_KEYS[by]), direction(projects.id)];
  }
  const direction = query.sort?.direction === 'desc' ? desc : asc;
  return [desc(sql`${projects.status} = 'active'`), direction(sql`lower(${projects.title})`), asc(projects.id)];
}

const liteColumns = {
  uuid: projects.uuid,
  title: projects.title,
  kind: projects.kind,
  isRetainer: projects.isRetainer,
  status: projects.status,
  customerUuid: customers.uuid,
  customerName: customers.businessName,
};

export const planColumns = {
  ...liteColumns,
  planTypeName: planTypes.name,
  planTypeDisplayName: planTypes.displayName,
  refillMinutes: projects.refillMinutes,
  managerUuid: managers.uuid,
  managerName: managerContacts.name,
  startDate: projects.startDate,
  timeReport: projects.timeReport,
  defaultTimelogCategory: projects.defaultTimelogCategory,
  createdAt: projects.createdAt,
};

/** The plan with its client, type and manager (manager = user uuid and profile name). */
export function selectPlans(db: Database) {
  return db
    .select(planColumns)
    .from(projects)
    .leftJoin(customers, eq(customers.id, projects.customerId))
    .leftJoin(planTypes, eq(planTypes.id, projects.planTypeId))
    .leftJoin(managers, eq(managers.id, projects.projectManagerId))
    .leftJoin(managerContacts, eq(managerContacts.userId, projects.projectManagerId));
}

async function countPlans(db: Database, where: SQL | undefined): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .leftJoin(customers, eq(customers.id, projects.customerId))
    .leftJoin(planTypes, eq(planTypes.id, projects.planTypeId))
    .where(where);
  return counted?.n ?? 0;
}

type PageParts = { where: SQL | undefined; order: SQL[]; limit: number; offset: number };

function pageParts(query: PlanListQuery, viewerId: number): PageParts {
  return {
    where: and(...conditionsFor(query, viewerId)),
    order: orderFor(query),
    limit: query.page.size,
    offset: pageOffset(query.page),
  };
}

const windowTotal = sql<number>`(count(*) over ())::int`;

/** The total rides on every row (a window count); past the last page no row carries it, so count there. */
async function metaFor(db: Database, query: PlanListQuery, parts: PageParts, rows: { total: number }[]) {
  const total = rows.length === 0 && query.page.number > 1 ? await countPlans(db, parts.where) : (rows[0]?.total ?? 0);
  return listMeta(total, query.page);
}

/** GET projects: one query for the page and its total (a named prepared statement per filter shape). */
export async function listPlans(db: Database, query: PlanListQuery, viewerId: number) {
  const parts = pageParts(query, viewerId);
  const rows = await runPrepared(
    db
      .select({ ...planColumns, total: windowTotal })
      .from(projects)
      .leftJoin(customers, eq(customers.id, projects.customerId))
      .leftJoin(planTypes, eq(planTypes.id, projects.planTypeId))
      .leftJoin(managers, eq(managers.id, projects.projectManagerId))
      .leftJoin(managerContacts, eq(managerContacts.userId, projects.projectManagerId))
      .where(parts.where)
      .orderBy(...parts.order)
      .limit(parts.limit)
      .offset(parts.offset),
  );
  return { data: rows.map(presentPlan), meta: await metaFor(db, query, parts, rows) };
}

/** GET projects/lite: the selector variant, without manager and type columns. */
export async function listPlansLite(db: Database, query: PlanListQuery, viewerId: number) {
  const parts = pageParts(query, viewerId);
  const rows = await runPrepared(
    db
      .select({ ...liteColumns, total: windowTotal })
      .from(projects)
      .leftJoin(customers, eq(customers.id, projects.customerId))
      .leftJoin(planTypes, eq(planTypes.id, projects.planTypeId))
      .where(parts.where)
      .orderBy(...parts.order)
      .limit(parts.limit)
      .offset(parts.offset),
  );
  return { data: rows.map(presentPlanLite), meta: await metaFor(db, query, parts, rows) };
}
