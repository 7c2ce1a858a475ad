import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildActors } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { PDF_BYTES, pngBytes, startStorage, uploadClient } from '../uploads/test-helpers';

/**
 * A post's cover (an upload held as post_cover, served publicly only while the post is public), its author, and the
 * domain events posts' writes announce into the activity log.
 */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let storage: Awaited<ReturnType<typeof startStorage>>;
let files: ReturnType<typeof uploadClient>;

beforeAll(async () => {
  storage = await startStorage('local');
  ({ app, db, close } = await getTestApp({ env: { ...storage.env, PUBLIC_SITE_URL: 'https://agency.example' } }));
  actors = await buildActors(db);
  files = uploadClient(app);
});
afterAll(async () => {
  await close();
  await storage.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = actors.admin.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const open = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
/** The public cover URL is absolute on APP_URL; inject takes its path. */
const pathOf = (url: string) => new URL(url).pathname;

type Post = {
  uuid: string;
  slug: string;
  cover: { uuid: string; url: string } | null;
  author: { uuid: string; name: string } | null;
};

async function newPost(title: string, extra: object = {}): Promise<Post> {
  const res = await call('POST', '/api/posts', { title, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function put(uuid: string, payload: object) {
  return call('PUT', `/api/posts/${uuid}`, payload);
}
async function publicCover(slug: string): Promise<string | null> {
  const res = await open(`/api/public/posts/${slug}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.cover_url;
}

describe('cover image', () => {
  it('attaches an image as the cover and serves it publicly once the post is published', async () => {
    const bytes = await pngBytes(64, 32);
    const image = await files.upload(actors.admin.token, 'cover.png', bytes);
    const post = await newPost('Cover story');
    const saved = await put(post.uuid, { cover_upload_uuid: image });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.cover).toMatchObject({ uuid: image, url: `/api/uploads/${image}` });

    // A draft's cover is never public, even by its upload's uuid.
    expect((await open(`/api/public/post-covers/${image}`)).statusCode).toBe(404);

    expect((await call('POST', `/api/posts/${post.uuid}/publish`, {})).statusCode).toBe(200);
    const coverUrl = await publicCover(post.slug);
    expect(coverUrl).toBe(`${new URL(coverUrl ?? '').origin}/api/public/post-covers/${image}`);
    const served = await open(pathOf(coverUrl ?? ''));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=300');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    const again = await open(pathOf(coverUrl ?? ''), { 'if-none-match': String(served.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Unpublished, the post and its cover leave the public at once; published again, both come back.
    await call('POST', `/api/posts/${post.uuid}/unpublish`);
    expect((await open(pathOf(coverUrl ?? ''))).statusCode).toBe(404);
    expect((await open(`/api/public/posts/${post.slug}`)).statusCode).toBe(404);
    await call('POST', `/api/posts/${post.uuid}/publish`, {});
    expect((await open(pathOf(coverUrl ?? ''))).statusCode).toBe(200);

    const list = await open('/api/public/posts');
    const listed = (list.json().data as { slug: string; cover_url: string | null }[]).find((p) => p.slug === post.slug);
    expect(listed?.cover_url).toBe(coverUrl);
    const rss = await open('/api/public/posts/feed.xml');
    expect(rss.body).toContain(`<enclosure url="${coverUrl}"`);
    const sitemap = await open('/api/public/posts/sitemap.xml');
    expect(sitemap.body).toContain(`<image:loc>${coverUrl}</image:loc>`);
  });

  it('keeps one cover: a new one replaces the old, whose public address then answers 404', async () => {
    const first = await files.upload(actors.admin.token, 'first.png', await pngBytes());
    const post = await newPost('Replaced cover', { cover_upload_uuid: first });
    expect(post.cover?.uuid).toBe(first);
    await call('POST', `/api/posts/${post.uuid}/publish`, {});
    expect((await open(`/api/public/post-covers/${first}`)).statusCode).toBe(200);
    const third = await files.upload(actors.admin.token, 'third.webp', await pngBytesAs('webp'));
    const again = await put(post.uuid, { cover_upload_uuid: third });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.cover.uuid).toBe(third);
    expect((await open(`/api/public/post-covers/${first}`)).statusCode).toBe(404);
    expect((await open(`/api/public/post-covers/${third}`)).statusCode).toBe(200);
    const held = await db.execute(
      `select count(*)::int as n from uploads where holder_type = 'post_cover' and holder_id = (select id from posts where uuid = '${post.uuid}')`,
    );
    expect(held.rows[0]).toEqual({ n: 1 });

    const removed = await put(post.uuid, { cover_upload_uuid: null });
    expect(removed.json().data.cover).toBeNull();
    expect((await open(`/api/public/post-covers/${third}`)).statusCode).toBe(404);
    expect(await publicCover(post.slug)).toBeNull();
  });

  it('refuses a file that is not an image, and another person’s upload, under cover_upload_uuid', async () => {
    const pdf = await files.upload(actors.admin.token, 'brief.pdf', PDF_BYTES);
    const post = await newPost('Not an image');
    const refused = await put(post.uuid, { cover_upload_uuid: pdf });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.cover_upload_uuid).toEqual(['The cover must be an image (JPG, PNG, GIF or WebP).']);
    const managers = await files.upload(actors.manager.token, 'theirs.png', await pngBytes());
    const foreign = await put(post.uuid, { cover_upload_uuid: managers });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.cover_upload_uuid).toHaveLength(1);
    expect((await call('GET', `/api/posts/${post.uuid}`)).json().data.cover).toBeNull();
  });

  it('never serves any other upload through the public cover route', async () => {
    const loose = await files.upload(actors.admin.token, 'loose.png', await pngBytes());
    expect((await open(`/api/public/post-covers/${loose}`)).statusCode).toBe(404);
    expect((await open('/api/public/post-covers/not-a-uuid')).statusCode).toBe(422);
  });

  it('shows a cover to signed-in readers of posts only', async () => {
    const image = await files.upload(actors.admin.token, 'private.png', await pngBytes());
    await newPost('Private cover', { cover_upload_uuid: image });
    expect((await call('GET', `/api/uploads/${image}/info`, undefined, actors.manager.token)).statusCode).not.toBe(404);
    expect((await call('GET', `/api/uploads/${image}/info`, undefined, actors.freelancer.token)).statusCode).toBe(404);
  });
});

/** The same picture as WebP bytes (the verifier checks the bytes against the extension). */
async function pngBytesAs(format: 'webp') {
  const sharp = (await import('sharp')).default;
  return sharp(await pngBytes(30, 30))
    .toFormat(format)
    .toBuffer();
}

describe('author', () => {
  it('takes any active staff member as the author and lists them', async () => {
    const post = await newPost('Authored');
    expect(post.author?.uuid).toBe(actors.admin.uuid);
    const moved = await put(post.uuid, { author_uuid: actors.manager.uuid });
    expect(moved.json().data.author.uuid).toBe(actors.manager.uuid);
    const list = await call('GET', `/api/posts?filters[author][]=${actors.manager.uuid}`);
    expect((list.json().data as { uuid: string }[]).map((p) => p.uuid)).toContain(post.uuid);
    const refused = await put(post.uuid, { author_uuid: actors.contact.uuid });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.author_uuid).toEqual(['The author must be an active staff member.']);
  });
});

type Entry = {
  action: string;
  object_type: string;
  object: { uuid: string | null; label: string | null };
  fields: string[];
};

async function trail(objectType: string): Promise<Entry[]> {
  const res = await call('GET', `/api/activity-logs?filters[object_type]=${objectType}&page[size]=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('events into the activity log', () => {
  it('records create, update (field names only), publish, schedule, restore and delete of a post', async () => {
    const post = await newPost('Trail post');
    await put(post.uuid, { title: 'Trail post, edited', excerpt: 'A secret excerpt value' });
    await call('POST', `/api/posts/${post.uuid}/publish`, {});
    await call('POST', `/api/posts/${post.uuid}/publish`, {
      published_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const unpublished = await call('POST', `/api/posts/${post.uuid}/unpublish`);
    expect(unpublished.json().data).toMatchObject({ status: 'draft', published_at: null });
    const revisions = (await call('GET', `/api/posts/${post.uuid}/revisions`)).json().data as { id: number }[];
    const oldest = revisions.at(-1)?.id;
    await call('POST', `/api/posts/${post.uuid}/revisions/${oldest}/restore`);
    await call('DELETE', `/api/posts/${post.uuid}`);
    const mine = async () => (await trail('post')).filter((e) => e.object?.uuid === post.uuid);
    await vi.waitFor(async () => expect(await mine()).toHaveLength(7));
    const entries = (await mine()).reverse();
    expect(entries.map((e) => e.action)).toEqual([
      'create',
      'update',
      'publish',
      'schedule',
      'unpublish',
      'restore',
      'delete',
    ]);
    expect(entries[1]).toMatchObject({ object: { label: 'Trail post, edited' }, fields: ['excerpt', 'title'] });
    // The restore put the first revision's title back; the delete names the post as it was then.
    expect(entries[6]?.object.label).toBe('Trail post');
    expect(JSON.stringify(entries)).not.toContain('secret excerpt');
  });

  it('records category create, rename and delete', async () => {
    const created = await call('POST', '/api/post-categories', { name: 'Trail category' });
    const { uuid } = created.json().data;
    await call('PUT', `/api/post-categories/${uuid}`, { name: 'Trail category renamed' });
    await call('DELETE', `/api/post-categories/${uuid}`);
    const mine = async () => (await trail('post_category')).filter((e) => e.object?.uuid === uuid);
    await vi.waitFor(async () => expect(await mine()).toHaveLength(3));
    expect((await mine()).reverse().map((e) => [e.action, e.object.label])).toEqual([
      ['create', 'Trail category'],
      ['update', 'Trail category renamed'],
      ['delete', 'Trail category renamed'],
    ]);
  });

  it('announces nothing for a refused write', async () => {
    const refused = await call('POST', '/api/posts', { title: 'x', slug: 'Not A Slug' });
    expect(refused.statusCode).toBe(422);
    const taken = await newPost('Refusal base');
    const other = await newPost('Refusal other');
    const clash = await put(other.uuid, { slug: taken.slug });
    expect(clash.statusCode).toBe(422);
    await vi.waitFor(async () =>
      expect((await trail('post')).filter((e) => e.object?.uuid === other.uuid)).toHaveLength(1),
    );
  });
});
