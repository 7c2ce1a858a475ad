import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { freePort } from '../../src/db/free-port';
import { exited, killHard, postgresProcesses, type RunningServer, startServer } from './server-process';

/**
 * Crash safety: the real server and its embedded PostgreSQL take a concurrent write load (tasks and time logs through
 * the API), are killed with SIGKILL mid-load, and restart on the same data directory; every write that was
 * acknowledged (a 2xx received) must be there. Bounded: about 5 s of load, 8 writers.
 */
const WRITERS = 8;
const LOAD_MS = Number(process.env.CRASH_LOAD_MS ?? 5000);

let dataDir = '';
let server: RunningServer | undefined;

afterAll(async () => {
  if (server && server.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill('SIGTERM');
    await exited(server.process);
  }
  if (dataDir) {
    await rm(dataDir, { recursive: true, force: true });
  }
});

async function signIn(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'portal-demo-2026' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const token = ((await res.json()) as { data: { auth_token: string } }).data.auth_token;
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

async function post(base: string, headers: Record<string, string>, url: string, body: object) {
  const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { data?: { uuid?: string } };
  return res.ok ? json.data?.uuid : undefined;
}

/** Every page of a list, as uuids. */
async function listUuids(base: string, headers: Record<string, string>, url: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}${url}&page[size]=1000&page[number]=${page}`, { headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { uuid: string }[]; meta?: { last_page: number } };
    for (const row of body.data) {
      found.add(row.uuid);
    }
    if (!body.meta || page >= body.meta.last_page) {
      return found;
    }
  }
}

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

test('every acknowledged write survives kill -9 of the server and its PostgreSQL mid-load', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-crash-'));
  // PostgreSQL runs as its own user under root and must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  server = await startServer(dataDir, port);
  const headers = await signIn(server.base);
  const plans = (await (await fetch(`${server.base}/api/projects/lite`, { headers })).json()) as {
    data: { uuid: string }[];
  };
  const plan = plans.data[0]?.uuid;
  expect(plan).toBeDefined();
  const logTask = await post(server.base, headers, '/api/tasks', { project_id: plan, title: 'Crash test timer task' });
  expect(logTask).toBeDefined();

  const acknowledged = { tasks: [] as string[], timeLogs: [] as string[] };
  let loading = true;
  const writer = async (w: number) => {
    for (let i = 0; loading; i++) {
      try {
        if (i % 2 === 0) {
          const uuid = await post(server?.base ?? '', headers, '/api/tasks', {
            project_id: plan,
            title: `Crash ${w}-${i}`,
          });
          if (uuid) {
            acknowledged.tasks.push(uuid);
          }
        } else {
          const uuid = await post(server?.base ?? '', headers, '/api/time-log', {
            task_id: logTask,
            date: '2026-03-02',
            minutes: 15,
            description: `Crash ${w}-${i}`,
          });
          if (uuid) {
            acknowledged.timeLogs.push(uuid);
          }
        }
      } catch {
        // The connection died with the server: that write was never acknowledged.
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
  const postgres = postgresProcesses(dataDir);
  killHard(server, dataDir);
  await exited(server.process);
  loading = false;
  await Promise.all(writers);
  for (let waited = 0; !postgres.every(gone) && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const writes = acknowledged.tasks.length + acknowledged.timeLogs.length;
  expect(writes, 'the load should have been acknowledged many writes before the kill').toBeGreaterThan(50);

  server = await startServer(dataDir, port);
  const after = await signIn(server.base);
  const tasks = await listUuids(server.base, after, `/api/tasks?filters[project]=${plan}`);
  const timeLogs = await listUuids(server.base, after, `/api/tasks/${logTask}/time-logs?`);
  const lostTasks = acknowledged.tasks.filter((uuid) => !tasks.has(uuid));
  const lostLogs = acknowledged.timeLogs.filter((uuid) => !timeLogs.has(uuid));
  const survived = writes - lostTasks.length - lostLogs.length;
  console.log(
    `crash test: ${writes} acknowledged writes (${acknowledged.tasks.length} tasks, ${acknowledged.timeLogs.length} ` +
      `time logs) before kill -9 of the server and ${postgres.length} PostgreSQL processes; ${survived} survived`,
  );
  expect({ lostTasks, lostLogs }).toEqual({ lostTasks: [], lostLogs: [] });
}, 240_000);
