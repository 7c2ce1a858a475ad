import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';
import { freePort } from './free-port';

export const APP_DATABASE = 'agency_portal';

export type DatabaseHandle = {
  url: string;
  embedded: boolean;
  /** True when this start created the database, so the demo workspace may be seeded. */
  fresh: boolean;
  stop: () => Promise<void>;
};

async function ensureDatabase(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) {
      return false;
    }
    await client.query(`create database "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** DATABASE_URL wins; otherwise a PostgreSQL of our own is started in DATA_DIR/postgres. */
export async function openDatabase(config: AppConfig, log: (message: string) => void): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, fresh: false, stop: async () => undefined };
  }
  const dataDir = path.join(config.dataDir, 'postgres');
  const port = config.embeddedPgPort === 0 ? await freePort() : config.embeddedPgPort;
  log(`Starting embedded PostgreSQL in ${dataDir} on port ${port}`);
  const server: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir, port });
  try {
    const fresh = await ensureDatabase(server.url('postgres'), APP_DATABASE);
    return { url: server.url(APP_DATABASE), embedded: true, fresh, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
