import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The crash test is a project of its own (vitest.crash.config.ts): it runs real servers, not the shared database.
    exclude: [...configDefaults.exclude, 'test/crash/**'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
