import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { readCredentials } from '../db/credentials';
import { APP_DATABASE } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded';
import { freePort } from '../db/free-port';
import { BackupError } from './pg-tools';

/** `pgDir`: the embedded cluster's folder (DATA_DIR/postgres), absent for DATABASE_URL. */
export type DatabaseSource = { url: string; embedded: boolean; pgDir?: string; release: () => Promise<void> };

/** The port of a running embedded server, from PostgreSQL's own lock file (4th line), or null when none runs. */
function runningPort(pgDir: string): number | null {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) {
    return null;
  }
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') {
      return null;
    }
  }
  const port = Number.parseInt(lines[3] ?? '', 10);
  return Number.isInteger(port) ? port : null;
}

/**
 * The database to back up: DATABASE_URL, or the embedded server of DATA_DIR as its superuser (credentials file).
 * A running app's server is used as it is; a stopped one is started for the backup and stopped after.
 */
export async function openDatabaseSource(config: AppConfig): Promise<DatabaseSource> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, release: async () => undefined };
  }
  const pgDir = path.join(config.dataDir, 'postgres');
  const credentials = readCredentials(pgDir);
  if (!existsSync(path.join(pgDir, 'PG_VERSION')) || !credentials) {
    throw new BackupError(`There is no Agency Portal database in ${config.dataDir} to back up (DATA_DIR).`);
  }
  const superuser = credentials.superuser;
  const urlOn = (port: number) =>
    `postgres://${superuser.user}:${encodeURIComponent(superuser.password)}@127.0.0.1:${port}/${APP_DATABASE}`;
  const port = runningPort(pgDir);
  if (port !== null) {
    return { url: urlOn(port), embedded: true, pgDir, release: async () => undefined };
  }
  const server = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort() });
  return { url: server.url(APP_DATABASE), embedded: true, pgDir, release: server.stop };
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
  return Math.floor(Number(rows[0]?.v) / 10_000);
}

/** Exact row counts of every table outside PostgreSQL's own schemas, keyed `schema.table`, in name order. */
export async function rowCounts(client: pg.Client): Promise<Record<string, number>> {
  const tables = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables.rows) {
    const ident = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${ident}`);
    counts[`${schema}.${name}`] = Number(rows[0]?.n);
  }
  return counts;
}

/** How many of the committed migrations the database has applied (drizzle's journal table), and the last one's tag. */
export async function migrationLevel(client: pg.Client, journal: { tag: string }[]) {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from drizzle.__drizzle_migrations`);
  const applied = Number(rows[0]?.n);
  return { applied, latest: journal[applied - 1]?.tag ?? null };
}
