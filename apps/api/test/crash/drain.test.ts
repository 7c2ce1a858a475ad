import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, expect, test } from 'vitest';
import { freePort } from '../../src/db/free-port';
import { openEditor } from '../../src/live/test-support';
import { exited, type RunningServer, startServer } from './server-process';

/**
 * A rolling restart of one instance: the real server (main.ts, in its own process, on its embedded PostgreSQL) gets
 * SIGTERM while a person is typing in a task's description (not yet stored: the store waits 3 s after the last
 * change), a zip job has just been queued, and a live socket is open. It must answer /api/ready with 503 while it
 * drains, tell the socket to reconnect (not close it for good), exit 0, and after a restart on the same data the
 * typed text is stored and the zip is made exactly once (finished before the exit or retried after the restart).
 */
const DRAIN_DELAY_MS = 1500;

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

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'portal-demo-2026' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { auth_token: string } }).data.auth_token;
}

function api(base: string, token: string) {
  return async <T>(method: string, url: string, body?: object): Promise<{ status: number; json: T }> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
  };
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

test('SIGTERM drains: ready turns 503, sockets are told to reconnect, a typed edit and a queued zip job survive', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'portal-drain-'));
  // PostgreSQL runs as its own user under root and must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  // Every mass download goes through the job queue.
  const env = { DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), MASS_DOWNLOAD_AT_ONCE_MAX_BYTES: '1' };
  server = await startServer(dataDir, port, env);
  const base = server.base;
  const token = await signIn(base);
  const call = api(base, token);

  const plans = await call<{ data: { uuid: string }[] }>('GET', '/api/projects/lite');
  const plan = plans.json.data[0]?.uuid;
  expect(plan).toBeDefined();
  // A file of some size, so the zip job has real work to do.
  const bytes = randomBytes(8 * 1024 * 1024);
  const presigned = await call<{ uuid: string; url: string; headers: Record<string, string> }>(
    'POST',
    '/api/create-pre-signed-url',
    { extension: 'bin', size: bytes.length, name: 'footage.bin', type: 'attachment' },
  );
  expect(presigned.status, JSON.stringify(presigned.json)).toBe(200);
  const put = await fetch(`${base}${presigned.json.url}`, {
    method: 'PUT',
    headers: presigned.json.headers,
    body: bytes,
  });
  expect(put.status).toBe(200);
  const task = await call<{ data: { uuid: string } }>('POST', '/api/tasks', {
    project_id: plan,
    title: 'Restart in the middle of an edit',
    uploads: [presigned.json.uuid],
  });
  expect(task.status, JSON.stringify(task.json)).toBe(200);
  const taskUuid = task.json.data.uuid;

  const socket = connectSocket(base, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
  await until(() => socket.connected, 5000);
  expect(socket.connected).toBe(true);
  const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  const editor = await openEditor(base, `task.${taskUuid}.description`, token);
  expect(editor.synced).toBe(true);
  editor.text.insert(0, 'Typed seconds before the restart');
  // The server has the change (acknowledged), but has not stored it: the store waits 3 s after the last change.
  expect(await until(() => !editor.provider.hasUnsyncedChanges, 5000)).toBe(true);

  const zip = await call<{ message: string }>('POST', '/api/tasks/mass-download', {
    full_download: true,
    task_ids: [taskUuid],
  });
  expect(zip.status, JSON.stringify(zip.json)).toBe(200);

  const running = server;
  running.process.kill('SIGTERM');
  // Still serving for DRAIN_DELAY_MS, so the proxy can see it leave.
  let readiness: { status: number; body: unknown } = { status: 0, body: null };
  await until(async () => {
    const res = await fetch(`${base}/api/ready`);
    readiness = { status: res.status, body: await res.json() };
    return res.status === 503;
  }, DRAIN_DELAY_MS);
  expect(readiness).toEqual({ status: 503, body: { status: 'failing', failing: ['draining'] } });
  await exited(running.process);
  expect(running.process.exitCode, running.output()).toBe(0);
  // socket.io's client reconnects by itself after 'transport close'; after 'io server disconnect' it would not.
  expect(await disconnected).toBe('transport close');
  socket.close();
  editor.close();

  server = await startServer(dataDir, port, env);
  const after = api(server.base, await signIn(server.base));
  const description = await after<{ data: { description_delta: { ops: { insert: string }[] } | null } }>(
    'GET',
    `/api/tasks/${taskUuid}/description-delta`,
  );
  expect(description.json.data.description_delta?.ops.map((op) => op.insert).join('')).toContain(
    'Typed seconds before the restart',
  );
  // The job was waiting or running at SIGTERM: either it finished before the exit or it runs again now; either way
  // one zip, announced once.
  const zipsReady = async () =>
    (await after<{ data: { type: string }[] }>('GET', '/api/notifications?page[size]=100')).json.data.filter(
      (note) => note.type === 'files_ready',
    ).length;
  expect(await until(async () => (await zipsReady()) > 0, 30_000)).toBe(true);
  expect(await zipsReady()).toBe(1);
}, 240_000);
