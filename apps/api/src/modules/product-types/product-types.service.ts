import {
  MESSAGES,
  type ProductType,
  type productTypeInputSchema,
  type productTypeListQuerySchema,
} from '@portal/domain';
import { and, asc, count, desc, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { productTypes, requestTypes } from '../../db/schema';
import { AppError, notFound, validationError } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';

type ProductTypeInput = z.output<typeof productTypeInputSchema>;
type ProductTypeListQuery = z.output<typeof productTypeListQuerySchema>;
type ProductTypeRow = typeof productTypes.$inferSelect;

function presentProductType(row: ProductTypeRow): ProductType {
  return { uuid: row.uuid, name: row.name, description: row.description, created_at: row.createdAt.toISOString() };
}

/** GET product-types: page[size]=999 and sort[by]=name for the selectors. */
export async function listProductTypes(db: Database, query: ProductTypeListQuery) {
  const direction = query.sort?.direction === 'desc' ? desc : asc;
  const order =
    query.sort?.by === 'created_at'
      ? [direction(productTypes.createdAt), direction(productTypes.id)]
      : [direction(sql`lower(${productTypes.name})`), direction(productTypes.id)];
  const where = query.search_term ? ilike(productTypes.name, containsPattern(query.search_term)) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(productTypes)
      .where(where)
      .orderBy(...order)
      .limit(query.page.size)
      .offset(pageOffset(query.page)),
    db.select({ n: sql<number>`count(*)::int` }).from(productTypes).where(where),
  ]);
  return { data: rows.map(presentProductType), meta: listMeta(counted?.n ?? 0, query.page) };
}

async function assertNameFree(db: Database, name: string, exceptId?: number): Promise<void> {
  const conditions: SQL[] = [sql`lower(${productTypes.name}) = lower(${name})`];
  if (exceptId !== undefined) {
    conditions.push(ne(productTypes.id, exceptId));
  }
  const [taken] = await db
    .select({ id: productTypes.id })
    .from(productTypes)
    .where(and(...conditions))
    .limit(1);
  if (taken) {
    throw validationError({ name: [MESSAGES.nameTaken] });
  }
}

/** The unique index still decides when two saves race past the check. */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23505';
}

async function findRow(db: Database, uuid: string): Promise<ProductTypeRow> {
  const [row] = await db.select().from(productTypes).where(eq(productTypes.uuid, uuid)).limit(1);
  if (!row) {
    throw notFound();
  }
  return row;
}

export async function createProductType(db: Database, input: ProductTypeInput): Promise<ProductType> {
  await assertNameFree(db, input.name);
  try {
    const [row] = await db
      .insert(productTypes)
      .values({ name: input.name, description: input.description || null })
      .returning();
    if (!row) {
      throw new Error('product type not created');
    }
    return presentProductType(row);
  } catch (error) {
    throw isUniqueViolation(error) ? validationError({ name: [MESSAGES.nameTaken] }) : error;
  }
}

export async function updateProductType(db: Database, uuid: string, input: ProductTypeInput): Promise<ProductType> {
  const current = await findRow(db, uuid);
  await assertNameFree(db, input.name, current.id);
  try {
    const [row] = await db
      .update(productTypes)
      .set({ name: input.name, description: input.description || null, updatedAt: sql`now()` })
      .where(eq(productTypes.id, current.id))
      .returning();
    return presentProductType(row ?? current);
  } catch (error) {
    throw isUniqueViolation(error) ? validationError({ name: [MESSAGES.nameTaken] }) : error;
  }
}

/**
 * DELETE product-types/{uuid}: a type that services use is refused (422 `product_type_in_use`), as a post category in
 * use is, rather than silently leaving those services without a type and the discount codes scoped to it matching
 * less. The row lock makes a service being given the type meanwhile wait (its key check needs a key-share lock) or
 * be counted; the restricting foreign key backs the refusal. Codes scoped to an unused type simply lose it.
 */
export async function deleteProductType(db: Database, uuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: productTypes.id })
      .from(productTypes)
      .where(eq(productTypes.uuid, uuid))
      .for('update');
    if (!row) {
      throw notFound();
    }
    const [used] = await tx.select({ n: count() }).from(requestTypes).where(eq(requestTypes.productTypeId, row.id));
    const services = used?.n ?? 0;
    if (services > 0) {
      throw new AppError(422, MESSAGES.productTypeInUse(services), { code: 'product_type_in_use' });
    }
    await tx.delete(productTypes).where(eq(productTypes.id, row.id));
  });
}
