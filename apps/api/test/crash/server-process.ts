import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type RunningServer = { process: ChildProcess; base: string; output: () => string };

/**
 * The real server (apps/api/src/main.ts, the code `npm start` runs) with its embedded PostgreSQL in `dataDir`, in its
 * own process. DATABASE_URL is removed so the embedded database is used even where CI sets one for the unit tests.
 */
export async function startServer(
  dataDir: string,
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    EMBEDDED_PG_PORT: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return { process: child, base, output: () => output };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within 90 s:\n${output}`);
}

/** The embedded PostgreSQL's postmaster (from its own lock file) and every process it started. */
export function postgresProcesses(dataDir: string): number[] {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  const postmaster = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** kill -9 of the server and of all its PostgreSQL processes at once: no shutdown hook, checkpoint or flush runs. */
export function killHard(server: RunningServer, dataDir: string): void {
  const pids = [server.process.pid ?? 0, ...postgresProcesses(dataDir)];
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Waits until the process has exited (after a kill). */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}
