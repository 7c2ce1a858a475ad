import { defineConfig } from 'vitest/config';

/**
 * The crash and drain tests (test/crash): each starts the real server twice on its own embedded PostgreSQL, so they
 * need no shared test database and run as a project of their own, beside the API unit tests.
 */
export default defineConfig({
  test: {
    name: 'crash',
    include: ['test/crash/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
