import { defineProject } from 'vitest/config';

export default defineProject({
  define: {
    __APP_VERSION__: JSON.stringify('0.0.0-test'),
    __BUILD_HASH__: JSON.stringify('testhash0000'),
  },
  test: { name: 'web', environment: 'node', include: ['src/**/*.test.ts', 'vite-plugins/**/*.test.ts'] },
});
