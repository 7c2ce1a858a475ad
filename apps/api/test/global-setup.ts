import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { freePort } from '../src/db/free-port';
import { runMigrations } from '../src/db/migrate';
import { seedCommentTemplates } from '../src/modules/comments/comment-templates';
import { syncPermissions } from '../src/seed/permissions';
import { syncPlanTypes } from '../src/seed/plan-types';
import { syncRequestTypes } from '../src/seed/request-types';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDatabase: string;
  }
}

/** Replaces the database name of a connection URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * One PostgreSQL for the whole run: DATABASE_URL's server when set (CI proves an external server works),
 * otherwise an embedded one in a temporary directory. The committed migrations build a template database once;
 * every test file then gets its own copy (CREATE DATABASE … TEMPLATE), so files never share data.
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  let stopServer: () => Promise<void> = async () => undefined;
  let dataDir: string | undefined;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-portal-test-'));
    // mkdtemp makes a 0700 folder; under root PostgreSQL runs as its own user and must be able to enter it.
    await chmod(dataDir, 0o755);
    // A throwaway server: nothing in it must survive a power cut, so it skips the disk flushes. Every test file copies
    // the template (CREATE DATABASE … TEMPLATE writes the whole copy through the WAL) and commits hundreds of times.
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'pg'),
      port: await freePort(),
      settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'],
    });
    adminUrl = server.url('postgres');
    stopServer = server.stop;
  }
  const templateDatabase = `portal_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${templateDatabase}"`);
  const { db, pool } = createDb(withDatabase(adminUrl, templateDatabase), { max: 1 });
  await runMigrations(db);
  await syncPermissions(db);
  await syncPlanTypes(db);
  await syncRequestTypes(db);
  await seedCommentTemplates(db);
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      // The template, and the demo template test-app.ts makes from it (`…_demo`, `…_demo_building`).
      `select datname from pg_database where datname like $1 or datname like $2`,
      [`portal_test_${process.pid}_%`, `${templateDatabase}%`],
    );
    for (const row of leftovers.rows) {
      await admin.query(`drop database if exists "${row.datname}" with (force)`);
    }
    await admin.end();
    await stopServer();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
    }
  };
}
