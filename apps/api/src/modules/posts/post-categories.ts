import { POST_MESSAGES, type PostCategory, slugify } from '@portal/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { postCategories, postCategoryLinks } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { AppError, notFound, validationError } from '../../http/errors';
import { announceCategory } from './post-events';

/** Who wrote, and where the write's events go (after commit); the demo seed writes without events. */
type CategoryWrite = { actorId: number | null; emit: Emit };
const QUIET: CategoryWrite = { actorId: null, emit: () => undefined };

const columns = {
  uuid: postCategories.uuid,
  name: postCategories.name,
  slug: postCategories.slug,
  posts_count: sql<number>`(select count(*)::int from post_category_links l where l.category_id = post_categories.id)`,
};

/** GET post-categories (doc 2 §7 "post categories for filters"): every category by name, with its posts count. */
export async function listCategories(db: DbExecutor): Promise<PostCategory[]> {
  return db.select(columns).from(postCategories).orderBy(postCategories.name, postCategories.id);
}

async function findCategory(db: DbExecutor, uuid: string) {
  const [row] = await db
    .select({ id: postCategories.id, name: postCategories.name })
    .from(postCategories)
    .where(eq(postCategories.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  return row;
}

async function assertFreeSlug(db: DbExecutor, slug: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: postCategories.id })
    .from(postCategories)
    .where(
      exceptId === undefined
        ? eq(postCategories.slug, slug)
        : and(eq(postCategories.slug, slug), ne(postCategories.id, exceptId)),
    );
  if (taken) {
    throw validationError({ name: [POST_MESSAGES.categorySlugTaken] });
  }
}

async function presentCategory(db: DbExecutor, id: number): Promise<PostCategory> {
  const [row] = await db.select(columns).from(postCategories).where(eq(postCategories.id, id));
  if (!row) {
    throw notFound();
  }
  return row;
}

/** POST post-categories: the slug (the public API's `category` filter) follows the name. */
export async function createCategory(
  db: DbExecutor,
  name: string,
  write: CategoryWrite = QUIET,
): Promise<PostCategory> {
  const slug = slugify(name);
  await assertFreeSlug(db, slug);
  const [row] = await db.insert(postCategories).values({ name, slug }).returning({ id: postCategories.id });
  if (!row) {
    throw new Error('category not created');
  }
  const category = await presentCategory(db, row.id);
  announceCategory(write.emit, 'created', category, write.actorId);
  return category;
}

export async function renameCategory(
  db: DbExecutor,
  uuid: string,
  name: string,
  write: CategoryWrite,
): Promise<PostCategory> {
  const category = await findCategory(db, uuid);
  const slug = slugify(name);
  await assertFreeSlug(db, slug, category.id);
  await db.update(postCategories).set({ name, slug }).where(eq(postCategories.id, category.id));
  announceCategory(write.emit, 'updated', { uuid, name }, write.actorId);
  return presentCategory(db, category.id);
}

/**
 * DELETE post-categories/{uuid}: refused while posts use it (422 naming how many), so deleting a category never
 * silently changes what a published post's readers see or what the public category filter answers.
 */
export async function deleteCategory(db: DbExecutor, uuid: string, write: CategoryWrite): Promise<void> {
  const category = await findCategory(db, uuid);
  const [used] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(postCategoryLinks)
    .where(eq(postCategoryLinks.categoryId, category.id));
  if (used && used.count > 0) {
    throw new AppError(422, POST_MESSAGES.categoryInUse(used.count), { code: 'category_in_use' });
  }
  await db.delete(postCategories).where(eq(postCategories.id, category.id));
  announceCategory(write.emit, 'deleted', { uuid, name: category.name }, write.actorId);
}
