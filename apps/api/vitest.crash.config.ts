import { defineConfig } from 'vitest/config';

/**
 * The crash test (test/crash): starts the real server twice on its own embedded PostgreSQL, so it needs no shared
 * test database and runs as a project of its own, beside the API unit tests.
 */
export default defineConfig({
  test: {
    name: 'crash',
    include: ['test/crash/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
