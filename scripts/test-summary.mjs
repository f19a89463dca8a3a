// Prints one closing line for the whole `npm test` run, from the JSON reports of vitest and Playwright:
// "Summary: N passed, N failed, N skipped". vitest runs twice (scripts/test.sh): every file in UTC+14, then the
// date-sensitive files again in UTC-11 (test/tools/date-sensitive.mjs); both runs count, so a date-sensitive test
// counts once in each zone. A report that is missing counts as a failure (the suite did not run).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0,
  failed = 0,
  skipped = 0;
const missing = [];

function read(path) {
  if (!existsSync(path)) {
    missing.push(path);
    return undefined;
  }
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    missing.push(path);
    return undefined;
  }
}

// One vitest report per time zone (scripts/test.sh); the name says which. The second holds the date-sensitive files only.
const VITEST_RUNS = [
  ['reports/vitest-plus14.json', 'TZ=Pacific/Kiritimati'],
  ['reports/vitest-minus11.json', 'TZ=Pacific/Pago_Pago'],
];
for (const [path, zone] of VITEST_RUNS) {
  const vitest = read(path);
  if (!vitest) continue;
  passed += vitest.numPassedTests ?? 0;
  // A suite that failed to load has no failed tests of its own: count it once.
  const failedHere = (vitest.numFailedTests ?? 0) + (vitest.numFailedTests ? 0 : (vitest.numFailedTestSuites ?? 0));
  failed += failedHere;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  if (failedHere) console.log(`test summary: vitest in ${zone}: ${failedHere} failed`);
}
// Suites that could not run on this machine (scripts/system-deps.sh): listed, with the command that enables them.
const skippedSuites = existsSync('reports/skipped-suites.txt')
  ? readFileSync('reports/skipped-suites.txt', 'utf8').split('\n').filter(Boolean)
  : [];
const browserSkipped = skippedSuites.some((l) => l.includes('browser end-to-end suite'));
const playwright = browserSkipped && !existsSync('reports/playwright.json') ? undefined : read('reports/playwright.json');
const flaky = [];
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
  // Playwright retries a failed browser test once (playwright.config.ts); one that passed only then is named here
  const walk = (suite, path) => {
    const here = suite.title && suite.title !== suite.file ? [...path, suite.title] : path; // a file's suite is titled by its file
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) if (t.status === 'flaky') flaky.push(`${spec.file}: ${[...here, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const s of playwright.suites ?? []) walk(s, []);
}
for (const path of missing) console.log(`test summary: no report at ${path} (that suite did not run to the end)`);
if (missing.length) failed += missing.length;
for (const name of flaky) console.log(`test summary: FLAKY (failed, then passed on its retry): ${name}`);
for (const line of skippedSuites) console.log(`test summary: ${line}`);
console.log(`Summary: ${passed} passed${flaky.length ? ` (${flaky.length} only on a retry)` : ''}, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
