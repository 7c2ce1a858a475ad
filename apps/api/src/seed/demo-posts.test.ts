import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '../../test/test-app';
import { postCategories, posts } from '../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo posts seed', () => {
  it('publishes four posts in three categories, schedules one and keeps one draft', async () => {
    const rows = await db.select({ status: posts.status, text: posts.bodyText }).from(posts);
    expect(rows.map((p) => p.status).sort()).toEqual([
      'draft',
      'published',
      'published',
      'published',
      'published',
      'scheduled',
    ]);
    expect(rows.every((p) => p.text.length > 20)).toBe(true);
    const categories = await db
      .select({ name: postCategories.name })
      .from(postCategories)
      .orderBy(asc(postCategories.name));
    expect(categories.map((c) => c.name)).toEqual(['Advertising', 'Branding', 'Case Studies']);
    const site = await app.inject({ url: '/api/public/posts' });
    expect(site.json().meta.total).toBe(4);
    expect(site.json().data[0].title).toBe('What our clients asked us most this quarter');
    const cases = await app.inject({ url: '/api/public/posts?category=case-studies' });
    expect(cases.json().meta.total).toBe(2);
  });
});
