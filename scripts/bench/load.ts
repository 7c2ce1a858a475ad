import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, fetch as undiciFetch } from 'undici';
import { freePort } from '../../apps/api/src/db/free-port';
import { REDIS_SERVER, startRedis } from '../../apps/api/src/live/test-support';
import {
  buildServer,
  type Child,
  createDatabase,
  HAPROXY,
  seedDemo,
  startInstance,
  startProxy,
  stop,
} from '../../apps/api/test/topology/topology-processes';

const PASSWORD = 'portal-demo-2026';
/** Who the sessions are: the demo's staff and its freelancer, within each account's sign-in ceiling (100 / 15 min). */
const PEOPLE = [
  { email: 'admin@demo.test', sessions: 0.35 },
  { email: 'manager@demo.test', sessions: 0.35 },
  { email: 'freelancer@demo.test', sessions: 0.3 },
];

type Session = { authorization: string; address: string };
type Sample = { action: string; ms: number; status: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number | undefined): number {
  if (!pid) {
    return 0;
  }
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
}

/**
 * `npm run bench load` (issue 24): 200 concurrent sessions of a mixed staff workload for 10 minutes across the
 * proxied pair — Debian haproxy with deploy/haproxy.cfg in front of two built servers on one database of the
 * DATABASE_URL server and one redis-server, as the topology test starts them. Each session signs in (from an address
 * of its own, sent as X-Forwarded-For, which haproxy passes on and the instances trust from the proxy), then loops:
 * the task list, the requests list, a task's drawer, a comment, a time entry, a search, with 1–4 s of thinking between
 * actions. Prints errors, p50/p95/p99 per action and overall (goal: 0 errors, p95 ≤ 150 ms) and each instance's
 * memory every minute (goal: flat). BENCH_SESSIONS and BENCH_SECONDS scale it.
 */
export async function benchLoad(): Promise<void> {
  const sessions = Number(process.env.BENCH_SESSIONS ?? 200);
  const seconds = Number(process.env.BENCH_SECONDS ?? 600);
  const missing = [
    !HAPROXY && 'haproxy (apt-get install haproxy)',
    !existsSync(REDIS_SERVER) && 'redis-server',
    !process.env.DATABASE_URL && 'DATABASE_URL (a PostgreSQL server where a database may be created)',
  ].filter(Boolean);
  if (missing.length > 0) {
    console.log(`\nLoad across the proxied pair: skipped, missing ${missing.join(', ')}`);
    return;
  }
  buildServer();
  const database = await createDatabase(String(process.env.DATABASE_URL), `portal_load_${process.pid}`);
  seedDemo(database.url);
  const redis = await startRedis();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-load-'));
  const [httpPort, s3Port, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const base = `http://127.0.0.1:${httpPort}`;
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    APP_URL: base,
    APP_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
    MAIL_PICKUP_DIR: path.join(dataDir, 'mail'),
  };
  let a: Child | undefined;
  let b: Child | undefined;
  let proxy: Child | undefined;
  // One connection pool for the whole load, as many as the sessions (a browser keeps its own connections).
  const dispatcher = new Agent({ connections: sessions, keepAliveTimeout: 30_000 });
  try {
    [a, b] = await Promise.all([
      startInstance(portA, { ...shared, DATA_DIR: path.join(dataDir, 'a') }),
      startInstance(portB, { ...shared, DATA_DIR: path.join(dataDir, 'b') }),
    ]);
    proxy = await startProxy({
      PROXY_HTTP_BIND: `127.0.0.1:${httpPort}`,
      PROXY_S3_BIND: `127.0.0.1:${s3Port}`,
      APP_A: `127.0.0.1:${portA}`,
      APP_B: `127.0.0.1:${portB}`,
      // Nothing here stores files; the S3 frontend points at an unused port.
      S3_UPSTREAM: `127.0.0.1:${s3Port + 1}`,
    });

    const call = async (session: Session, method: string, url: string, body?: object) => {
      const res = await undiciFetch(`${base}${url}`, {
        method,
        dispatcher,
        headers: {
          authorization: session.authorization,
          'x-forwarded-for': session.address,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as { data?: unknown }) : null };
    };

    // Sign-ins, a few at a time, each from its own address.
    const people = PEOPLE.flatMap(({ email, sessions: share }) =>
      Array.from({ length: Math.round(sessions * share) }, () => email),
    ).slice(0, sessions);
    const signedIn: Session[] = [];
    for (let i = 0; i < people.length; i += 10) {
      const batch = people.slice(i, i + 10).map(async (email, j) => {
        const address = `10.${Math.floor((i + j) / 250)}.${(i + j) % 250}.${1 + ((i + j) % 200)}`;
        const res = await undiciFetch(`${base}/api/login`, {
          method: 'POST',
          dispatcher,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email, password: PASSWORD }),
        });
        const json = (await res.json()) as { data?: { auth_token?: string } };
        if (!json.data?.auth_token) {
          throw new Error(`sign-in of ${email} from ${address} answered ${res.status}: ${JSON.stringify(json)}`);
        }
        return { authorization: `Bearer ${json.data.auth_token}`, address };
      });
      signedIn.push(...(await Promise.all(batch)));
    }

    const errors: string[] = [];
    const timed = async (
      samples: Sample[],
      session: Session,
      action: string,
      method: string,
      url: string,
      body?: object,
    ) => {
      const started = performance.now();
      try {
        const res = await call(session, method, url, body);
        samples.push({ action, ms: performance.now() - started, status: res.status });
        if (res.status >= 400) {
          errors.push(`${action}: HTTP ${res.status}`);
        }
        return res;
      } catch (error) {
        errors.push(`${action}: ${(error as Error).message}`);
        return null;
      }
    };
    const today = new Date().toISOString().slice(0, 10);
    const terms = ['brand', 'logo', 'website', 'social', 'campaign', 'harbor'];
    /** One pass of a person's work: lists, a drawer, a comment, a time entry, a search, thinking between steps. */
    const round = async (samples: Sample[], session: Session, think: () => Promise<unknown>) => {
      const list = await timed(samples, session, 'task list', 'GET', '/api/tasks?page[size]=50');
      const tasks = (list?.json?.data ?? []) as { uuid: string }[];
      await think();
      await timed(samples, session, 'requests list', 'GET', '/api/requests?page[size]=50');
      await think();
      const task = tasks[Math.floor(Math.random() * tasks.length)];
      if (task) {
        await timed(samples, session, 'task drawer', 'GET', `/api/tasks/${task.uuid}`);
        await timed(samples, session, 'task comments', 'GET', `/api/tasks/${task.uuid}/comments`);
        await think();
        await timed(samples, session, 'comment', 'POST', `/api/tasks/${task.uuid}/comments`, {
          text_delta: { ops: [{ insert: 'Checked the latest version, looks good.\n' }] },
        });
        await think();
        await timed(samples, session, 'time entry', 'POST', '/api/time-log', {
          task_id: task.uuid,
          date: today,
          minutes: 15,
          description: 'Review',
          status: 'completed',
        });
        await think();
      }
      const term = terms[Math.floor(Math.random() * terms.length)] ?? 'brand';
      await timed(samples, session, 'search', 'GET', `/api/global-search?search_term=${term}`);
      await think();
    };

    // The same-run baseline: the same actions, one person at a time with no thinking, on the idle pair (what a
    // single user sees), so the loaded figures show what 200 sessions add.
    const idle: Sample[] = [];
    const firstOfEach = PEOPLE.map(({ email }) => signedIn[people.indexOf(email)]).filter(
      (session): session is Session => Boolean(session),
    );
    for (let i = 0; i < 10; i++) {
      for (const session of firstOfEach) {
        await round(idle, session, async () => undefined);
      }
    }

    const samples: Sample[] = [];
    const deadline = Date.now() + seconds * 1000;
    const think = () => new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 3000));
    const run = async (session: Session) => {
      // Sessions start spread over the first few seconds, as people arrive.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4000));
      while (Date.now() < deadline) {
        await round(samples, session, think);
      }
    };

    console.log(
      `\nLoad across the proxied pair: ${signedIn.length} sessions (${PEOPLE.map((p) => p.email.split('@')[0]).join(', ')}) for ${seconds} s`,
    );
    const rss = () => [rssMb(a?.process.pid), rssMb(b?.process.pid)] as const;
    const shown = ([x, y]: readonly [number, number]) => `${x.toFixed(0)}/${y.toFixed(0)}`;
    const memory: (readonly [number, number])[] = [];
    const watch = setInterval(() => memory.push(rss()), 60_000);
    const startRss = rss();
    await Promise.all(signedIn.map(run));
    clearInterval(watch);
    const endRss = rss();

    const byAction = (list: Sample[]) => {
      const map = new Map<string, number[]>();
      for (const sample of list) {
        map.set(sample.action, [...(map.get(sample.action) ?? []), sample.ms]);
      }
      for (const times of map.values()) {
        times.sort((x, y) => x - y);
      }
      return map;
    };
    const idleByAction = byAction(idle);
    const figures = (times: number[]) =>
      `p50 ${percentile(times, 50).toFixed(1)} / p95 ${percentile(times, 95).toFixed(1)} / p99 ${percentile(times, 99).toFixed(1)} ms`;
    const all = samples.map((s) => s.ms).sort((x, y) => x - y);
    const idleAll = idle.map((s) => s.ms).sort((x, y) => x - y);
    for (const [action, times] of byAction(samples)) {
      console.log(
        `  ${action.padEnd(14)} ${String(times.length).padStart(6)} calls  ${figures(times)}   (one person on the idle pair: ${figures(idleByAction.get(action) ?? [])})`,
      );
    }
    const p95 = percentile(all, 95);
    console.log(
      `  all            ${String(all.length).padStart(6)} calls (${(all.length / seconds).toFixed(1)}/s)  p50 ${percentile(all, 50).toFixed(1)} / p95 ${p95.toFixed(1)} / p99 ${percentile(all, 99).toFixed(1)} ms (goal p95 ≤ 150 ms → ${p95 <= 150 ? 'MET' : 'NOT MET'}); idle baseline ${figures(idleAll)}`,
    );
    console.log(
      `  errors ${errors.length} (goal 0 → ${errors.length === 0 ? 'MET' : 'NOT MET'})${errors.length > 0 ? `: ${[...new Set(errors)].slice(0, 5).join('; ')}` : ''}`,
    );
    console.log(
      `  RSS MB (instance a/b): start ${shown(startRss)}, each minute ${memory.map(shown).join(', ') || '—'}, end ${shown(endRss)}`,
    );
    // Flat: once the first two minutes have warmed the caches and the JIT up, the pair ends within 15 % of where it
    // was then (a leak grows steadily; V8's heap breathes by tens of MB between collections).
    const warm = memory[1] ?? memory[0];
    if (warm) {
      const growth = (endRss[0] + endRss[1]) / (warm[0] + warm[1]) - 1;
      console.log(
        `  memory from minute 2 to the end ${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} % (goal flat, within 15 % → ${Math.abs(growth) <= 0.15 ? 'MET' : 'NOT MET'})`,
      );
    }
  } finally {
    await dispatcher.close();
    await stop(proxy);
    await Promise.all([stop(a), stop(b)]);
    await redis.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
