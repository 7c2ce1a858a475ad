import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

const POSTS = Number(process.env.BENCH_POSTS ?? 300);

/**
 * `npm run bench posts`: the public posts API (no account) with the demo blog plus BENCH_POSTS (300) published
 * posts in three categories, made through the API as a writer would: p50/p95/p99 of the first public page (target
 * p95 ≤ 10 ms), a later page, a category page, one post (its body rendered to HTML) and the RSS feed, each beside
 * node:http answering the same bytes in the same run; then whether a matching If-None-Match answers 304, and how fast.
 */
export async function benchPosts(): Promise<void> {
  // The public API's per-address limit is lifted for the run: the bench calls it thousands of times a minute.
  const api = await startChild('api-server.ts', { POSTS_PUBLIC_CALLS_PER_IP_MINUTE: '10000000' });
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const json = { ...admin, 'content-type': 'application/json' };
    const seeding = performance.now();
    const categories: string[] = [];
    for (const name of ['Bench news', 'Bench guides', 'Bench cases']) {
      const res = await fetch(`${base}/api/post-categories`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name }),
      });
      categories.push(((await res.json()) as { data: { uuid: string } }).data.uuid);
    }
    let slug = '';
    for (let i = 0; i < POSTS; i += 1) {
      const words = Array.from({ length: 120 }, (_, w) => `word${(i * 7 + w) % 97}`).join(' ');
      const created = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          title: `Bench post number ${i}`,
          excerpt: `A short summary of bench post ${i} for the list.`,
          body_delta: {
            ops: [{ insert: `${words}\n` }, { insert: 'bold part', attributes: { bold: true } }, { insert: '\n' }],
          },
          category_uuids: [categories[i % 3]],
          tags: ['bench', `tag${i % 10}`],
        }),
      });
      const post = ((await created.json()) as { data: { uuid: string; slug: string } }).data;
      await fetch(`${base}/api/posts/${post.uuid}/publish`, { method: 'POST', headers: json, body: '{}' });
      slug = post.slug;
    }
    console.log(
      `\nPosts: ${POSTS} published posts made through the API in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    );

    const calls: Call[] = [
      { label: 'GET public/posts (page 1)', path: '/api/public/posts', goal: 10 },
      { label: 'GET public/posts?page=20', path: '/api/public/posts?page=20', goal: 10 },
      { label: 'GET public/posts?category=bench-guides', path: '/api/public/posts?category=bench-guides', goal: 10 },
      { label: 'GET public/posts/{slug} (HTML body)', path: `/api/public/posts/${slug}`, goal: 10 },
      { label: 'GET public/posts/feed.xml (20 items)', path: '/api/public/posts/feed.xml', goal: null },
    ];
    await compareWithBaseline({
      base,
      calls,
      headers: {},
      samples: Number(process.env.BENCH_SAMPLES ?? 300),
      warmUp: 20,
    });

    const first = await fetch(`${base}/api/public/posts`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const timings: number[] = [];
    let status = 0;
    for (let i = 0; i < 320; i += 1) {
      const started = performance.now();
      const res = await fetch(`${base}/api/public/posts`, { headers: { 'if-none-match': etag } });
      await res.arrayBuffer();
      status = res.status;
      if (i >= 20) {
        timings.push(performance.now() - started);
      }
    }
    timings.sort((a, b) => a - b);
    const at = (p: number) => (timings[Math.ceil((p / 100) * timings.length) - 1] ?? 0).toFixed(1);
    console.log(
      `  GET public/posts with If-None-Match ${etag}: HTTP ${status} (${status === 304 ? 'MET' : 'NOT MET'}), ` +
        `p50 ${at(50)} / p95 ${at(95)} / p99 ${at(99)} ms; Cache-Control: ${first.headers.get('cache-control')}`,
    );
  } finally {
    await api.stop();
  }
}
