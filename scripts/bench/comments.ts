import { BUSY_TASK_UUID } from '../../apps/api/src/seed/seed-scale-comments';
import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/**
 * `npm run bench comments`: with the scale seed plus comments (a task with 2,000 comments, replies and likes; 100,000
 * comments elsewhere; the manager holding 10,000 notifications), p50/p95/p99 of the task's first page of 100 threads
 * (issue 12 target p95 ≤ 30 ms) and of the manager's mentions/count (≤ 10 ms), each beside node:http answering the
 * same bytes in the same run.
 */
export async function benchComments(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1', SEED_COMMENTS: '1' });
  console.log(
    `\nComments: API with the scale seed and comments ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
  );
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const manager = await signIn(base, 'manager@demo.test');
    const page =
      `/api/tasks/${BUSY_TASK_UUID}/comments?page[size]=100&page[number]=1&sort[by]=created_at` +
      '&sort[direction]=desc&with_scheduled=1';
    const first = (await (await fetch(`${base}${page}`, { headers: admin })).json()) as { meta: { total: number } };
    const count = (await (await fetch(`${base}/api/mentions/count`, { headers: manager })).json()) as {
      inbox_unread: number;
    };
    console.log(
      `  the busy task has ${first.meta.total} threads; the manager has ${count.inbox_unread} unread mentions`,
    );
    const calls: Call[] = [
      { label: 'GET /api/tasks/{uuid}/comments first page of 100 (2,000 comments)', path: page, goal: 30 },
      {
        label: 'GET /api/mentions/count (10,000 notifications)',
        path: '/api/mentions/count',
        goal: 10,
        headers: manager,
      },
      {
        label: 'GET /api/mentions?filter=unread (the inbox, 20 a page)',
        path: '/api/mentions?filter=unread',
        goal: null,
        headers: manager,
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
