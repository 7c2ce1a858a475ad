import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HocuspocusProvider } from '@hocuspocus/provider';
import pg from 'pg';
import S3rver from 's3rver';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { freePort } from '../../src/db/free-port';
import { REDIS_SERVER, startRedis } from '../../src/live/test-support';
import {
  buildServer,
  type Child,
  createDatabase,
  exited,
  HAPROXY,
  seedDemo,
  startInstance,
  startProxy,
  stop,
} from './topology-processes';

/**
 * The scale-out topology of compose.yaml without containers: Debian's haproxy with deploy/haproxy.cfg in front of two
 * instances of the built server (apps/api/dist/main.js) on one fresh database of the PostgreSQL server in
 * DATABASE_URL, one redis-server, and s3rver standing in for MinIO (a local server speaking the S3 protocol; the real
 * AWS SDK talks to it through the proxy's S3 frontend, as browsers do in compose). Everything the test does goes
 * through the proxy; a proxy cookie (portal_node=a|b, the sticky-session cookie) pins a request or socket to one
 * instance, and the proxy's X-Portal-Node header says which one answered. `.ci/run` runs it after the DATABASE_URL
 * pass (vitest.topology.config.ts); it is not part of `npm test`.
 */
const missing = [
  !HAPROXY && 'haproxy is not installed (apt-get install haproxy; .ci/run installs it)',
  !existsSync(REDIS_SERVER) && `${REDIS_SERVER} is not installed (apt-get install redis-server)`,
  !process.env.DATABASE_URL && 'DATABASE_URL (a PostgreSQL server where a database may be created) is not set',
].filter(Boolean);
if (missing.length > 0) {
  console.warn(`topology test skipped: ${missing.join('; ')}`);
}

const PASSWORD = 'portal-demo-2026';
// Longer than two failed readiness checks a second apart (haproxy.cfg: inter 1s fall 2), as compose sets it.
const DRAIN_DELAY_MS = 3500;

// biome-ignore lint/suspicious/noExplicitAny: answers of several routes, each read field by field as its contract says
type Json = Record<string, any>;

describe.skipIf(missing.length > 0)('behind haproxy: two instances, one database, Redis and S3', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let s3: S3rver;
  let dataDir = '';
  let a: Child & { base: string };
  let b: Child & { base: string };
  let proxy: Child;
  let proxyUrl = '';
  let token = '';
  let taskUuid = '';
  let pool: pg.Pool;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    buildServer();
    database = await createDatabase(String(process.env.DATABASE_URL), `portal_topology_${process.pid}`);
    seedDemo(database.url);
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    redis = await startRedis();
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-topology-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: 'portal-files' }],
    });
    const s3Port = ((await s3.run()) as { port: number }).port;
    const [httpPort, s3ProxyPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    proxyUrl = `http://127.0.0.1:${httpPort}`;
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      APP_URL: proxyUrl,
      APP_KEY: randomBytes(32).toString('hex'),
      TRUST_PROXY: '127.0.0.1',
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: `http://127.0.0.1:${s3ProxyPort}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      // Every zip of a task's files is made by a job (pg-boss), on whichever instance takes it.
      MASS_DOWNLOAD_AT_ONCE_MAX_BYTES: '1',
      MAIL_PICKUP_DIR: path.join(dataDir, 'mail'),
    };
    [a, b] = await Promise.all([
      startInstance(portA, { ...shared, DATA_DIR: path.join(dataDir, 'a') }),
      startInstance(portB, { ...shared, DATA_DIR: path.join(dataDir, 'b') }),
    ]);
    proxy = await startProxy({
      PROXY_HTTP_BIND: `127.0.0.1:${httpPort}`,
      PROXY_S3_BIND: `127.0.0.1:${s3ProxyPort}`,
      APP_A: `127.0.0.1:${portA}`,
      APP_B: `127.0.0.1:${portB}`,
      S3_UPSTREAM: `127.0.0.1:${s3Port}`,
    });
  }, 150_000);

  afterAll(async () => {
    for (const close of closers) {
      close();
    }
    await Promise.all([stop(proxy), stop(a), stop(b)]);
    await pool?.end();
    await redis?.stop();
    await s3?.close();
    await database?.drop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  /** A request through the proxy; `node` pins it to one instance with the sticky cookie. */
  async function call(method: string, url: string, body?: object, node?: 'a' | 'b') {
    const res = await fetch(`${proxyUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(node ? { cookie: `portal_node=${node}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return {
      status: res.status,
      node: res.headers.get('x-portal-node'),
      json: (text ? JSON.parse(text) : null) as Json,
    };
  }

  function socketOn(node: 'a' | 'b'): Socket {
    const socket = connectSocket(proxyUrl, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      extraHeaders: { cookie: `portal_node=${node}` },
    });
    closers.push(() => socket.close());
    return socket;
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

  const commentsOn = (ids: string[]) =>
    pool.query<{ n: number }>('select count(*)::int as n from comments where uuid = any($1::uuid[])', [ids]);

  it('signs in, uploads a file to the bucket and downloads it again, each step on either instance', async () => {
    const login = await call('POST', '/api/login', { email: 'admin@demo.test', password: PASSWORD }, 'a');
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    expect(login.node).toBe('a');
    token = login.json.data.auth_token;

    const plans = await call('GET', '/api/projects/lite', undefined, 'b');
    expect(plans.node).toBe('b');
    const plan = plans.json.data[0]?.uuid;
    expect(plan).toBeDefined();

    const bytes = randomBytes(256 * 1024);
    const presigned = await call(
      'POST',
      '/api/create-pre-signed-url',
      { extension: 'bin', size: bytes.length, name: 'brief.bin', type: 'attachment' },
      'a',
    );
    expect(presigned.status, JSON.stringify(presigned.json)).toBe(200);
    // Pre-signed for the bucket's public face (the proxy's S3 frontend), as a browser would PUT it.
    expect(presigned.json.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal-files\//);
    const put = await fetch(presigned.json.url, { method: 'PUT', headers: presigned.json.headers, body: bytes });
    expect(put.status).toBe(200);

    const task = await call(
      'POST',
      '/api/tasks',
      { project_id: plan, title: 'Behind the proxy', uploads: [presigned.json.uuid] },
      'a',
    );
    expect(task.status, JSON.stringify(task.json)).toBe(200);
    taskUuid = task.json.data.uuid;

    const download = await call('GET', `/api/uploads/${presigned.json.uuid}/download`, undefined, 'b');
    expect(download.status, JSON.stringify(download.json)).toBe(200);
    expect(download.node).toBe('b');
    const file = await fetch(download.json.data);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('delivers a comment posted through instance A to a socket connected through the proxy to instance B', async () => {
    const socket = socketOn('b');
    expect(await until(() => socket.connected, 5000)).toBe(true);
    expect(await socket.emitWithAck('subscribe', { channel: 'private-model.changes' })).toEqual({ ok: true });
    const received = new Promise<Json>((resolve) =>
      socket.on('model.changes', (event: Json) => event.model === 'comment' && resolve(event)),
    );
    const posted = await call(
      'POST',
      `/api/tasks/${taskUuid}/comments`,
      { text_delta: { ops: [{ insert: 'From A\n' }] } },
      'a',
    );
    expect(posted.status, JSON.stringify(posted.json)).toBe(200);
    expect(posted.node).toBe('a');
    expect(await received).toMatchObject({ id: posted.json.data.uuid, payload: { commentable_uuid: taskUuid } });
  });

  it('lets two editors, one on each instance, converge on one task description', async () => {
    const open = async (node: 'a' | 'b') => {
      const document = new Y.Doc();
      // The web app's provider; `ws` only to send the proxy's cookie, which browsers do by themselves.
      const cookie = `portal_node=${node}`;
      // The provider hands its whole configuration to the websocket it makes, WebSocketPolyfill included (a field
      // of the websocket's configuration, not listed in the provider's type).
      const configuration = {
        url: `${proxyUrl.replace(/^http/, 'ws')}/collaboration`,
        name: `task.${taskUuid}.description`,
        token,
        document,
        WebSocketPolyfill: class extends WebSocket {
          constructor(url: string, protocols?: string | string[]) {
            super(url, protocols, { headers: { cookie } });
          }
        },
      };
      const provider = new HocuspocusProvider(configuration);
      closers.push(() => provider.destroy());
      const synced = await until(() => provider.isSynced, 5000);
      return { synced, text: document.getText('quill') };
    };
    const onA = await open('a');
    const onB = await open('b');
    expect(onA.synced && onB.synced).toBe(true);
    onA.text.insert(0, 'Typed on A. ');
    onB.text.insert(onB.text.length, 'Typed on B.');
    const same = () => onA.text.toString() === onB.text.toString();
    expect(
      await until(
        () => same() && onA.text.toString().includes('Typed on B.') && onB.text.toString().includes('Typed on A.'),
        8000,
      ),
    ).toBe(true);
  });

  it('zips files in a job started through A and serves the zip through B', async () => {
    const started = await call('POST', '/api/tasks/mass-download', { full_download: true, task_ids: [taskUuid] }, 'a');
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    let zip: string | undefined;
    await until(async () => {
      const notes = await call('GET', '/api/notifications?page[size]=100', undefined, 'b');
      zip = notes.json.data.find((note: Json) => note.type === 'files_ready')?.data?.resource_id;
      return Boolean(zip);
    }, 30_000);
    expect(zip).toBeDefined();
    const download = await call('GET', `/api/uploads/${zip}/download`, undefined, 'b');
    expect(download.node).toBe('b');
    const file = Buffer.from(await (await fetch(download.json.data)).arrayBuffer());
    expect(file.subarray(0, 2).toString()).toBe('PK');
  });

  it('keeps every acknowledged write when instance A is stopped under load: the proxy moves to B, sockets reconnect', async () => {
    const socket = socketOn('a');
    expect(await until(() => socket.connected, 5000)).toBe(true);
    let reconnected = false;
    socket.io.on('reconnect', () => {
      reconnected = true;
    });

    const acknowledged: string[] = [];
    const failed: string[] = [];
    const servedBy = { a: 0, b: 0 };
    let sent = 0;
    const TOTAL = 200;
    const worker = async () => {
      while (sent < TOTAL) {
        sent += 1;
        const n = sent;
        try {
          const res = await call('POST', `/api/tasks/${taskUuid}/comments`, {
            text_delta: { ops: [{ insert: `Load ${n}\n` }] },
          });
          if (res.status >= 200 && res.status < 300) {
            acknowledged.push(res.json.data.uuid);
            servedBy[res.node as 'a' | 'b'] += 1;
          } else {
            failed.push(`${n}: ${res.status}`);
          }
        } catch (error) {
          failed.push(`${n}: ${(error as Error).message}`);
        }
      }
    };
    const load = Promise.all([worker(), worker(), worker(), worker()]);
    await until(() => sent >= 40, 30_000);
    a.process.kill('SIGTERM');
    await load;
    await exited(a.process);
    expect(a.process.exitCode, a.output()).toBe(0);

    console.log(
      `topology: ${acknowledged.length} of ${TOTAL} comment posts acknowledged (A ${servedBy.a}, B ${servedBy.b}), ${failed.length} failed`,
    );
    expect(failed).toEqual([]);
    expect(servedBy.a).toBeGreaterThan(0);
    expect(servedBy.b).toBeGreaterThan(0);
    expect((await commentsOn(acknowledged)).rows[0]?.n).toBe(acknowledged.length);

    // The socket on A was told to reconnect; through the proxy it lands on B and receives events again.
    expect(await until(() => reconnected && socket.connected, 15_000)).toBe(true);
    expect(await socket.emitWithAck('subscribe', { channel: 'private-model.changes' })).toEqual({ ok: true });
    const received = new Promise<Json>((resolve) =>
      socket.on('model.changes', (event: Json) => event.model === 'comment' && resolve(event)),
    );
    const after = await call('POST', `/api/tasks/${taskUuid}/comments`, {
      text_delta: { ops: [{ insert: 'After\n' }] },
    });
    expect(after.node).toBe('b');
    expect(await received).toMatchObject({ id: after.json.data.uuid });
  });
});
