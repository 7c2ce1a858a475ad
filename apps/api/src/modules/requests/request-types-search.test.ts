import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestTestContext, requestCalls, setUpRequestTests } from './request-test-helpers';

let ctx: RequestTestContext;
const calls = requestCalls(() => ctx);

beforeAll(async () => {
  ctx = await setUpRequestTests();
});
afterAll(() => ctx.close());

const names = async (term: string) => {
  const res = await ctx.app.inject({
    url: `/api/request-types?search_term=${encodeURIComponent(term)}`,
    headers: calls.asAdmin(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((t: { name: string }) => t.name) as string[];
};

describe('GET /api/request-types?search_term (the catalogue search)', () => {
  it('tolerates typos: "emial" finds the e-mail service, as global search finds misspelt names', async () => {
    expect(await names('emial')).toEqual(['Email Design']);
    // 'Video' is also a tag of the video shoots' services.
    const video = await names('vidoe');
    expect(video).toContain('Video Production');
    expect(video).not.toContain('Email Design');
  });

  it('still matches names, word prefixes and tags as written, and everything for an empty term', async () => {
    expect(await names('Email Design')).toEqual(['Email Design']);
    const social = await names('soc med');
    expect(social).toEqual(expect.arrayContaining(['Social Media Creatives', 'Social Media Management']));
    expect(social).not.toContain('Email Design');
    const all = await names('');
    expect(all.length).toBeGreaterThan(10);
    expect(await names('zzqx')).toEqual([]);
  });
});
