import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { MIGRATIONS_DIR } from '../src/db/migrate';

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
});
