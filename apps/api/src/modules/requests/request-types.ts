import {
  isCoherentForm,
  MESSAGES,
  matchesCatalogueSearch,
  ORDER_MESSAGES,
  type RequestForm,
  type RequestType,
  type requestTypeListQuerySchema,
  type requestTypeUpdateSchema,
  type requestTypeWriteSchema,
  type ServiceSells,
} from '@portal/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { productTypes, requests, requestTypes } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';
import { typeForm } from './request-rules';

type Row = typeof requestTypes.$inferSelect;
type ListQuery = z.output<typeof requestTypeListQuerySchema>;
type WriteInput = z.output<typeof requestTypeWriteSchema>;
type UpdateInput = z.output<typeof requestTypeUpdateSchema>;

type ProductTypeRef = { uuid: string; name: string } | null;

export function presentRequestType(row: Row, productType: ProductTypeRef): RequestType {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    imageUrl: row.imageUrl,
    icon: row.icon,
    description: row.description,
    tags: row.tags,
    timeEstimated: row.timeEstimated,
    disabled: row.disabled,
    form: typeForm(row),
    sort_order: row.sortOrder,
    price_cents: row.priceCents,
    sells: row.sells as ServiceSells,
    plan_reload_minutes: row.planReloadMinutes,
    product_type: productType,
  };
}

/** The catalogue rows with their product type's uuid and name (left join: most services may have none). */
function selectWithProductType(db: DbExecutor) {
  return db
    .select({ row: requestTypes, productType: { uuid: productTypes.uuid, name: productTypes.name } })
    .from(requestTypes)
    .leftJoin(productTypes, eq(productTypes.id, requestTypes.productTypeId));
}

/** GET request-types: the catalogue in its order, disabled entries included (flagged) unless enabled_only. */
export async function listRequestTypes(db: Database, query: ListQuery): Promise<RequestType[]> {
  const rows = await selectWithProductType(db)
    .where(query.enabled_only ? eq(requestTypes.disabled, false) : undefined)
    .orderBy(asc(requestTypes.sortOrder), asc(requestTypes.id));
  // A few dozen rows: the search runs in code, by the rule the web's catalogue searches use (typos tolerated).
  const term = query.search_term ?? '';
  return rows
    .map(({ row, productType }) => presentRequestType(row, productType))
    .filter((type) => matchesCatalogueSearch(type, term));
}

/** GET request-types/{id} and the answer of its writes. */
export async function showRequestType(db: DbExecutor, id: number): Promise<RequestType> {
  const [found] = await selectWithProductType(db).where(eq(requestTypes.id, id));
  if (!found) {
    throw notFound();
  }
  return presentRequestType(found.row, found.productType);
}

export async function findRequestTypeById(db: DbExecutor, id: number): Promise<Row> {
  const [row] = await db.select().from(requestTypes).where(eq(requestTypes.id, id));
  if (!row) {
    throw notFound();
  }
  return row;
}

/** The schema checks each question; the form must also hold together (unique names, rules naming questions). */
function checkForm(form: RequestForm | undefined) {
  if (form && !isCoherentForm(form)) {
    throw validationError({ form: [MESSAGES.invalidForm] });
  }
}

async function checkName(db: DbExecutor, name: string, exceptId?: number) {
  const [clash] = await db
    .select({ id: requestTypes.id })
    .from(requestTypes)
    .where(
      and(
        sql`lower(${requestTypes.name}) = lower(${name})`,
        exceptId ? sql`${requestTypes.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (clash) {
    throw validationError({ name: [MESSAGES.nameTaken] });
  }
}

/** `product_type_uuid` as the column: undefined leaves it, null clears it, an unknown uuid is a field error. */
async function productTypeColumn(db: DbExecutor, input: UpdateInput) {
  if (input.product_type_uuid === undefined) {
    return {};
  }
  if (input.product_type_uuid === null) {
    return { productTypeId: null };
  }
  const [type] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(eq(productTypes.uuid, input.product_type_uuid));
  if (!type) {
    throw validationError({ product_type_uuid: ['The selected product type does not exist'] });
  }
  return { productTypeId: type.id };
}

const columnsOf = (input: UpdateInput) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
  ...(input.icon !== undefined ? { icon: input.icon } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.tags !== undefined ? { tags: input.tags } : {}),
  ...(input.timeEstimated !== undefined ? { timeEstimated: input.timeEstimated } : {}),
  ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
  ...(input.form !== undefined ? { form: input.form } : {}),
  ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
  ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
  ...(input.sells !== undefined ? { sells: input.sells } : {}),
  ...(input.plan_reload_minutes !== undefined ? { planReloadMinutes: input.plan_reload_minutes } : {}),
});

/**
 * What a service sells and the reload minutes go together (issue 20): a retainer gives its plan a reload amount,
 * the others give none (a hosting plan's amount is fixed by its plan type). Checked on the values after the write,
 * so a PUT of one of the two is judged with the stored other; a type that stops being a retainer drops its minutes.
 */
function checkSells(input: UpdateInput, current?: Row): UpdateInput {
  const sells = input.sells ?? (current?.sells as ServiceSells | undefined) ?? 'one_off';
  if (sells !== 'retainer') {
    if (input.plan_reload_minutes) {
      throw validationError({ plan_reload_minutes: [ORDER_MESSAGES.reloadOnlyForRetainer] });
    }
    return current?.planReloadMinutes != null || input.plan_reload_minutes !== undefined
      ? { ...input, plan_reload_minutes: null }
      : input;
  }
  const minutes = input.plan_reload_minutes !== undefined ? input.plan_reload_minutes : current?.planReloadMinutes;
  if (!minutes) {
    throw validationError({ plan_reload_minutes: [ORDER_MESSAGES.retainerNeedsReload] });
  }
  return input;
}

/** POST request-types: ids continue the identity sequence (the catalogue sync moves it past the seeded ids). */
export async function createRequestType(db: Database, input: WriteInput): Promise<number> {
  checkForm(input.form);
  const checked = checkSells(input);
  await checkName(db, input.name);
  const productType = await productTypeColumn(db, input);
  const [row] = await db
    .insert(requestTypes)
    .values({ ...columnsOf(checked), ...productType, name: input.name })
    .returning({ id: requestTypes.id });
  if (!row) {
    throw new Error('request type not created');
  }
  return row.id;
}

/** PUT request-types/{id}: the fields sent. Requests keep the form they were answered with. */
export async function updateRequestType(db: Database, id: number, input: UpdateInput) {
  checkForm(input.form);
  const current = await findRequestTypeById(db, id);
  const checked = checkSells(input, current);
  if (input.name !== undefined) {
    await checkName(db, input.name, id);
  }
  const columns = { ...columnsOf(checked), ...(await productTypeColumn(db, input)) };
  if (Object.keys(columns).length) {
    await db.update(requestTypes).set(columns).where(eq(requestTypes.id, id));
  }
}

/**
 * DELETE request-types/{id}: a type that requests use is kept (the FK would silently unlink them, and the type is
 * how those requests are listed and estimated); admins disable it instead. The row lock makes a request created
 * meanwhile either wait (its FK check needs a key-share lock) or be counted.
 */
export async function deleteRequestType(db: Database, id: number) {
  await db.transaction(async (tx) => {
    const [type] = await tx
      .select({ id: requestTypes.id })
      .from(requestTypes)
      .where(eq(requestTypes.id, id))
      .for('update');
    if (!type) {
      throw notFound();
    }
    const [used] = await tx.select({ value: count() }).from(requests).where(eq(requests.requestTypeId, id));
    const users = used?.value ?? 0;
    if (users > 0) {
      throw new AppError(422, MESSAGES.requestTypeInUse(users), { code: 'request_type_in_use' });
    }
    await tx.delete(requestTypes).where(eq(requestTypes.id, id));
  });
}
