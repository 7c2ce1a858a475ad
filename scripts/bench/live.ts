import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from './latency';

const here = path.dirname(fileURLToPath(import.meta.url));
const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * `npm run bench live`: live channels and the collaborative editor.
 * 1. SOCKETS (default 5,000) sockets of the manager, in CLIENT_PROCESSES child processes, on one instance: the
 *    admin changes a task's title CHANGES times; p50/p95/p99 from the PUT being sent to each socket receiving
 *    model.changes (issue 9 target p99 ≤ 250 ms), and the server's memory per idle socket (heap and RSS after GC).
 * 2. EDITORS (default 20) editors typing into one task description: p99 of remote-update latency (≤ 100 ms) and
 *    whether all converged.
 * 3. Both again across two instances sharing PostgreSQL and Redis (Debian's redis-server), half the sockets and
 *    editors on each; skipped with a message without redis-server.
 * The load generators share the machine with the servers, so the one-instance figures are the same run's baseline
 * for the two-instance ones. SOCKETS, CLIENT_PROCESSES, CHANGES and EDITORS scale it down on a small machine.
 */
const SOCKETS = Number(process.env.SOCKETS ?? 5000);
const CLIENT_PROCESSES = Number(process.env.CLIENT_PROCESSES ?? 4);
const CHANGES = Number(process.env.CHANGES ?? 20);
const EDITORS = Number(process.env.EDITORS ?? 20);

type Child = { process: ChildProcess; message: Record<string, unknown> };

function forkChild(script: string, env: Record<string, string>, execArgv: string[] = []): Promise<Child> {
  const child = fork(path.join(here, script), {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', (message) => {
      child.removeAllListeners('exit');
      resolve({ process: child, message: message as Record<string, unknown> });
    });
  });
}

const ask = <T>(child: ChildProcess, question: string) =>
  new Promise<T>((resolve) => {
    child.once('message', (answer) => resolve(answer as T));
    child.send(question);
  });

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    child.send('stop');
  });

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? 0 };
}

const fmt = (p: ReturnType<typeof percentiles>) =>
  `n=${p.n} p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  await new Promise<void>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        resolve();
      }
    });
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** SOCKETS sockets of `token` on `urls`, in CLIENT_PROCESSES child processes; answers them once all are connected. */
async function connectClients(urls: string[], token: string, label: string) {
  const perProcess = Math.ceil(SOCKETS / CLIENT_PROCESSES);
  const connecting = performance.now();
  const clients = await Promise.all(
    Array.from({ length: CLIENT_PROCESSES }, () =>
      forkChild('live-clients.ts', { URLS: urls.join(','), COUNT: String(perProcess), TOKEN: token }),
    ),
  );
  const connected = clients.reduce((n, c) => n + Number(c.message.ready), 0);
  console.log(
    `  ${label}: ${connected} sockets connected in ${((performance.now() - connecting) / 1000).toFixed(1)} s`,
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return { clients, connected };
}

async function collectLatencies(clients: Child[]) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return (await Promise.all(clients.map((c) => ask<{ latencies: number[] }>(c.process, 'report')))).flatMap(
    (r) => r.latencies,
  );
}

/**
 * The floor on this machine in this run: the same clients on a bare socket.io server (live-bare.ts) that
 * broadcasts an event of the same shape to every socket, told over IPC instead of by an HTTP write.
 */
async function measureBareDelivery(bare: Child) {
  const url = `http://127.0.0.1:${bare.message.port}`;
  const { clients, connected } = await connectClients([url], 'bare', 'bare socket.io (baseline)');
  for (let i = 0; i < CHANGES; i += 1) {
    bare.process.send({
      emit: {
        model: 'task',
        action: 'updated',
        id: '00000000-0000-4000-8000-000000000000',
        payload: {
          project_uuid: '00000000-0000-4000-8000-000000000001',
          parent_uuid: null,
          status: 'todo',
          title: `Bench sent=${Date.now()}`,
          ref_token: null,
        },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const latencies = await collectLatencies(clients);
  for (const client of clients) {
    await stop(client.process);
  }
  return { latencies, expected: connected * CHANGES };
}

/** Sockets on `urls`, task title changes through `writeUrl`; answers the delivery percentiles. */
async function measureDelivery(urls: string[], writeUrl: string, label: string) {
  const admin = await signIn(writeUrl, 'admin@demo.test');
  const manager = await signIn(writeUrl, 'manager@demo.test');
  const token = manager.authorization.replace('Bearer ', '');
  const plans = (await (await fetch(`${writeUrl}/api/projects/lite?page[size]=999`, { headers: admin })).json()) as {
    data: { uuid: string }[];
  };
  const created = (await (
    await fetch(`${writeUrl}/api/tasks`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Bench live', project_id: plans.data[0]?.uuid }),
    })
  ).json()) as { data: { uuid: string } };

  const { clients, connected } = await connectClients(urls, token, label);

  const writes: number[] = [];
  for (let i = 0; i < CHANGES; i += 1) {
    const sent = Date.now();
    await fetch(`${writeUrl}/api/tasks/${created.data.uuid}`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Bench sent=${sent}` }),
    });
    writes.push(Date.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The write's own round trip is part of every delivery figure: printed so the fan-out can be told apart.
  console.log(`  the PUT itself (write, commit, answer): ${fmt(percentiles(writes))}`);
  const latencies = await collectLatencies(clients);
  return { clients, latencies, connected, expected: connected * CHANGES, token, taskUuid: created.data.uuid };
}

async function measureTyping(urls: string[], token: string, documentName: string) {
  const typing = await forkChild('live-typing.ts', {
    URLS: urls.join(','),
    CLIENTS: String(EDITORS),
    DOCUMENT: documentName,
    TOKEN: token,
  });
  return typing.message as { latencies: number[]; converged: boolean; length: number; typed: number };
}

function verdict(value: number, goal: number) {
  return `(goal ≤ ${goal} ms) → ${value <= goal ? 'MET' : 'NOT MET'}`;
}

export async function benchLive(): Promise<void> {
  console.log(
    `\nLive: ${SOCKETS} sockets in ${CLIENT_PROCESSES} processes, ${CHANGES} task changes, ${EDITORS} editors`,
  );
  const bare = await forkChild('live-bare.ts', {});
  try {
    const floor = await measureBareDelivery(bare);
    const floorDelivery = percentiles(floor.latencies);
    console.log(`  bare broadcast → every socket (baseline): ${fmt(floorDelivery)}`);
    console.log(`  delivered ${floor.latencies.length} of ${floor.expected} expected`);
    const floorTyping = await measureTyping([`http://127.0.0.1:${bare.message.port}`], 'bare', 'bench.bare');
    console.log(
      `  ${EDITORS} editors typing on bare Hocuspocus (baseline): remote update ${fmt(percentiles(floorTyping.latencies))}; ` +
        `converged: ${floorTyping.converged}`,
    );
  } finally {
    await stop(bare.process);
  }

  const one = await forkChild('live-api.ts', {}, ['--expose-gc']);
  const oneUrl = `http://127.0.0.1:${one.message.port}`;
  try {
    const idle = await ask<{ heapUsed: number; rss: number }>(one.process, 'memory');
    const run = await measureDelivery([oneUrl], oneUrl, 'one instance');
    const loaded = await ask<{ heapUsed: number; rss: number; sockets: number }>(one.process, 'memory');
    const delivery = percentiles(run.latencies);
    console.log(`  task change → every socket: ${fmt(delivery)} ${verdict(delivery.p99, 250)}`);
    console.log(`  delivered ${run.latencies.length} of ${run.expected} expected`);
    console.log(
      `  memory per idle socket: heap ${((loaded.heapUsed - idle.heapUsed) / loaded.sockets / 1024).toFixed(1)} KB, ` +
        `RSS ${((loaded.rss - idle.rss) / loaded.sockets / 1024).toFixed(1)} KB (${loaded.sockets} sockets)`,
    );
    for (const client of run.clients) {
      await stop(client.process);
    }
    const typing = await measureTyping([oneUrl], run.token, `task.${run.taskUuid}.description`);
    const typed = percentiles(typing.latencies);
    console.log(
      `  ${EDITORS} editors typing: remote update ${fmt(typed)} ${verdict(typed.p99, 100)}; ` +
        `converged: ${typing.converged} (${typing.typed} markers, ${typing.length} characters)`,
    );

    if (!existsSync(REDIS_SERVER)) {
      console.log(`  two instances: skipped (${REDIS_SERVER} is not installed)`);
      return;
    }
    const redis = await startRedis();
    const databaseUrl = String(one.message.databaseUrl);
    const a = await forkChild('live-api.ts', { DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    const b = await forkChild('live-api.ts', { DATABASE_URL: databaseUrl, REDIS_URL: redis.url });
    try {
      const urls = [`http://127.0.0.1:${a.message.port}`, `http://127.0.0.1:${b.message.port}`];
      const two = await measureDelivery(urls, urls[0] ?? '', 'two instances with Redis');
      const twoDelivery = percentiles(two.latencies);
      console.log(
        `  task change (written on A) → sockets on A and B: ${fmt(twoDelivery)} ${verdict(twoDelivery.p99, 250)}`,
      );
      console.log(`  delivered ${two.latencies.length} of ${two.expected} expected`);
      for (const client of two.clients) {
        await stop(client.process);
      }
      const twoTyping = await measureTyping(urls, two.token, `task.${two.taskUuid}.description`);
      const twoTyped = percentiles(twoTyping.latencies);
      console.log(
        `  ${EDITORS} editors on A and B typing: remote update ${fmt(twoTyped)} ${verdict(twoTyped.p99, 100)}; ` +
          `converged: ${twoTyping.converged}`,
      );
    } finally {
      await stop(a.process);
      await stop(b.process);
      redis.stop();
    }
  } finally {
    await stop(one.process);
  }
}
