import { defineConfig } from 'vitest/config';

// Each workspace owns its test configuration; the root only lists them so `npm run test:unit` runs all of them.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/api/vitest.crash.config.ts', 'apps/web'],
  },
});
