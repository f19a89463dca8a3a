import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * The browser the web suite drives: Debian's Chromium in its headless build (the package chromium-headless-shell,
 * the old headless mode, what Playwright itself runs headless tests in), else Debian's full Chromium in its new
 * headless mode. The same version and engine (Blink, V8); the headless build leaves out the browser's own interface
 * layers, and Chromium is most of this suite's CPU (84 %, docs/benchmarks.md "The suite's time, fifth pass"). Three
 * spec files (keyboard, week, i18n: 22 tests) took 46.2 and 45.6 s of CPU in the full build, 25.9 and 25.7 s in the
 * headless one, interleaved, load 4-14 (`python3 scripts/tree-cpu.py -- npx playwright test <files> --workers=1`,
 * PUNCH_E2E_CHROMIUM=<path> choosing the browser). `npm run bench -- web` times first paints in the full build, as
 * users' windows are drawn.
 */
const CHROMIUM =
  process.env.PUNCH_E2E_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/**
 * End-to-end suites. `web`: Debian's Chromium against `npm run web` (see test/e2e/fixtures.ts). `electron`: the
 * desktop app through Playwright's Electron driver; it skips with a plain message where no Electron binary exists.
 * The renderer must be built first (`npx electron-vite build`; scripts/test.sh does it, and the fixture rebuilds
 * through scripts/web.mjs when the build is stale).
 */
export default defineConfig({
  testDir: 'test/e2e',
  // web mode's server is built once per run (out/web/web.mjs), so each test's `npm run web` starts it in plain node
  globalSetup: './test/e2e/build-web.ts',
  // what is left of the run's temp folders, a worker killed outright having removed nothing (test/tools/e2e-temp-dirs.ts)
  globalTeardown: './test/e2e/temp-teardown.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One retry: a browser test that fails once and then passes is reported by name as FLAKY in the closing summary
  // (scripts/test-summary.mjs), so a race shows up without one slow moment failing the whole run. Two failures fail.
  retries: 1,
  // Two spec files at a time (2 cores: most of a browser test is waiting on the web server, the sandbox and Chromium).
  // Three and four were measured against two on the whole suite (docs/benchmarks.md "The suite's time, fourth pass",
  // 2026-11-28, the machine shared at load 26-39): three took as long as two (1,063 s against 1,020, one timeout
  // each), four failed 6 of its first 49 tests (timeouts: each test gets a smaller share of the cores); on the quiet
  // machine, clean-clone runs of the same tree apart from this line: two 5.9 and 6.9 min, three 6.6 min: not told
  // apart from the run-to-run spread, so two stays (fewer Chromiums and servers at once).
  // The CPU of a run is that of its whole process tree, Chromium's included: `/usr/bin/time` counts only what its child
  // waited for, and Chromium's zygotes and their pages outlive the browser they belong to (a subreaper counts them:
  // 651 s for the run in which `/usr/bin/time` said 236 s; docs/benchmarks.md, "The suite's time, fifth pass").
  // Each test has its own sandbox and web server on a free port, its own data dir and clock file (fixtures.ts), and
  // its screenshots by name under test-results/screens; so nothing one writes is another's. Within a file, tests run
  // in order (fullyParallel: false): files that share one server per file (sharedAppPerFile) rely on it.
  fullyParallel: false,
  workers: 2,
  reporter: [['list']],
  use: {
    // A screenshot of every page at the end of every test, kept: it is what a reviewer looks at, and it is cheap. A
    // full-page shot at 420 x 640 costs Chromium about 0.04 s of CPU (median of 6 at load 27), some 6 s over the suite's
    // 156 tests, about 1 % of the 651 s of CPU of the whole run, so 'only-on-failure' would save about that
    // (docs/benchmarks.md, "The suite's time, fifth pass"). Where the suite's CPU goes: Chromium, about 84 % of it, a
    // page's own start (a blank page: 0.8 s) more than the app's (0.6 s more) (PUNCH_E2E_CPU_LOG, test/e2e/cpu-probe.ts).
    screenshot: 'on',
    // A trace is recorded on the retry of a failed test (and kept when that fails too, or shows a flaky pass), not on
    // every run: recording DOM snapshots for every test to keep the few that fail cost ~20 % of the browser suite's CPU.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'web',
      testIgnore: /electron\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        headless: true,
        viewport: { width: 420, height: 640 },
        // the browser's language and region, said rather than taken from the machine's: the app's words and formats
        // follow them (docs/i18n.md); test/e2e/i18n.spec.ts sets others per test
        locale: 'en-US',
        launchOptions: {
          executablePath: CHROMIUM,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
    {
      name: 'electron',
      testMatch: /electron\.spec\.ts$/,
    },
  ],
});
