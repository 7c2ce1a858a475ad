import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { passwordLiteral, randomPassword, readCredentials, writeCredentials } from './credentials';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';
import { freePort } from './free-port';

export const APP_DATABASE = 'agency_portal';
/** The app's own login: owns its database (migrations, pg-boss's schema, trusted extensions) but is no superuser. */
export const APP_ROLE = 'portal_app';

export type DatabaseHandle = {
  url: string;
  embedded: boolean;
  /** True when this start created the database, so the demo workspace may be seeded. */
  fresh: boolean;
  stop: () => Promise<void>;
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The app role with the password from the credentials file (created, or re-keyed when the file had none). */
async function ensureAppRole(adminUrl: string, dataDir: string): Promise<string> {
  const credentials = readCredentials(dataDir);
  if (!credentials) {
    throw new Error(`The embedded PostgreSQL credentials file is missing for ${dataDir}`);
  }
  const password = credentials.app?.password ?? randomPassword();
  await withClient(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const verb = found.rowCount ? 'alter' : 'create';
    await client.query(
      `${verb} role ${APP_ROLE} with login nosuperuser nocreatedb nocreaterole password ${passwordLiteral(password)}`,
    );
  });
  if (!credentials.app) {
    writeCredentials(dataDir, { ...credentials, app: { user: APP_ROLE, password } });
  }
  return password;
}

/**
 * Objects an earlier version created as the superuser move to the app role, so its migrations may alter them.
 * Identity sequences follow their tables; extension members stay with their extension.
 */
const ADOPT_OBJECTS = `
do $$
declare r record;
begin
  for r in select nspname from pg_namespace
    where nspname not like 'pg_%' and nspname <> 'information_schema' and nspowner <> '${APP_ROLE}'::regrole loop
    execute format('alter schema %I owner to ${APP_ROLE}', r.nspname);
  end loop;
  for r in select c.oid::regclass as name, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not like 'pg_%' and n.nspname <> 'information_schema' and c.relkind in ('r', 'p', 'v', 'm', 'S')
      and c.relowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i', 'e')) loop
    execute format('alter %s %s owner to ${APP_ROLE}',
      case r.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view' else 'table' end,
      r.name);
  end loop;
  for r in select p.oid::regprocedure as name, p.prokind from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not like 'pg_%' and n.nspname <> 'information_schema' and p.proowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') loop
    execute format('alter %s %s owner to ${APP_ROLE}', case r.prokind when 'p' then 'procedure' else 'function' end, r.name);
  end loop;
  for r in select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname not like 'pg_%' and n.nspname <> 'information_schema' and t.typtype in ('e', 'd')
      and t.typowner <> '${APP_ROLE}'::regrole
      and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e') loop
    execute format('alter type %s owner to ${APP_ROLE}', r.name);
  end loop;
end $$`;

/** The app database, owned by the app role; answers whether it was created now (so the demo may be seeded). */
async function ensureDatabase(adminUrl: string, databaseUrl: string, name: string): Promise<boolean> {
  const state = await withClient(adminUrl, async (client) => {
    const found = await client.query<{ owner: string }>(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [name],
    );
    if (!found.rows[0]) {
      await client.query(`create database "${name}" owner ${APP_ROLE}`);
      return 'created';
    }
    if (found.rows[0].owner !== APP_ROLE) {
      await client.query(`alter database "${name}" owner to ${APP_ROLE}`);
      return 'adopt';
    }
    return 'ready';
  });
  if (state === 'adopt') {
    // A data directory from before the app role: what the superuser created becomes the app role's.
    await withClient(databaseUrl, (client) => client.query(ADOPT_OBJECTS));
  }
  return state === 'created';
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
    const appPassword = await ensureAppRole(server.url('postgres'), dataDir);
    const fresh = await ensureDatabase(server.url('postgres'), server.url(APP_DATABASE), APP_DATABASE);
    const url = `postgres://${APP_ROLE}:${appPassword}@127.0.0.1:${port}/${APP_DATABASE}`;
    return { url, embedded: true, fresh, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
