import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appDatabaseUrl } from './support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLE = path.join(ROOT, 'apps/api/dist/main.js');

/** Whether nothing listens on the port (so a second instance may take it). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port below Linux's ephemeral range (32768–60999), where an outgoing connection of the app or the browser can
 * never be holding it; clear of the run's own ports (E2E_PORT 20,000–29,999, E2E_AI_PORT 10,000–19,999).
 */
async function pickPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 30_000 + Math.floor(Math.random() * 2_700);
    if (await isFree(port)) {
      return port;
    }
  }
  throw new Error('no free port for the second instance');
}

/**
 * A second instance of the app — the bundle `npm start` built for this run — on the run's database and data
 * directory, as a load balancer's second server would be. Specs start and stop it to take a server away from a
 * browser for real (its websockets close as the process ends), then bring it back on the same address.
 */
export async function startSecondInstance() {
  const port = await pickPort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    output = '';
    child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        APP_URL: url,
        DATABASE_URL: appDatabaseUrl(),
        DATA_DIR: 'data-e2e',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const end = Date.now() + 60_000;
    while (Date.now() < end) {
      if (child.exitCode !== null) {
        throw new Error(`the second instance exited (${child.exitCode}):\n${output.slice(-2000)}`);
      }
      try {
        if ((await fetch(`${url}/api/health`)).ok) {
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the second instance did not become healthy:\n${output.slice(-2000)}`);
  };

  /** Ends the process (SIGTERM: the app's own shutdown, which closes its sockets) and waits until it is gone. */
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) {
      return;
    }
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return { url, port, start, stop };
}
