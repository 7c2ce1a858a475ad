import type { Post, PostListItem, PostRevision, postListQuerySchema } from '@portal/domain';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { contacts, postCategories, postCategoryLinks, postRevisions, posts, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { containsPattern, listMeta, pageOffset } from '../../http/list-paging';
import { loadCovers } from './post-cover';

export type PostListQuery = z.output<typeof postListQuerySchema>;

/** The collaborative editor's document of a post's body (collab/documents.ts). */
export const bodyDocumentName = (uuid: string) => `post.${uuid}.body`;

/** Where a published post lives on the agency's website. */
export const publicPostUrl = (siteUrl: string, slug: string) => `${siteUrl}/blog/${slug}`;

// Written with the table's name: in a select list a column renders unqualified, and inside these subqueries a bare
// "id" would be the subquery's own table's.
const authorName = sql<string | null>`(select c.name from contacts c where c.user_id = posts.author_id limit 1)`;
const authorUuid = sql<string | null>`(select u.uuid::text from users u where u.id = posts.author_id)`;
const categoriesOf = sql<{ uuid: string; name: string; slug: string }[]>`coalesce((
  select json_agg(json_build_object('uuid', pc.uuid, 'name', pc.name, 'slug', pc.slug) order by pc.name)
  from post_category_links l join post_categories pc on pc.id = l.category_id where l.post_id = posts.id), '[]')`;

const columns = {
  id: posts.id,
  uuid: posts.uuid,
  title: posts.title,
  slug: posts.slug,
  status: posts.status,
  publishedAt: posts.publishedAt,
  tags: posts.tags,
  updatedAt: posts.updatedAt,
  authorName,
  authorUuid,
  categories: categoriesOf,
};
const detailColumns = {
  ...columns,
  excerpt: posts.excerpt,
  bodyDelta: posts.bodyDelta,
  seoTitle: posts.seoTitle,
  seoDescription: posts.seoDescription,
};

type ListRow = { [K in keyof typeof columns]: unknown } & {
  uuid: string;
  title: string;
  slug: string;
  status: 'draft' | 'scheduled' | 'published';
  publishedAt: Date | null;
  tags: string[];
  updatedAt: Date;
  authorName: string | null;
  authorUuid: string | null;
  categories: { uuid: string; name: string; slug: string }[];
};

function presentListItem(row: ListRow): PostListItem {
  return {
    uuid: row.uuid,
    title: row.title,
    slug: row.slug,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    author: row.authorUuid ? { uuid: row.authorUuid, name: row.authorName ?? '' } : null,
    categories: row.categories,
    tags: row.tags,
    updated_at: row.updatedAt.toISOString(),
  };
}

const SORT: Record<string, SQL> = {
  title: sql`${posts.title}`,
  status: sql`${posts.status}`,
  published_at: sql`${posts.publishedAt}`,
  updated_at: sql`${posts.updatedAt}`,
};

/** GET posts: the table toolkit's paging, sort, search (title) and the status / category / author filters. */
export async function listPosts(db: DbExecutor, query: PostListQuery) {
  const conditions: SQL[] = [];
  const f = query.filters;
  if (f?.status?.length) {
    conditions.push(inArray(posts.status, f.status));
  }
  if (f?.category?.length) {
    conditions.push(sql`exists (select 1 from ${postCategoryLinks} l join ${postCategories} pc on pc.id = l.category_id
      where l.post_id = ${posts.id} and pc.uuid in (${sql.join(
        f.category.map((u) => sql`${u}::uuid`),
        sql`, `,
      )}))`);
  }
  if (f?.author?.length) {
    conditions.push(
      sql`${posts.authorId} in (select id from ${users} where uuid in (${sql.join(
        f.author.map((u) => sql`${u}::uuid`),
        sql`, `,
      )}))`,
    );
  }
  if (query.search_term) {
    conditions.push(ilike(posts.title, containsPattern(query.search_term)));
  }
  const where = and(...conditions);
  const direction = query.sort?.direction === 'asc' ? sql`asc` : sql`desc`;
  const by = SORT[query.sort?.by ?? 'updated_at'] ?? SORT.updated_at;
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(posts)
      .where(where)
      .orderBy(sql`${by} ${direction} nulls last, ${posts.id} ${direction}`)
      .limit(query.page.size)
      .offset(pageOffset(query.page)),
    db.select({ count: sql<number>`count(*)::int` }).from(posts).where(where),
  ]);
  return { data: rows.map((r) => presentListItem(r as ListRow)), meta: listMeta(total?.count ?? 0, query.page) };
}

export async function findPostRow(db: DbExecutor, uuid: string) {
  const [row] = await db
    .select({ id: posts.id, uuid: posts.uuid, title: posts.title, slug: posts.slug, status: posts.status })
    .from(posts)
    .where(eq(posts.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  return row;
}

export async function getPost(db: DbExecutor, uuid: string, siteUrl: string): Promise<Post> {
  const [row] = await db.select(detailColumns).from(posts).where(eq(posts.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  const covers = await loadCovers(db, [row.id]);
  return {
    ...presentListItem(row as ListRow),
    excerpt: row.excerpt,
    body_delta: row.bodyDelta ?? null,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    body_document: bodyDocumentName(row.uuid),
    public_url: row.status === 'published' ? publicPostUrl(siteUrl, row.slug) : null,
    cover: covers.get(row.id) ?? null,
  };
}

/** GET posts/{uuid}/revisions: newest first. */
export async function listRevisions(db: DbExecutor, uuid: string): Promise<PostRevision[]> {
  const post = await findPostRow(db, uuid);
  const rows = await db
    .select({
      id: postRevisions.id,
      title: postRevisions.title,
      excerpt: postRevisions.excerpt,
      bodyDelta: postRevisions.bodyDelta,
      seoTitle: postRevisions.seoTitle,
      seoDescription: postRevisions.seoDescription,
      reason: postRevisions.reason,
      authorUuid: users.uuid,
      authorName: contacts.name,
      createdAt: postRevisions.createdAt,
    })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorId))
    .leftJoin(contacts, eq(contacts.userId, users.id))
    .where(eq(postRevisions.postId, post.id))
    .orderBy(desc(postRevisions.id))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    excerpt: r.excerpt,
    body_delta: r.bodyDelta ?? null,
    seo_title: r.seoTitle,
    seo_description: r.seoDescription,
    reason: r.reason,
    author: r.authorUuid ? { uuid: r.authorUuid, name: r.authorName ?? '' } : null,
    created_at: r.createdAt.toISOString(),
  }));
}
