import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BenchChild, startChild } from './child';
import { cpuPerRequest } from './cpu';
import type { ExplainedQuery } from './explain';

export type Figures = { p50: number; p95: number; p99: number; bytes: number; cpu?: number };
export type Call = {
  label: string;
  path: string;
  /** p95 target in ms, printed as MET / NOT MET; null when the call is shown for context only. */
  goal: number | null;
  /** CPU ms per request (API process + its PostgreSQL) target, printed as MET / NOT MET. */
  cpuGoal?: number;
  /** Requests in the CPU load (default BENCH_CPU_REQUESTS or 200). */
  cpuRequests?: number;
  headers?: Record<string, string>;
};

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** One request at a time, so each figure is the server's own latency, not queueing. */
async function sample(url: string, headers: Record<string, string>, samples: number, warmUp: number): Promise<Figures> {
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

export async function signIn(base: string, email: string): Promise<{ authorization: string }> {
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
  /** The API child: when given, each call also prints CPU per request from /proc and EXPLAIN (ANALYZE) figures. */
  server?: BenchChild;
}): Promise<Map<string, Figures>> {
  const figures = new Map<string, Figures>();
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  try {
    console.log(`  ${options.samples} sequential requests each after ${options.warmUp} warm-up`);
    // BENCH_ONLY=<text>: only the calls whose label contains it (a quicker run while working on one query).
    const only = process.env.BENCH_ONLY;
    for (const call of options.calls.filter((c) => !only || c.label.includes(only))) {
      const headers = call.headers ?? options.headers;
      const file = path.join(dir, 'body.json');
      await writeFile(file, await (await fetch(`${options.base}${call.path}`, { headers })).text());
      const bare = await startChild('bare-server.ts', { BENCH_BODY_FILE: file });
      try {
        const measured = await sample(`${options.base}${call.path}`, headers, options.samples, options.warmUp);
        const baseline = await sample(`http://127.0.0.1:${bare.port}/`, {}, options.samples, options.warmUp);
        figures.set(call.label, measured);
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
        if (options.server) {
          measured.cpu = await printCpuAndPlans(options.server, bare, `${options.base}${call.path}`, headers, call);
        }
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}

/**
 * CPU per request under a bounded load (4 connections) for the API process plus its PostgreSQL, beside node:http
 * answering the same bytes, then PostgreSQL's planning and execution time of each query one request runs.
 */
async function printCpuAndPlans(
  server: BenchChild,
  bare: BenchChild,
  url: string,
  headers: Record<string, string>,
  call: Call,
): Promise<number> {
  const amount = call.cpuRequests ?? Number(process.env.BENCH_CPU_REQUESTS ?? 200);
  const api = await cpuPerRequest({ url, headers, serverPid: server.pid, pgPid: server.pgPid, amount });
  const baseline = await cpuPerRequest({
    url: `http://127.0.0.1:${bare.port}/`,
    serverPid: bare.pid,
    pgPid: 0,
    amount,
  });
  const per = (n: number) => `${(n / api.requests).toFixed(2)} ms`;
  console.log(
    `    CPU/request (${api.requests} requests, 4 connections)  API ${per(api.apiMs)} + PostgreSQL ${per(api.pgMs)}` +
      ` = ${api.perRequest.toFixed(2)} ms   node:http, same bytes ${baseline.perRequest.toFixed(2)} ms`,
  );
  if (call.cpuGoal !== undefined) {
    console.log(`    goal CPU ≤ ${call.cpuGoal} ms → ${api.perRequest <= call.cpuGoal ? 'MET' : 'NOT MET'}`);
  }
  await server.ask('explain-start');
  await (await fetch(url, { headers })).arrayBuffer();
  const plans = (await server.ask('explain-stop')) as ExplainedQuery[];
  const planning = plans.reduce((sum, p) => sum + p.planningMs, 0);
  const execution = plans.reduce((sum, p) => sum + p.executionMs, 0);
  console.log(
    `    EXPLAIN (ANALYZE) of its ${plans.length} queries: planning ${planning.toFixed(2)} ms, execution ${execution.toFixed(2)} ms`,
  );
  for (const plan of plans) {
    console.log(
      `      ${plan.planningMs.toFixed(2).padStart(6)} + ${plan.executionMs.toFixed(2).padStart(7)} ms  ${plan.sql}`,
    );
  }
  return api.perRequest;
}
