import { z } from 'zod';
import { richTextDelta } from '../rich-text';
import { listResponseSchema, optionalText, requiredText } from './common';
import { listQuerySchema, oneOrMany } from './lists';
import { uploadSchema } from './uploads';

/** The agency's blog (issue 22, /cms). */
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_LIMITS = {
  title: 200,
  slug: 120,
  excerpt: 1_000,
  seoTitle: 70,
  seoDescription: 160,
  tag: 40,
  tags: 20,
  categories: 20,
  categoryName: 80,
  publicPageSize: 10,
};

export const POST_MESSAGES = {
  slugTaken: 'Another post already uses this address (slug).',
  slugInvalid: 'Use lower-case letters, digits and single hyphens (for example "spring-launch-recap").',
  categorySlugTaken: 'A category with this name already exists.',
  categoryInUse: (count: number) =>
    `This category is used by ${count} post${count === 1 ? '' : 's'}. Remove it from ${count === 1 ? 'that post' : 'those posts'} first.`,
  publishAtPast: 'Choose a time in the future to schedule, or publish now.',
  unknownCategory: 'One of the chosen categories no longer exists.',
  unknownAuthor: 'The author must be an active staff member.',
  coverNotImage: 'The cover must be an image (JPG, PNG, GIF or WebP).',
  postDeleted: 'Post deleted.',
  categoryDeleted: 'Category deleted.',
  revisionRestored: 'Revision restored.',
} as const;

/** A slug: what a URL path segment of the public site may hold, readable and stable. */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug made from a title: accents folded, everything but letters and digits turned into single hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, POST_LIMITS.slug)
    .replace(/-+$/g, '');
  return slug || 'post';
}

const slugSchema = z.string().trim().max(POST_LIMITS.slug).regex(POST_SLUG_PATTERN, POST_MESSAGES.slugInvalid);
const tagSchema = z.string().trim().min(1).max(POST_LIMITS.tag);

export const postCategorySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  slug: z.string(),
  posts_count: z.number().int(),
});
export type PostCategory = z.infer<typeof postCategorySchema>;
export const postCategoryListResponseSchema = z.object({ data: z.array(postCategorySchema) });
export const postCategoryResponseSchema = z.object({ data: postCategorySchema });
export const postCategoryInputSchema = z.object({ name: requiredText(POST_LIMITS.categoryName) });

const personRefSchema = z.object({ uuid: z.string(), name: z.string() });

export const postListItemSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(POST_STATUSES),
  published_at: z.string().nullable(),
  author: personRefSchema.nullable(),
  categories: z.array(z.object({ uuid: z.string(), name: z.string(), slug: z.string() })),
  tags: z.array(z.string()),
  updated_at: z.string(),
});
export type PostListItem = z.infer<typeof postListItemSchema>;

export const postSchema = postListItemSchema.extend({
  excerpt: z.string().nullable(),
  body_delta: z.unknown().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  /** The document the collaborative editor opens for the body. */
  body_document: z.string(),
  /** The public address of a published post (PUBLIC_SITE_URL), null before. */
  public_url: z.string().nullable(),
  /** The cover image (an upload held by the post); its `url` is the signed-in path, never the public one. */
  cover: uploadSchema.nullable(),
});
export type Post = z.infer<typeof postSchema>;
export const postResponseSchema = z.object({ data: postSchema });

export const POST_SORT_FIELDS = ['title', 'status', 'published_at', 'updated_at'] as const;
export const postListQuerySchema = listQuerySchema({
  filters: {
    status: oneOrMany(z.enum(POST_STATUSES)),
    category: oneOrMany(z.uuid()),
    author: oneOrMany(z.uuid()),
  },
  sortBy: POST_SORT_FIELDS,
});
export const postListResponseSchema = listResponseSchema(postListItemSchema);

/** POST posts; PUT posts/{uuid} takes the same fields, each optional. The slug is made from the title when absent. */
export const postInputSchema = z.object({
  title: requiredText(POST_LIMITS.title),
  slug: slugSchema.optional(),
  excerpt: optionalText(POST_LIMITS.excerpt),
  body_delta: richTextDelta.nullish(),
  category_uuids: z.array(z.uuid()).max(POST_LIMITS.categories).optional(),
  tags: z.array(tagSchema).max(POST_LIMITS.tags).optional(),
  author_uuid: z.uuid().optional(),
  /** The cover image: an upload of the caller's (an image), or null to remove it. One cover per post. */
  cover_upload_uuid: z.uuid().nullable().optional(),
  seo_title: optionalText(POST_LIMITS.seoTitle),
  seo_description: optionalText(POST_LIMITS.seoDescription),
});
export type PostInput = z.input<typeof postInputSchema>;
export const postUpdateSchema = postInputSchema.partial();

/** POST posts/{uuid}/publish: now (no published_at), or scheduled for a future time. */
export const postPublishSchema = z.object({ published_at: z.iso.datetime({ offset: true }).optional() });

export const postRevisionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string().nullable(),
  body_delta: z.unknown().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  reason: z.enum(['save', 'publish', 'restore']),
  author: personRefSchema.nullable(),
  created_at: z.string(),
});
export type PostRevision = z.infer<typeof postRevisionSchema>;
export const postRevisionListResponseSchema = z.object({ data: z.array(postRevisionSchema) });
export const postRevisionParams = z.object({ uuid: z.uuid(), id: z.coerce.number().int().positive() });

/** The public read API (no account): what the agency's website shows. */
export const publicPostListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  category: z.string().max(POST_LIMITS.slug).optional(),
});
export const publicPostSummarySchema = z.object({
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  published_at: z.string(),
  author: z.string().nullable(),
  categories: z.array(z.object({ name: z.string(), slug: z.string() })),
  tags: z.array(z.string()),
  url: z.string(),
  /** The cover image's public address (served only while the post is public), or null. */
  cover_url: z.string().nullable(),
});
export const publicPostListResponseSchema = z.object({
  data: z.array(publicPostSummarySchema),
  meta: z.object({ current_page: z.number(), last_page: z.number(), total: z.number(), per_page: z.number() }),
});
export const publicPostSchema = publicPostSummarySchema.extend({
  html: z.string(),
  seo_title: z.string(),
  seo_description: z.string().nullable(),
});
export const publicPostResponseSchema = z.object({ data: publicPostSchema });
export const publicPostSlugParam = z.object({ slug: z.string().min(1).max(POST_LIMITS.slug) });
