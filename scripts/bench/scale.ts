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

/** One request at a time, so each figure is the server's own latency, not queueing behind other requests. */
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
 * GET customers?page[size]=999 and GET projects/lite (default filter) with 2,000 clients and 10,000 plans (issue 3:
 * p95 ≤ 50 ms), each beside node:http answering the same bytes. The API runs in its own process on a throw-away
 * database seeded at scale; requests are sequential (≥ 200 samples after a warm-up).
 */
export async function benchScale(): Promise<void> {
  const api = await startChild('api-server.ts', { SEED_SCALE: '1' });
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-scale-'));
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'portal-demo-2026' }),
    });
    const token = ((await login.json()) as { data: { auth_token: string } }).data.auth_token;
    const headers = { authorization: `Bearer ${token}` };
    const calls = [
      { label: 'GET /api/customers?page[size]=999', path: '/api/customers?page[size]=999' },
      { label: 'GET /api/projects/lite', path: '/api/projects/lite' },
    ];
    console.log(
      `\nScale: 2,000 clients and 10,000 plans; ${SAMPLES} sequential requests each after ${WARM_UP} warm-up`,
    );
    for (const call of calls) {
      const probe = await fetch(`${base}${call.path}`, { headers });
      const text = await probe.text();
      const total = (JSON.parse(text) as { meta: { total: number } }).meta.total;
      const file = path.join(dir, 'body.json');
      await writeFile(file, text);
      const bare = await startChild('bare-server.ts', { BENCH_BODY_FILE: file });
      try {
        const measured = await sample(`${base}${call.path}`, headers);
        const baseline = await sample(`http://127.0.0.1:${bare.port}/`, {});
        console.log(`  ${call.label} (${(measured.bytes / 1024).toFixed(0)} KB, ${total} matching rows)`);
        for (const [label, f] of [
          ['API', measured],
          ['node:http, same bytes', baseline],
        ] as const) {
          console.log(`    ${label.padEnd(22)} p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   p99 ${ms(f.p99)}`);
        }
        console.log(`    goal p95 ≤ 50 ms → ${measured.p95 <= 50 ? 'MET' : 'NOT MET'}`);
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await api.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
