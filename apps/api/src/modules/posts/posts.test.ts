import { sql } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { RateLimiter } from '../auth/rate-limiter';
import { publishDuePosts } from './post-commands';
import { limitPublicCalls } from './public-posts';

/** The blog (/cms): posts, slugs and redirects, publishing and scheduling, revisions, the public API, cms search. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp({ env: { PUBLIC_SITE_URL: 'https://agency.example' } }));
  actors = await buildActors(db);
});
afterAll(() => close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = actors.admin.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const open = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

type Post = {
  uuid: string;
  slug: string;
  status: string;
  title: string;
  public_url: string | null;
  body_delta: unknown;
};

async function write(payload: object): Promise<Post> {
  const res = await call('POST', '/api/posts', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function publish(uuid: string, publishedAt?: string) {
  const res = await call('POST', `/api/posts/${uuid}/publish`, publishedAt ? { published_at: publishedAt } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Post;
}

describe('slugs', () => {
  it('makes the slug from the title and keeps it unique with a number', async () => {
    const first = await write({ title: 'Spring Launch: Recap & Results!' });
    const second = await write({ title: 'Spring launch — recap & results' });
    expect(first.slug).toBe('spring-launch-recap-results');
    expect(second.slug).toBe('spring-launch-recap-results-2');
  });

  it('refuses a slug another post uses, and one that is not a slug', async () => {
    await write({ title: 'Taken', slug: 'taken-slug' });
    const taken = await call('POST', '/api/posts', { title: 'Other', slug: 'taken-slug' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug[0]).toContain('already uses');
    const bad = await call('POST', '/api/posts', { title: 'Other', slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(422);
  });

  it('answers an old slug with 301 to the new one after an edit', async () => {
    const post = await write({ title: 'Our new office' });
    await publish(post.uuid);
    const edited = await call('PUT', `/api/posts/${post.uuid}`, { slug: 'our-new-studio' });
    expect(edited.json().data.slug).toBe('our-new-studio');
    const old = await open('/api/public/posts/our-new-office');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/api/public/posts/our-new-studio');
    const current = await open('/api/public/posts/our-new-studio');
    expect(current.json().data.title).toBe('Our new office');
    expect(current.json().data.url).toBe('https://agency.example/blog/our-new-studio');
  });
});

describe('publishing', () => {
  it('never serves drafts or scheduled posts before their time, and the job publishes them on time', async () => {
    const draft = await write({ title: 'Secret draft plan' });
    const soon = new Date(Date.now() + 60_000);
    const scheduled = await write({ title: 'Scheduled announcement' });
    const answer = await publish(scheduled.uuid, soon.toISOString());
    expect(answer.status).toBe('scheduled');
    for (const slug of [draft.slug, scheduled.slug]) {
      expect((await open(`/api/public/posts/${slug}`)).statusCode).toBe(404);
    }
    const listed = (await open('/api/public/posts')).json().data.map((p: { slug: string }) => p.slug);
    expect(listed).not.toContain(draft.slug);
    expect(listed).not.toContain(scheduled.slug);
    const feed = (await open('/api/public/posts/feed.xml')).body;
    expect(feed).not.toContain('Secret draft plan');
    expect(feed).not.toContain('Scheduled announcement');

    // The job run before the time leaves it scheduled; the run after publishes it.
    expect(await publishDuePosts(db, new Date(Date.now() - 1000))).toBe(0);
    await db.execute(sql`update posts set published_at = now() - interval '1 second' where uuid = ${scheduled.uuid}`);
    expect(await publishDuePosts(db)).toBe(1);
    const after = await call('GET', `/api/posts/${scheduled.uuid}`);
    expect(after.json().data.status).toBe('published');
    expect((await open(`/api/public/posts/${scheduled.slug}`)).statusCode).toBe(200);
  });

  it('refuses to schedule in the past', async () => {
    const post = await write({ title: 'Late' });
    const res = await call('POST', `/api/posts/${post.uuid}/publish`, { published_at: '2020-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(422);
  });
});

describe('public API', () => {
  it('renders the body as sanitised HTML: no script, no javascript: link, text escaped', async () => {
    const post = await write({
      title: 'Safe rendering',
      body_delta: {
        ops: [
          { insert: 'Hello <script>alert(1)</script> ' },
          { insert: 'bold', attributes: { bold: true } },
          { insert: ' and ' },
          { insert: 'a link', attributes: { link: 'https://example.com/?a=1&b="2"' } },
          { insert: '\nItem\n', attributes: { list: 'bullet' } },
        ],
      },
    });
    await publish(post.uuid);
    // A document that bypassed the API's checks (an editor speaking Yjs directly) is still rendered safely.
    await db.execute(
      sql`update posts set body_delta = ${JSON.stringify({
        ops: [
          { insert: 'click', attributes: { link: 'javascript:alert(1)' } },
          { insert: { script: 'alert(1)' } },
          { insert: { image: 'https://evil.example/x.png' } },
          { insert: ' me', attributes: { onclick: 'x()' } },
          { insert: '\n' },
        ],
      })}::jsonb where uuid = ${post.uuid}`,
    );
    const bad = (await open(`/api/public/posts/${post.slug}`)).json().data.html as string;
    expect(bad).toBe('<p>click me</p>');
    await call('PUT', `/api/posts/${post.uuid}`, {
      body_delta: {
        ops: [
          { insert: 'Hello <script>alert(1)</script> ' },
          { insert: 'bold', attributes: { bold: true } },
          { insert: '\nItem' },
          { insert: '\n', attributes: { list: 'bullet' } },
          { insert: 'After\n' },
        ],
      },
    });
    const html = (await open(`/api/public/posts/${post.slug}`)).json().data.html as string;
    expect(html).toBe(
      '<p>Hello &#60;script&#62;alert(1)&#60;/script&#62; <strong>bold</strong></p><ul><li>Item</li></ul><p>After</p>',
    );
  });

  it('answers ETag and Cache-Control, and 304 on a matching If-None-Match', async () => {
    const first = await open('/api/public/posts');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('public');
    expect(first.headers['cache-control']).toContain('max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await open('/api/public/posts', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const post = await write({ title: 'Fresh news' });
    await publish(post.uuid);
    const changed = await open('/api/public/posts', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('filters by category slug and pages', async () => {
    const category = (await call('POST', '/api/post-categories', { name: 'Case Studies' })).json().data;
    expect(category.slug).toBe('case-studies');
    const post = await write({ title: 'Bakery rebrand case', category_uuids: [category.uuid] });
    await publish(post.uuid);
    const other = await write({ title: 'Uncategorised note' });
    expect(other).toMatchObject({ categories: [] });
    const listed = (await call('GET', `/api/posts?filters[category][]=${category.uuid}`)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ uuid: post.uuid, categories: [expect.objectContaining({ name: 'Case Studies' })] }),
    ]);
    const res = await open('/api/public/posts?category=case-studies');
    expect(res.json().data.map((p: { slug: string }) => p.slug)).toEqual([post.slug]);
    expect(res.json().meta).toMatchObject({ current_page: 1, total: 1 });
    const gone = await call('DELETE', `/api/post-categories/${category.uuid}`);
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toBe('This category is used by 1 post. Remove it from that post first.');
  });

  it('serves an RSS 2.0 feed that parses as XML, an Atom feed and a sitemap', async () => {
    const post = await write({ title: 'Feed item <&> "quoted"', excerpt: 'Summary & more' });
    await publish(post.uuid);
    const rss = await open('/api/public/posts/feed.xml');
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    const names: string[] = [];
    const texts: string[] = [];
    const parser = new SaxesParser();
    parser.on('opentag', (tag) => names.push(tag.name));
    parser.on('text', (text) => texts.push(text));
    parser.on('cdata', (text) => texts.push(text));
    parser.write(rss.body).close();
    expect(names[0]).toBe('rss');
    expect(names).toContain('channel');
    expect(names).toContain('item');
    expect(texts).toContain('Feed item <&> "quoted"');
    const atom = await open('/api/public/posts/feed.atom');
    new SaxesParser().write(atom.body).close();
    expect(atom.body).toContain('<feed');
    const sitemap = await open('/api/public/posts/sitemap.xml');
    new SaxesParser().write(sitemap.body).close();
    expect(sitemap.body).toContain(`<loc>https://agency.example/blog/${post.slug}</loc>`);
  });
});

describe('rate limit', () => {
  it('refuses an address past its calls a minute with 429 and Retry-After, and lets it in again next window', async () => {
    const ctx = { config: { posts: { publicCallsPerIpMinute: 3 } } } as Parameters<typeof limitPublicCalls>[1];
    let now = Date.now();
    const limiter = RateLimiter.inMemory(() => now);
    for (let i = 0; i < 3; i += 1) {
      await limitPublicCalls(limiter, ctx, '203.0.113.9');
    }
    await expect(limitPublicCalls(limiter, ctx, '203.0.113.9')).rejects.toMatchObject({ statusCode: 429 });
    await limitPublicCalls(limiter, ctx, '203.0.113.10');
    now += 61_000;
    await limitPublicCalls(limiter, ctx, '203.0.113.9');
  });
});

describe('revisions', () => {
  it('records each save and publish, and restores one (itself a new revision)', async () => {
    const post = await write({ title: 'First title', excerpt: 'First excerpt', seo_title: 'First SEO' });
    await call('PUT', `/api/posts/${post.uuid}`, {
      title: 'Second title',
      excerpt: 'Second excerpt',
      body_delta: { ops: [{ insert: 'Second body\n' }] },
    });
    await publish(post.uuid);
    const list = (await call('GET', `/api/posts/${post.uuid}/revisions`)).json().data as {
      id: number;
      title: string;
      reason: string;
    }[];
    expect(list.map((r) => [r.reason, r.title])).toEqual([
      ['publish', 'Second title'],
      ['save', 'Second title'],
      ['save', 'First title'],
    ]);
    const first = list[2];
    const restored = await call('POST', `/api/posts/${post.uuid}/revisions/${first?.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      title: 'First title',
      excerpt: 'First excerpt',
      seo_title: 'First SEO',
    });
    const after = (await call('GET', `/api/posts/${post.uuid}/revisions`)).json().data;
    expect(after[0].reason).toBe('restore');
  });
});

describe('access and search', () => {
  it('keeps freelancers and client contacts out of /cms calls', async () => {
    expect((await call('GET', '/api/posts', undefined, actors.freelancer.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/post-categories', undefined, actors.contact.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/posts', undefined, actors.manager.token)).statusCode).toBe(200);
  });

  it('lists with the status, category and author filters', async () => {
    const res = await call('GET', `/api/posts?filters[status][]=draft&filters[author][]=${actors.admin.uuid}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { status: string; author: { uuid: string } }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'draft' && r.author.uuid === actors.admin.uuid)).toBe(true);
  });

  it('finds a post in the cms group by a word of its body, misspelt', async () => {
    const post = await write({
      title: 'Quarterly notes',
      body_delta: { ops: [{ insert: 'Our photography workshop\n' }] },
    });
    const res = await call('GET', `/api/global-search?search_term=${encodeURIComponent('photografy')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cms.map((h: { uuid: string }) => h.uuid)).toContain(post.uuid);
    expect(res.json().data.cms[0].link).toBe(`/cms/${post.uuid}`);
    const none = await call('GET', '/api/global-search?search_term=photografy', undefined, actors.freelancer.token);
    expect(none.json().data.cms).toEqual([]);
  });
});
