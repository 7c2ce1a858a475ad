import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((candidate) => existsSync(candidate));

export type Child = { process: ChildProcess; output: () => string };

function track(child: ChildProcess): Child {
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { process: child, output: () => output };
}

async function until(check: () => Promise<boolean>, ms: number, what: string, child: Child): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.process.exitCode !== null) {
      throw new Error(`${what} exited with ${child.process.exitCode}:\n${child.output()}`);
    }
    if (await check().catch(() => false)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not up within ${ms / 1000} s:\n${child.output()}`);
}

/** A fresh database on the PostgreSQL server of `serverUrl`; drop() removes it (and ends its connections). */
export async function createDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/** The production bundle (apps/api/dist/main.js, what `npm start` and the Docker image run), rebuilt when stale. */
export function buildServer(): void {
  const build = spawnSync(
    process.execPath,
    ['-e', "import('./scripts/build-api.mjs').then((m) => m.buildApiIfStale())"],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) {
    throw new Error(`building the API failed:\n${build.stdout}${build.stderr}`);
  }
}

/** `npm run seed:demo` into the database: migrations, then the demo workspace and its accounts. */
export function seedDemo(databaseUrl: string): void {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/seed/seed-demo-cli.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seed.status !== 0) {
    throw new Error(`seeding failed:\n${seed.stdout}${seed.stderr}`);
  }
}

/** One instance of the built server (node apps/api/dist/main.js), answering /api/ready before this resolves. */
export async function startInstance(port: number, env: NodeJS.ProcessEnv): Promise<Child & { base: string }> {
  const child = track(
    spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${base}/api/ready`)).ok, 90_000, `the instance on ${port}`, child);
  return { ...child, base };
}

/** Debian's haproxy with deploy/haproxy.cfg as compose runs it; only the addresses differ (they come from env). */
export async function startProxy(env: {
  PROXY_HTTP_BIND: string;
  PROXY_S3_BIND: string;
  APP_A: string;
  APP_B: string;
  S3_UPSTREAM: string;
}): Promise<Child> {
  const child = track(
    spawn(HAPROXY ?? 'haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const base = `http://${env.PROXY_HTTP_BIND}`;
  // Up once both instances have passed their health checks: a request pinned to each is answered by it.
  const servedBy = async (node: string) =>
    (await fetch(`${base}/api/ready`, { headers: { cookie: `portal_node=${node}` } })).headers.get('x-portal-node');
  await until(async () => (await servedBy('a')) === 'a' && (await servedBy('b')) === 'b', 30_000, 'haproxy', child);
  return child;
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function stop(child: Child | undefined): Promise<void> {
  if (child && child.process.exitCode === null && child.process.signalCode === null) {
    child.process.kill('SIGTERM');
    await exited(child.process);
  }
}
