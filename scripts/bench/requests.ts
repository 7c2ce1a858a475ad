import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/** The list as the Requests screen first loads it (doc 2 §4 default filter), with its totals. */
export const REQUESTS_DEFAULT_LIST =
  '/api/requests?filters[projects_requests.status][]=new&filters[projects_requests.status][]=waiting_approval' +
  '&filters[projects_requests.status][]=approved&filters[projects_requests.status][]=needs_attention' +
  '&filters[projects_requests.status][]=in_progress&filters[projects_requests.temperature][]=1' +
  '&filters[projects_requests.temperature][]=2&filters[projects_requests.temperature][]=3' +
  '&project_type[]=retainer&project_type[]=hosting&sort[by]=created_at&sort[direction]=desc' +
  '&with=latest_comment&with_total_time=1&with_count_per_temp=1&page[size]=50';

/**
 * `npm run bench requests`: with the scale seed (10,000 plans, 100,000 requests), p50/p95/p99 of the default
 * Requests list page with total_time and count_per_temp (issue 5 target p95 ≤ 30 ms) and of page 1,000 of the same
 * list (the same target, and no more than 2× page 1), each beside node:http answering the same bytes in the same run.
 */
export async function benchRequests(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(`\nRequests: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const first = (await (await fetch(`${base}${REQUESTS_DEFAULT_LIST}`, { headers: admin })).json()) as {
      meta: { total: number; last_page: number };
      count_per_temp: Record<string, number>;
      total_time: number;
    };
    console.log(
      `  the default list holds ${first.meta.total} requests (${first.meta.last_page} pages of 50); ` +
        `count_per_temp ${JSON.stringify(first.count_per_temp)}, total_time ${first.total_time} min`,
    );
    const calls: Call[] = [
      {
        label: 'GET /api/requests default list, page 1 of 50 (+ total_time, count_per_temp)',
        path: REQUESTS_DEFAULT_LIST,
        goal: 30,
      },
      {
        label: 'GET /api/requests default list, page 1,000 of 50 (+ total_time, count_per_temp)',
        path: `${REQUESTS_DEFAULT_LIST}&page[number]=1000`,
        goal: 30,
      },
    ];
    await compareWithBaseline({
      base,
      calls,
      headers: admin,
      samples: Number(process.env.BENCH_SAMPLES ?? 300),
      warmUp: 30,
      server: api,
    });
  } finally {
    await api.stop();
  }
}
