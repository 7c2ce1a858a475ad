import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId, updatedAt } from './columns';
import { users } from './users';

/** Categories of the agency's blog (modules/posts); the slug is what the public API filters by. */
export const postCategories = pgTable('post_categories', {
  id: id(),
  uuid: publicId(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Blog posts (issue 22). The body is the collaborative editor's document `post.<uuid>.body`, stored back into
 * `body_delta`; `body_text` is its plain text, kept for global search. A scheduled post carries its future
 * `published_at`; the posts job turns it into published when that time has passed.
 */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    uuid: publicId(),
    title: text().notNull(),
    slug: text().notNull().unique(),
    excerpt: text(),
    bodyDelta: jsonb(),
    bodyText: text().notNull().default(''),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    seoTitle: text(),
    seoDescription: text(),
    status: text({ enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_status_published_at_idx').on(t.status, t.publishedAt),
    check('posts_status_check', sql`${t.status} in ('draft', 'scheduled', 'published')`),
    check('posts_published_at_check', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);

export const postCategoryLinks = pgTable(
  'post_category_links',
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => postCategories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.categoryId] }),
    index('post_category_links_category_idx').on(t.categoryId),
  ],
);

/** A slug a post used to have: the public API answers 301 to the post's current slug. */
export const postSlugRedirects = pgTable('post_slug_redirects', {
  slug: text().primaryKey(),
  postId: integer()
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** A snapshot of what a save, publish or restore left: title, excerpt, body and SEO fields. */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: id(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    excerpt: text(),
    bodyDelta: jsonb(),
    seoTitle: text(),
    seoDescription: text(),
    reason: text({ enum: ['save', 'publish', 'restore'] }).notNull(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.id)],
);
