import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { dateSensitiveTestFiles } from './test/tools/date-sensitive.mjs';
import SlowFirstSequencer from './test/tools/slow-first-sequencer';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
/**
 * PUNCH_TEST_DATE_SENSITIVE_ONLY=1: only the files whose scenarios depend on the local day, week, hour or zone (the
 * rule and its list: test/tools/date-sensitive.mjs). scripts/test.sh runs everything in UTC+14, then these in UTC-11.
 */
const dateSensitiveOnly = process.env.PUNCH_TEST_DATE_SENSITIVE_ONLY === '1';
const ALL = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const dateSensitive: string[] = dateSensitiveOnly ? dateSensitiveTestFiles(ROOT) : [];
/** A project's files in this run: those its globs name, or (date-sensitive only) the listed ones `match` takes. */
const inRun = (globs: string[], match: (file: string) => boolean) => (dateSensitiveOnly ? dateSensitive.filter(match) : globs);
const UNIT = ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'];
const INTEGRATION = ['test/integration/**/*.test.ts', 'test/integration/**/*.test.tsx'];
/**
 * Unit files that replace a module with `vi.mock` (electron, node:crypto): the mock would stay registered in a shared
 * worker and reach the files after them there, so they keep a process each (the `isolated` project).
 */
const MOCKS_A_MODULE = [
  'test/unit/electron-first-screen.test.ts',
  'test/unit/electron-first-status.test.ts',
  'test/unit/journal-draft.test.ts',
  'test/unit/preload.test.ts',
  'test/unit/store-factory.test.ts',
];
/** The same for the integration tier (electron-shell-boot mocks 'electron'). */
const INTEGRATION_MOCKS_A_MODULE = ['test/integration/electron-shell-boot.test.ts'];
const ISOLATED = [...MOCKS_A_MODULE, ...INTEGRATION_MOCKS_A_MODULE];

/** What every file runs with, whichever project it is in. */
const common = {
  exclude: ['test/e2e/**', 'node_modules/**'],
  environment: 'node',
  pool: 'forks',
  // vitest's default is one worker less than the cores: a single worker on a 2-core machine, which then idles while
  // a test waits for its child processes, sockets and timers (most of the integration tier). With two workers on 2
  // cores a CI run kept the CPU 65 % busy (the two passes: 315 + 150 s); one worker more than the cores fills the
  // waits (docs/benchmarks.md, "The suite's time"). Both projects share the run's workers, so they say the same.
  maxWorkers: Math.max(3, availableParallelism() + 1),
  // A deadline for a hang, not a speed limit: an integration test that starts several punch processes took over
  // 30 s on 2 cores under heavy load and failed for the machine's sake. A passing test takes no longer for it.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // every temporary directory a test file made (test/fixtures/temp-dirs.ts) is removed when the file ends
  setupFiles: ['test/fixtures/remove-temp-dirs.ts'],
  // electron-store imports 'electron'; tests that touch it mock 'electron' and need it inlined.
  server: { deps: { inline: ['electron-store'] } },
  // date-fns and zod load as hundreds of small modules, again in every test file's fresh process (most of a unit
  // file's time): each is bundled into one file once per run instead. The same code; only the loading changes.
  deps: { optimizer: { ssr: { enabled: true, include: ['date-fns', 'zod'] } } },
} satisfies TestProjectInlineConfiguration['test'];

/**
 * Files that share a worker process one after another (vitest's `isolate: false`), instead of a fresh process each.
 * Why: a fresh process per file costs its start and the import of vitest, the test's helpers and the code under test
 * again: the unit tier took 103.7 s of CPU isolated and 65.6 s shared (0.63x, means of 2 and 3 interleaved runs:
 * docs/benchmarks.md "The suite's time", fourth pass). What a file changes in its process is put back when it ends
 * (test/fixtures/restore-process.ts: the environment, above all `TZ`, timers, stubs, spies); what that cannot put back
 * (a `vi.mock`) keeps a process per file: MOCKS_A_MODULE. Checked by the tier passing in shuffled orders of its files
 * and tests (`--sequence.seed=N --sequence.shuffle`, test/tools/slow-first-sequencer.ts) and in UTC-11. Modules stay
 * loaded from one file to the next: a file that needs them fresh imports them after `vi.resetModules()`, as
 * test/unit/built-on-first-use.test.ts does.
 */
const shared = { isolate: false, setupFiles: [...common.setupFiles, 'test/fixtures/restore-process.ts'] };
/**
 * The integration tier shares its workers the same way: a fresh process per file cost about 0.5 s of CPU a file
 * (24 small files: 23.5 s of CPU isolated, 11.4 s shared; docs/benchmarks.md "The suite's time", fifth pass). Its
 * files also keep the harness's test clock (test/fixtures/cli-harness.ts `cliClock`), which a file may move on: each
 * file starts it at TEST_NOW again (test/fixtures/restart-test-clocks.ts).
 */
const sharedIntegration = { ...shared, setupFiles: [...shared.setupFiles, 'test/fixtures/restart-test-clocks.ts'] };

export default defineConfig({
  test: {
    ...common,
    include: dateSensitiveOnly ? dateSensitive : ALL,
    // The longest files start first (from test/tools/durations.json), so no long file starts last and runs alone.
    // One order across the projects below: vitest sorts every file of the run with this, then hands them out.
    sequence: { sequencer: SlowFirstSequencer },
    // `punch` and web mode are built once per run from the current sources; the tests start the bundles (not tsx).
    // The root's own: vitest runs it once per run (not per project), and the forks inherit what it sets.
    globalSetup: ['test/fixtures/build-node-bundles.ts'],
    projects: [
      {
        test: {
          ...common,
          name: 'unit',
          include: inRun(UNIT, (f) => f.startsWith('test/unit/') && !MOCKS_A_MODULE.includes(f)),
          exclude: [...common.exclude, ...MOCKS_A_MODULE],
          ...shared,
        },
      },
      // Shared too (sharedIntegration): checked by the tier passing in shuffled orders of its files (docs/benchmarks.md
      // "The suite's time", fifth pass); the sandboxes, cores and servers a file starts are its own and closed by it.
      {
        test: {
          ...common,
          name: 'integration',
          include: inRun(INTEGRATION, (f) => f.startsWith('test/integration/') && !INTEGRATION_MOCKS_A_MODULE.includes(f)),
          exclude: [...common.exclude, ...INTEGRATION_MOCKS_A_MODULE],
          ...sharedIntegration,
        },
      },
      // Both tiers' files that mock a module, in one project: each file still gets a process of its own (vitest's
      // default `isolate: true`); one project instead of two of the same shape is one less set of vitest's per-project
      // work (docs/benchmarks.md, "The tests' loose ends")
      {
        test: {
          ...common,
          name: 'isolated',
          include: inRun(ISOLATED, (f) => ISOLATED.includes(f)),
        },
      },
    ],
  },
});
