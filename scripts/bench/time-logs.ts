import { startChild } from './child';
import { type Call, compareWithBaseline, signIn } from './latency';

/**
 * `npm run bench timelogs`: with the scale seed (10,000 plans, their tasks and 1,000,000 time logs over ~200 staff),
 * p50/p95/p99 of the header's calls for the demo admin: the weekly summary (issue 4 target p95 ≤ 20 ms), the
 * active-timers list and a task's Timelogs tab, each beside node:http answering the same bytes in the same run.
 */
export async function benchTimeLogs(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(`\nTime logs: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const headers = await signIn(base, 'admin@demo.test');
    const me = (await (await fetch(`${base}/api/user`, { headers })).json()) as { data: { uuid: string } };
    const anyLog = (await (
      await fetch(`${base}/api/time-log?filters[user.uuid][]=${me.data.uuid}&page[size]=1`, { headers })
    ).json()) as { data: { task: { uuid: string } | null }[]; meta: { total: number } };
    const taskUuid = anyLog.data[0]?.task?.uuid;
    console.log(`  the admin holds ${anyLog.meta.total} time logs`);
    const calls: Call[] = [
      { label: 'GET /api/time-log/weekly-summary', path: '/api/time-log/weekly-summary', goal: 20 },
      {
        label: 'GET /api/time-log (active timers: own, running + paused)',
        path: `/api/time-log?filters[user.uuid][]=${me.data.uuid}&filters[status][]=running&filters[status][]=paused`,
        goal: null,
      },
      ...(taskUuid
        ? [
            {
              label: 'GET /api/tasks/{uuid}/time-logs (Timelogs tab)',
              path: `/api/tasks/${taskUuid}/time-logs`,
              goal: null,
            },
          ]
        : []),
    ];
    await compareWithBaseline({
      base,
      calls,
      headers,
      samples: Number(process.env.BENCH_SAMPLES ?? 300),
      warmUp: 30,
      server: api,
    });
  } finally {
    await api.stop();
  }
}
