import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate';
import { getTestApp } from './test-app';

describe('schema and migrations', () => {
  it('agree: generating a migration from the schema yields nothing new', () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      cpSync(MIGRATIONS_DIR, scratch, { recursive: true });
      const before = readdirSync(scratch).sort();
      const result = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/drizzle-kit'), ['generate'], {
        cwd: path.join(REPO_ROOT, 'apps/api'),
        // drizzle-kit reads `out` relative to the config folder.
        env: { ...process.env, MIGRATIONS_OUT: path.relative(path.join(REPO_ROOT, 'apps/api'), scratch) },
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      expect(readdirSync(scratch).sort()).toEqual(before);
      expect(`${result.stdout}${result.stderr}`).toContain('No schema changes');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);

  it('gives up on a lock held by another session after the lock timeout instead of waiting behind it', async () => {
    const { db, url, close } = await getTestApp();
    // Another session (the previous version's long transaction during a rolling restart) holds a lock the migrator
    // needs: its own bookkeeping table.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
      const started = Date.now();
      const failure = await runMigrations(db, { lockTimeoutMs: 300 }).then(
        () => null,
        (error: Error) => error,
      );
      expect(String(failure?.cause ?? failure)).toMatch(/lock timeout/);
      expect(Date.now() - started).toBeLessThan(5000);
      await holder.query('rollback');
      // The pool's connection is not left with the short timeout: the next start migrates normally.
      await runMigrations(db);
    } finally {
      await holder.end();
      await close();
    }
  });
});
