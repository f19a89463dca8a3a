import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // every temporary directory a test file made (test/fixtures/temp-dirs.ts) is removed when the file ends
    setupFiles: ['test/fixtures/remove-temp-dirs.ts'],
    // electron-store imports 'electron'; tests that touch it mock 'electron' and need it inlined.
    server: { deps: { inline: ['electron-store'] } },
  },
});
