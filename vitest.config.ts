import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // electron-store imports 'electron'; tests that touch it mock 'electron' and need it inlined.
    server: { deps: { inline: ['electron-store'] } },
  },
});
