import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChild } from './child';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const WARM_UP = 30;

type Figures = { p50: number; p95: number; p99: number; bytes: number };

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** One request at a time, so each figure is the server's own latency, not queueing. */
async function sample(url: string, headers: Record<string, string>): Promise<Figures> {
  const timings: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!res.ok) {
      throw new Error(`${url} answered ${res.status}`);
    }
    bytes = body.byteLength;
    if (i >= WARM_UP) {
      timings.push(elapsed);
    }
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), p99: percentile(timings, 99), bytes };
}

const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

/**
 * `npm run bench timelogs`: with the scale seed (10,000 plans, their tasks and 1,000,000 time logs over ~200 staff),
 * p50/p95/p99 of the header's calls for the demo admin: the weekly summary (issue 4 target p95 ≤ 20 ms), the
 * active-timers list and a task's Timelogs tab, each beside node:http answering the same bytes in the same run.
 */
export async function benchTimeLogs(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(`\nTime logs: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-timelogs-'));
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'portal-demo-2026' }),
    });
    const token = ((await login.json()) as { data: { auth_token: string } }).data.auth_token;
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${base}/api/user`, { headers })).json()) as { data: { uuid: string } };
    const anyLog = (await (
      await fetch(`${base}/api/time-log?filters[user.uuid][]=${me.data.uuid}&page[size]=1`, { headers })
    ).json()) as { data: { task: { uuid: string } | null }[]; meta: { total: number } };
    const taskUuid = anyLog.data[0]?.task?.uuid;
    console.log(`  the admin holds ${anyLog.meta.total} time logs`);
    const calls = [
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
    console.log(`  ${SAMPLES} sequential requests each after ${WARM_UP} warm-up`);
    for (const call of calls) {
      const text = await (await fetch(`${base}${call.path}`, { headers })).text();
      const file = path.join(dir, 'body.json');
      await writeFile(file, text);
      const bare = await startChild('bare-server.ts', { BENCH_BODY_FILE: file });
      try {
        const measured = await sample(`${base}${call.path}`, headers);
        const baseline = await sample(`http://127.0.0.1:${bare.port}/`, {});
        console.log(`  ${call.label} (${(measured.bytes / 1024).toFixed(1)} KB)`);
        for (const [label, f] of [
          ['API', measured],
          ['node:http, same bytes', baseline],
        ] as const) {
          console.log(`    ${label.padEnd(22)} p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   p99 ${ms(f.p99)}`);
        }
        if (call.goal !== null) {
          console.log(`    goal p95 ≤ ${call.goal} ms → ${measured.p95 <= call.goal ? 'MET' : 'NOT MET'}`);
        }
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await api.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
