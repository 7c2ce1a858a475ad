import { defineConfig } from 'vitest/config';

/**
 * The scale-out topology behind haproxy (test/topology): the built server twice, Debian's haproxy, redis-server and a
 * database created on DATABASE_URL's server. Not a project of `npm test`: `.ci/run` runs it after the DATABASE_URL
 * pass with `npx vitest run --config apps/api/vitest.topology.config.ts`.
 */
export default defineConfig({
  test: {
    name: 'topology',
    root: import.meta.dirname,
    include: ['test/topology/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 150_000,
    fileParallelism: false,
  },
});
