import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChild } from './child';

export type Figures = { p50: number; p95: number; p99: number; bytes: number };
export type Call = {
  label: string;
  path: string;
  /** p95 target in ms, printed as MET / NOT MET; null when the call is shown for context only. */
  goal: number | null;
  headers?: Record<string, string>;
};

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** One request at a time, so each figure is the server's own latency, not queueing. */
async function sample(url: string, headers: Record<string, string>, samples: number, warmUp: number) {
  const timings: number[] = [];
  let bytes = 0;
  for (let i = 0; i < warmUp + samples; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!res.ok) {
      throw new Error(`${url} answered ${res.status}`);
    }
    bytes = body.byteLength;
    if (i >= warmUp) {
      timings.push(elapsed);
    }
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p95: percentile(timings, 95), p99: percentile(timings, 99), bytes };
}

const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

export async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'portal-demo-2026' }),
  });
  const token = ((await login.json()) as { data: { auth_token: string } }).data.auth_token;
  return { authorization: `Bearer ${token}` };
}

/**
 * Measures each call against the API and, in the same run, against node:http answering the very same bytes (a
 * fresh bare-server process per call), and prints both with the goal.
 */
export async function compareWithBaseline(options: {
  base: string;
  calls: Call[];
  headers: Record<string, string>;
  samples: number;
  warmUp: number;
}): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  try {
    console.log(`  ${options.samples} sequential requests each after ${options.warmUp} warm-up`);
    for (const call of options.calls) {
      const headers = call.headers ?? options.headers;
      const file = path.join(dir, 'body.json');
      await writeFile(file, await (await fetch(`${options.base}${call.path}`, { headers })).text());
      const bare = await startChild('bare-server.ts', { BENCH_BODY_FILE: file });
      try {
        const measured = await sample(`${options.base}${call.path}`, headers, options.samples, options.warmUp);
        const baseline = await sample(`http://127.0.0.1:${bare.port}/`, {}, options.samples, options.warmUp);
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
    await rm(dir, { recursive: true, force: true });
  }
}
