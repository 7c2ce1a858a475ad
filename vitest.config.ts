import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace owns its test configuration; the root only lists them so `npm run test:unit` runs all of them.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/api/vitest.crash.config.ts', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: one worker on a two-core machine. Most API test files
    // wait on PostgreSQL (its own processes) and on module imports, so two workers fill both cores there; larger
    // machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
