import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded';
import { freePort } from '../src/db/free-port';

// Runs only where the suite itself uses the embedded server (with DATABASE_URL this is the external-server run).
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded PostgreSQL', () => {
  let dir: string;
  let server: EmbeddedDatabase;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-'));
    await chmod(dir, 0o755);
    server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the data directory and serves SQL', async () => {
    expect(server.created).toBe(true);
    const client = new pg.Client({ connectionString: server.url('postgres') });
    await client.connect();
    const result = await client.query<{ server_version: string }>('show server_version');
    await client.end();
    expect(result.rows[0]?.server_version).toMatch(/^\d+/);
  });

  it('refuses a second instance on the same data directory with a clear message', async () => {
    await expect(startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() })).rejects.toThrow(
      /Another Agency Portal instance is already using the data directory .*pg \(PostgreSQL pid \d+\)/,
    );
  });

  it('starts again on its existing data directory after a clean stop', async () => {
    await server.stop();
    server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port });
    expect(server.created).toBe(false);
  }, 60_000);
});
