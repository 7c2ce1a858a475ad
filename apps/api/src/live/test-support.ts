import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, type Database } from '../db/client';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const hasRedis = existsSync(REDIS_SERVER);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Debian's redis-server on a free port, without persistence; stop() ends it. */
export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Another instance of the app on the same database (as a second server behind a load balancer), with its own
 * connection pool as a separate process would have (each instance holds a few LISTEN connections).
 */
export async function buildInstance(sameAs: Database, env: Record<string, string> = {}) {
  const { db, pool } = createDb(String(sameAs.$client.options.connectionString), { max: 5 });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://portal.test',
      SUPER_USER_EMAILS: 'super@agency.test',
      ...env,
    }),
    db,
    logger: false,
    webDistDir: path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/web-dist'),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

/** An editor: a Yjs document synced with the collaboration server of `baseUrl` as the owner of `token`. */
export async function openEditor(baseUrl: string, name: string, token: string) {
  const document = new Y.Doc();
  let failure: string | null = null;
  const provider = new HocuspocusProvider({
    url: `${baseUrl.replace(/^http/, 'ws')}/collaboration`,
    name,
    token,
    document,
    onAuthenticationFailed: ({ reason }) => {
      failure = reason;
    },
  });
  const synced = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5000);
    provider.on('synced', () => {
      clearTimeout(timer);
      resolve(true);
    });
    provider.on('authenticationFailed', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  return {
    document,
    provider,
    text: document.getText('quill'),
    synced,
    get failure() {
      return failure;
    },
    get readOnly() {
      return provider.authorizedScope === 'readonly';
    },
    close() {
      provider.destroy();
    },
  };
}
