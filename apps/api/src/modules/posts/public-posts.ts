import { createHash } from 'node:crypto';
import { POST_LIMITS, richTextToHtml, sameOriginAs } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { Feed } from 'feed';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { addressBucket } from '../auth/client-address';
import type { RateLimiter } from '../auth/rate-limiter';
import { publicCoverUrl } from './post-cover';
import { publicPostUrl } from './post-queries';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/**
 * What the public may read: published posts, and scheduled ones whose time has passed (the posts job turns them
 * into published within a minute; readers see them on time regardless). Drafts and future posts never.
 */
export const VISIBLE = sql`p.status in ('published', 'scheduled') and p.published_at <= now()`;

type Row = {
  title: string;
  slug: string;
  excerpt: string | null;
  published_at: Date;
  updated_at: Date;
  author: string | null;
  categories: { name: string; slug: string }[];
  tags: string[];
  cover_uuid: string | null;
};

const SUMMARY = sql`p.title, p.slug, p.excerpt, p.published_at, p.updated_at, p.tags,
  (select u.uuid::text from uploads u where u.holder_type = 'post_cover' and u.holder_id = p.id and u.stated
    limit 1) as cover_uuid,
  (select c.name from contacts c where c.user_id = p.author_id limit 1) as author,
  coalesce((select json_agg(json_build_object('name', pc.name, 'slug', pc.slug) order by pc.name)
    from post_category_links l join post_categories pc on pc.id = l.category_id where l.post_id = p.id), '[]') as categories`;

/**
 * Every public call counts against the caller's address on the one RateLimiter in its memory mode: this limit only
 * sheds a scraper's load on a read-only API (no secret to guess, as the sign-in and share-link limits guard, which
 * share rate_limit_counters), and a committed counter write per read would cost more than the read itself. With N
 * instances an address may make N times the limit.
 */
export function limitPublicCalls(limiter: RateLimiter, ctx: Pick<Ctx, 'config'>, ip: string) {
  return limiter.hit([
    {
      key: `posts:public:ip:${addressBucket(ip)}`,
      rule: { limit: ctx.config.posts.publicCallsPerIpMinute, windowSeconds: 60 },
    },
  ]);
}

function summary(ctx: Ctx, row: Row) {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    published_at: new Date(row.published_at).toISOString(),
    author: row.author,
    categories: row.categories,
    tags: row.tags,
    url: publicPostUrl(ctx.config.posts.siteUrl, row.slug),
    cover_url: row.cover_uuid ? publicCoverUrl(ctx.config.appUrl, row.cover_uuid) : null,
  };
}

/** GET public/posts?page&category: newest first, POST_LIMITS.publicPageSize a page. */
export async function listPublicPosts(ctx: Ctx, page: number, category?: string) {
  const size = POST_LIMITS.publicPageSize;
  const inCategory = category
    ? sql`and exists (select 1 from post_category_links l join post_categories pc on pc.id = l.category_id
        where l.post_id = p.id and pc.slug = ${category})`
    : sql``;
  // The page's ids (and the count, over ids only) first: the summary's subqueries then run for ten rows, not for
  // every visible post the window count reads.
  const result = await ctx.db.execute<Row & { total: number }>(sql`
    with page as (
      select p.id, count(*) over ()::int as total from posts p
      where ${VISIBLE} ${inCategory}
      order by p.published_at desc, p.id desc
      limit ${size} offset ${(page - 1) * size})
    select ${SUMMARY}, page.total from page join posts p on p.id = page.id
    order by p.published_at desc, p.id desc`);
  let total = result.rows[0]?.total ?? 0;
  if (result.rows.length === 0 && page > 1) {
    // Past the last page the window count is absent; the meta still tells how many there are.
    const count = await ctx.db.execute<{ total: number }>(
      sql`select count(*)::int as total from posts p where ${VISIBLE} ${inCategory}`,
    );
    total = count.rows[0]?.total ?? 0;
  }
  return {
    data: result.rows.map((row) => summary(ctx, row)),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / size)), total, per_page: size },
  };
}

export type PublicPostAnswer =
  | {
      kind: 'post';
      data: ReturnType<typeof summary> & { html: string; seo_title: string; seo_description: string | null };
    }
  | { kind: 'moved'; slug: string };

/** GET public/posts/{slug}: the post with its body as sanitised HTML, or where an old slug moved to. */
export async function getPublicPost(ctx: Ctx, slug: string): Promise<PublicPostAnswer> {
  const result = await ctx.db.execute<
    Row & { body_delta: unknown; seo_title: string | null; seo_description: string | null }
  >(sql`
    select ${SUMMARY}, p.body_delta, p.seo_title, p.seo_description from posts p where p.slug = ${slug} and ${VISIBLE}`);
  const row = result.rows[0];
  if (row) {
    const siteUrl = ctx.config.appUrl;
    return {
      kind: 'post',
      data: {
        ...summary(ctx, row),
        // Upload paths in the body are made absolute on the portal (where the files are served), never foreign.
        html: richTextToHtml(row.body_delta, { isOwnOrigin: sameOriginAs(siteUrl), baseUrl: siteUrl }),
        seo_title: row.seo_title || row.title,
        seo_description: row.seo_description ?? row.excerpt,
      },
    };
  }
  const moved = await ctx.db.execute<{ slug: string }>(sql`
    select p.slug from post_slug_redirects r join posts p on p.id = r.post_id where r.slug = ${slug} and ${VISIBLE}`);
  if (moved.rows[0]) {
    return { kind: 'moved', slug: moved.rows[0].slug };
  }
  throw notFound();
}

/** The newest posts for the feeds: RSS 2.0 (feed.xml) and Atom 1.0 (feed.atom) from one Feed. */
export async function buildFeed(ctx: Ctx): Promise<Feed> {
  const site = ctx.config.posts.siteUrl;
  const result = await ctx.db.execute<Row & { body_delta: unknown }>(sql`
    select ${SUMMARY}, p.body_delta from posts p where ${VISIBLE} order by p.published_at desc, p.id desc limit 20`);
  const feed = new Feed({
    title: 'Blog',
    description: 'The latest posts',
    id: `${site}/blog`,
    link: `${site}/blog`,
    language: 'en',
    copyright: '',
    updated: result.rows[0] ? new Date(result.rows[0].updated_at) : new Date(0),
    feedLinks: {
      rss: `${ctx.config.appUrl}/api/public/posts/feed.xml`,
      atom: `${ctx.config.appUrl}/api/public/posts/feed.atom`,
    },
  });
  for (const row of result.rows) {
    const url = publicPostUrl(site, row.slug);
    feed.addItem({
      title: row.title,
      id: url,
      link: url,
      description: row.excerpt ?? undefined,
      content: richTextToHtml(row.body_delta, {
        isOwnOrigin: sameOriginAs(ctx.config.appUrl),
        baseUrl: ctx.config.appUrl,
      }),
      date: new Date(row.published_at),
      author: row.author ? [{ name: row.author }] : undefined,
      category: row.categories.map((c) => ({ name: c.name })),
      // RSS: an <enclosure> of the cover; Atom: a link rel="enclosure".
      image: row.cover_uuid ? publicCoverUrl(ctx.config.appUrl, row.cover_uuid) : undefined,
    });
  }
  return feed;
}

const xml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GET public/posts/sitemap.xml: every public post's address and when it last changed. */
export async function buildSitemap(ctx: Ctx): Promise<string> {
  const result = await ctx.db.execute<{ slug: string; updated_at: Date; cover_uuid: string | null }>(sql`
    select p.slug, p.updated_at,
      (select u.uuid::text from uploads u where u.holder_type = 'post_cover' and u.holder_id = p.id and u.stated
        limit 1) as cover_uuid
    from posts p where ${VISIBLE} order by p.published_at desc limit 50000`);
  const urls = result.rows
    .map((row) => {
      const loc = xml(publicPostUrl(ctx.config.posts.siteUrl, row.slug));
      const image = row.cover_uuid
        ? `<image:image><image:loc>${xml(publicCoverUrl(ctx.config.appUrl, row.cover_uuid))}</image:loc></image:image>`
        : '';
      return `<url><loc>${loc}</loc><lastmod>${new Date(row.updated_at).toISOString()}</lastmod>${image}</url>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">${urls}</urlset>`;
}

/** A strong validator of exactly what is sent: equal bodies, equal tags, whichever instance answered. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match holds this tag (a list, or `*`): the client's copy is current. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) {
    return false;
  }
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The public answers this instance made in the last second, by address: a burst of readers (a CDN's edge nodes
 * revalidating, a post shared widely) costs one query a second. A write through this instance clears it at once;
 * another instance's write shows here within the second, and the CDN's own max-age is far longer anyway.
 */
export type PublicAnswer = { type: string; body: string; etag: string };
const answers = new Map<string, PublicAnswer & { until: number }>();
const ANSWER_TTL_MS = 1_000;

export async function answerOnce(
  key: string,
  make: () => Promise<{ type: string; body: string }>,
): Promise<PublicAnswer> {
  const now = Date.now();
  const kept = answers.get(key);
  if (kept && kept.until > now) {
    return kept;
  }
  const made = await make();
  if (answers.size > 1_000) {
    answers.clear();
  }
  const answer = { ...made, etag: etagOf(made.body), until: now + ANSWER_TTL_MS };
  answers.set(key, answer);
  return answer;
}

export function clearPublicAnswers(): void {
  answers.clear();
}
