import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { dateSensitiveTestFiles } from './test/tools/date-sensitive.mjs';
import SlowFirstSequencer from './test/tools/slow-first-sequencer';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
/**
 * PUNCH_TEST_DATE_SENSITIVE_ONLY=1: only the files whose scenarios depend on the local day, week, hour or zone (the
 * rule and its list: test/tools/date-sensitive.mjs). scripts/test.sh runs everything in UTC+14, then these in UTC-11.
 */
const dateSensitiveOnly = process.env.PUNCH_TEST_DATE_SENSITIVE_ONLY === '1';

export default defineConfig({
  test: {
    include: dateSensitiveOnly ? dateSensitiveTestFiles(ROOT) : ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    // vitest's default is one worker less than the cores: a single worker on a 2-core machine, which then idles while
    // a test waits for its child processes, sockets and timers (most of the integration tier). With two workers on 2
    // cores a CI run kept the CPU 65 % busy (the two passes: 315 + 150 s); one worker more than the cores fills the
    // waits (docs/benchmarks.md, "The suite's time").
    maxWorkers: Math.max(3, availableParallelism() + 1),
    // A deadline for a hang, not a speed limit: an integration test that starts several punch processes took over
    // 30 s on 2 cores under heavy load and failed for the machine's sake. A passing test takes no longer for it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The longest files start first (from test/tools/durations.json), so no long file starts last and runs alone.
    sequence: { sequencer: SlowFirstSequencer },
    // `punch` and web mode are built once per run from the current sources; the tests start the bundles (not tsx)
    globalSetup: ['test/fixtures/build-node-bundles.ts'],
    // every temporary directory a test file made (test/fixtures/temp-dirs.ts) is removed when the file ends
    setupFiles: ['test/fixtures/remove-temp-dirs.ts'],
    // electron-store imports 'electron'; tests that touch it mock 'electron' and need it inlined.
    server: { deps: { inline: ['electron-store'] } },
    // date-fns and zod load as hundreds of small modules, again in every test file's fresh process (most of a unit
    // file's time): each is bundled into one file once per run instead. The same code; only the loading changes.
    deps: { optimizer: { ssr: { enabled: true, include: ['date-fns', 'zod'] } } },
  },
});
