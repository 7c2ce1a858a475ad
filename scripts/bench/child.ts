import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export type BenchChild = {
  port: number;
  /** The server process, whose CPU time the bench reads from /proc. */
  pid: number;
  /** The postmaster of the server's PostgreSQL (0 when it has none). */
  pgPid: number;
  /** Sends a message the child answers with one message (api-server.ts: explain-start / explain-stop). */
  ask: (message: unknown) => Promise<unknown>;
  stop: () => Promise<void>;
};

/** Forks a bench server script and waits for it to report its port. */
export function startChild(script: string, env: Record<string, string> = {}): Promise<BenchChild> {
  const child: ChildProcess = fork(path.join(here, script), {
    // BENCH_NODE_ARGS: extra node flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (Node refuses
    // --cpu-prof in NODE_OPTIONS).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', (message) => {
      const { port, pgPid } = message as { port: number; pgPid?: number };
      resolve({
        port,
        pid: child.pid ?? 0,
        pgPid: pgPid ?? 0,
        ask: (question) =>
          new Promise((answer) => {
            child.once('message', answer);
            child.send(question as object);
          }),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.send('stop');
          }),
      });
    });
  });
}
