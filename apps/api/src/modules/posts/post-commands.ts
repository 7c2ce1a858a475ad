import {
  POST_MESSAGES,
  type postInputSchema,
  type postPublishSchema,
  type postUpdateSchema,
  richTextToPlain,
  slugify,
} from '@portal/domain';
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import {
  contacts,
  postCategories,
  postCategoryLinks,
  postRevisions,
  postSlugRedirects,
  posts,
  users,
} from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { notFound, validationError } from '../../http/errors';
import type { FileStorage } from '../uploads/storage';
import { releaseCover, setCover } from './post-cover';
import { announcePost, sentFields } from './post-events';
import { findPostRow } from './post-queries';
import { clearPublicAnswers } from './public-posts';

type PostInput = z.output<typeof postInputSchema>;
type PostUpdate = z.output<typeof postUpdateSchema>;
type Reason = 'save' | 'publish' | 'restore';
/** What a write needs besides its input: storage for the cover, and where its events go (after commit). */
export type PostWrite = { storage: FileStorage; emit: Emit };
const NO_EVENTS: Emit = () => undefined;

/** Is this slug free for this post: no other post uses it now (old slugs of others may be taken over). */
async function slugTaken(db: DbExecutor, slug: string, postId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(postId === undefined ? eq(posts.slug, slug) : and(eq(posts.slug, slug), ne(posts.id, postId)));
  return Boolean(row);
}

/** The title's slug, with -2, -3 … when another post has it (a slug made for you never fails). */
async function freeSlugFor(db: DbExecutor, title: string): Promise<string> {
  const base = slugify(title);
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, 110)}-${n}`;
    if (!(await slugTaken(db, candidate))) {
      return candidate;
    }
  }
}

async function categoryIds(db: DbExecutor, uuids: string[]): Promise<number[]> {
  const unique = [...new Set(uuids)];
  if (unique.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: postCategories.id })
    .from(postCategories)
    .where(inArray(postCategories.uuid, unique));
  if (rows.length !== unique.length) {
    throw validationError({ category_uuids: [POST_MESSAGES.unknownCategory] });
  }
  return rows.map((r) => r.id);
}

/** The author: an active staff member's user (regular user or freelancer). */
async function authorId(db: DbExecutor, uuid: string): Promise<number> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(contacts, eq(contacts.userId, users.id))
    .where(
      and(eq(users.uuid, uuid), eq(users.status, 'active'), inArray(contacts.type, ['regular_user', 'freelancer'])),
    );
  if (!row) {
    throw validationError({ author_uuid: [POST_MESSAGES.unknownAuthor] });
  }
  return row.id;
}

async function setCategories(db: DbExecutor, postId: number, ids: number[]) {
  await db.delete(postCategoryLinks).where(eq(postCategoryLinks.postId, postId));
  if (ids.length) {
    await db.insert(postCategoryLinks).values(ids.map((categoryId) => ({ postId, categoryId })));
  }
}

/** A revision: what title, excerpt, body and SEO fields hold now (after a save, publish or restore). */
export async function snapshot(db: DbExecutor, postId: number, reason: Reason, actorId: number | null) {
  await db.execute(sql`insert into ${postRevisions} (post_id, title, excerpt, body_delta, seo_title, seo_description,
      reason, author_id)
    select id, title, excerpt, body_delta, seo_title, seo_description, ${reason}, ${actorId}
    from ${posts} where id = ${postId}`);
}

const uniqueTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];

/** POST posts: a draft by the caller (or the named author); the slug is made from the title unless given. */
export async function createPost(
  db: DbExecutor,
  actorId: number,
  input: PostInput,
  write?: PostWrite,
): Promise<string> {
  if (input.slug && (await slugTaken(db, input.slug))) {
    throw validationError({ slug: [POST_MESSAGES.slugTaken] });
  }
  const slug = input.slug || (await freeSlugFor(db, input.title));
  const categories = await categoryIds(db, input.category_uuids ?? []);
  const author = input.author_uuid ? await authorId(db, input.author_uuid) : actorId;
  const [row] = await db
    .insert(posts)
    .values({
      title: input.title,
      slug,
      excerpt: input.excerpt ?? null,
      bodyDelta: input.body_delta ?? null,
      bodyText: richTextToPlain(input.body_delta),
      tags: uniqueTags(input.tags ?? []),
      authorId: author,
      seoTitle: input.seo_title ?? null,
      seoDescription: input.seo_description ?? null,
    })
    .returning({ id: posts.id, uuid: posts.uuid });
  if (!row) {
    throw new Error('post not created');
  }
  // A slug another post gave up now belongs to this one: its redirect would point elsewhere.
  await db.delete(postSlugRedirects).where(eq(postSlugRedirects.slug, slug));
  await setCategories(db, row.id, categories);
  if (input.cover_upload_uuid && write) {
    await setCover(db, write.storage, actorId, row.id, input.cover_upload_uuid);
  }
  await snapshot(db, row.id, 'save', actorId);
  announcePost(write?.emit ?? NO_EVENTS, 'created', { uuid: row.uuid, title: input.title, status: 'draft' }, actorId);
  return row.uuid;
}

/**
 * PUT posts/{uuid}: the sent fields. The body arrives already merged into the live document (posts.routes.ts). A
 * new slug keeps the old one as a redirect, so links already shared keep working.
 */
export async function updatePost(
  db: DbExecutor,
  actorId: number,
  uuid: string,
  input: PostUpdate,
  write: PostWrite,
): Promise<void> {
  const post = await findPostRow(db, uuid);
  const set: Partial<typeof posts.$inferInsert> = { updatedAt: new Date() };
  if (input.slug !== undefined && input.slug !== post.slug) {
    if (await slugTaken(db, input.slug, post.id)) {
      throw validationError({ slug: [POST_MESSAGES.slugTaken] });
    }
    set.slug = input.slug;
    await db.delete(postSlugRedirects).where(eq(postSlugRedirects.slug, input.slug));
    await db
      .insert(postSlugRedirects)
      .values({ slug: post.slug, postId: post.id })
      .onConflictDoUpdate({ target: postSlugRedirects.slug, set: { postId: post.id } });
  }
  if (input.title !== undefined) {
    set.title = input.title;
  }
  if (input.excerpt !== undefined) {
    set.excerpt = input.excerpt ?? null;
  }
  if (input.body_delta !== undefined) {
    set.bodyDelta = input.body_delta ?? null;
    set.bodyText = richTextToPlain(input.body_delta);
  }
  if (input.tags !== undefined) {
    set.tags = uniqueTags(input.tags);
  }
  if (input.seo_title !== undefined) {
    set.seoTitle = input.seo_title ?? null;
  }
  if (input.seo_description !== undefined) {
    set.seoDescription = input.seo_description ?? null;
  }
  if (input.author_uuid !== undefined) {
    set.authorId = await authorId(db, input.author_uuid);
  }
  if (input.category_uuids !== undefined) {
    await setCategories(db, post.id, await categoryIds(db, input.category_uuids));
  }
  if (input.cover_upload_uuid !== undefined) {
    await setCover(db, write.storage, actorId, post.id, input.cover_upload_uuid);
  }
  await db.update(posts).set(set).where(eq(posts.id, post.id));
  await snapshot(db, post.id, 'save', actorId);
  const title = input.title ?? post.title;
  announcePost(write.emit, 'updated', { uuid, title, status: post.status }, actorId, sentFields(input));
}

export async function deletePost(db: DbExecutor, actorId: number, uuid: string, emit: Emit): Promise<void> {
  const post = await findPostRow(db, uuid);
  await releaseCover(db, post.id);
  await db.delete(posts).where(eq(posts.id, post.id));
  announcePost(emit, 'deleted', { uuid, title: post.title, status: post.status }, actorId);
  // The shared document goes with it, so a new post can never open an old text.
  await db.execute(sql`delete from collab_documents where name = ${`post.${uuid}.body`}`);
}

/**
 * POST posts/{uuid}/publish: published now without a time (or with one already passed), scheduled with a future
 * one; the posts job publishes scheduled posts when their time comes.
 */
export async function publishPost(
  db: DbExecutor,
  actorId: number,
  uuid: string,
  input: z.output<typeof postPublishSchema>,
  emit: Emit = NO_EVENTS,
  now = new Date(),
): Promise<void> {
  const post = await findPostRow(db, uuid);
  const at = input.published_at ? new Date(input.published_at) : null;
  if (at && at.getTime() <= now.getTime()) {
    throw validationError({ published_at: [POST_MESSAGES.publishAtPast] });
  }
  await db
    .update(posts)
    .set(
      at
        ? { status: 'scheduled', publishedAt: at, updatedAt: now }
        : { status: 'published', publishedAt: now, updatedAt: now },
    )
    .where(eq(posts.id, post.id));
  await snapshot(db, post.id, 'publish', actorId);
  const status = at ? 'scheduled' : 'published';
  announcePost(emit, at ? 'schedule' : 'publish', { uuid, title: post.title, status }, actorId);
}

/**
 * POST posts/{uuid}/unpublish: back to a draft (a published post leaves the public API at once, a scheduled one will
 * not be published). The slug and its redirects stay, so publishing again keeps the address.
 */
export async function unpublishPost(db: DbExecutor, actorId: number, uuid: string, emit: Emit): Promise<void> {
  const post = await findPostRow(db, uuid);
  if (post.status === 'draft') {
    return;
  }
  await db
    .update(posts)
    .set({ status: 'draft', publishedAt: null, updatedAt: new Date() })
    .where(eq(posts.id, post.id));
  announcePost(emit, 'unpublish', { uuid, title: post.title, status: 'draft' }, actorId);
}

/** The revision's fields, for restoring (the body is merged into the live document by the route). */
export async function findRevision(db: DbExecutor, uuid: string, revisionId: number) {
  const post = await findPostRow(db, uuid);
  const [revision] = await db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, post.id)));
  if (!revision) {
    throw notFound();
  }
  return { post, revision };
}

export async function restoreRevision(
  db: DbExecutor,
  actorId: number,
  post: { id: number; uuid: string; status: string },
  revision: { title: string; excerpt: string | null; seoTitle: string | null; seoDescription: string | null },
  body: unknown,
  emit: Emit,
): Promise<void> {
  const postId = post.id;
  await db
    .update(posts)
    .set({
      title: revision.title,
      excerpt: revision.excerpt,
      seoTitle: revision.seoTitle,
      seoDescription: revision.seoDescription,
      bodyDelta: body ?? null,
      bodyText: richTextToPlain(body),
      updatedAt: new Date(),
    })
    .where(eq(posts.id, postId));
  await snapshot(db, postId, 'restore', actorId);
  announcePost(emit, 'restore', { uuid: post.uuid, title: revision.title, status: post.status }, actorId);
}

/** The posts job: every scheduled post whose time has come becomes published (one statement; runs may overlap). */
export async function publishDuePosts(db: DbExecutor, now = new Date(), emit: Emit = NO_EVENTS): Promise<number> {
  const rows = await db
    .update(posts)
    .set({ status: 'published', updatedAt: now })
    .where(and(eq(posts.status, 'scheduled'), lte(posts.publishedAt, now)))
    .returning({ uuid: posts.uuid, title: posts.title });
  clearPublicAnswers();
  for (const row of rows) {
    // The job is the actor (null): the trail says the post was published, by nobody in particular.
    announcePost(emit, 'publish', { ...row, status: 'published' }, null);
  }
  return rows.length;
}
