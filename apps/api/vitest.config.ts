import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The crash test is a project of its own (vitest.crash.config.ts): it runs real servers, not the shared database.
    // The topology test (vitest.topology.config.ts) runs only in .ci/run, which installs haproxy for it.
    exclude: [...configDefaults.exclude, 'test/crash/**', 'test/topology/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
