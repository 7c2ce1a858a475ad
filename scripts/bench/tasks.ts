import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChild } from './child';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP = 20;

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

async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo-2026' }),
  });
  const token = ((await login.json()) as { data: { auth_token: string } }).data.auth_token;
  return { authorization: `Bearer ${token}` };
}

/**
 * `npm run bench tasks`: with the scale seed (10,000 plans, 200,000 tasks), p50/p95/p99 of the project tasks list:
 * page[size]=1000 as the table/kanban/chart tabs load it (issue 4 target p95 ≤ 150 ms) and 50-row pages (≤ 30 ms),
 * plus a deep page, a status-filtered kanban load with tags, one plan's tasks and a freelancer's list. Each beside
 * node:http answering the same bytes in the same run.
 */
export async function benchTasks(): Promise<void> {
  const seeding = performance.now();
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  console.log(`\nTasks: API with the scale seed ready in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-tasks-'));
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const freelancer = await signIn(base, 'freelancer@demo.test');
    const first = (await (await fetch(`${base}/api/tasks?page[size]=1`, { headers: admin })).json()) as {
      data: { project: { uuid: string } }[];
      meta: { total: number };
    };
    console.log(`  the admin sees ${first.meta.total} tasks`);
    const planUuid = first.data[0]?.project.uuid ?? '';
    const calls = [
      {
        label: 'GET /api/tasks page[size]=1000 (all plans, newest first)',
        path: '/api/tasks?page[size]=1000',
        goal: 150,
      },
      { label: 'GET /api/tasks page[size]=50', path: '/api/tasks?page[size]=50', goal: 30 },
      { label: 'GET /api/tasks page[size]=50 page 100', path: '/api/tasks?page[size]=50&page[number]=100', goal: null },
      {
        label: 'GET /api/tasks kanban (4 statuses, with=tags, task_sort, 1000)',
        path:
          '/api/tasks?page[size]=1000&with=tags&sort[by]=task_sort&filters[task_status][]=todo' +
          '&filters[task_status][]=in_progress&filters[task_status][]=waiting_approval&filters[task_status][]=pending',
        goal: 150,
      },
      {
        label: "GET /api/tasks one plan's tasks (1000)",
        path: `/api/tasks?page[size]=1000&filters[project]=${planUuid}`,
        goal: null,
      },
      {
        label: 'GET /api/tasks page[size]=50 as the freelancer',
        path: '/api/tasks?page[size]=50',
        goal: 30,
        headers: freelancer,
      },
    ];
    console.log(`  ${SAMPLES} sequential requests each after ${WARM_UP} warm-up`);
    for (const call of calls) {
      const headers = call.headers ?? admin;
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
