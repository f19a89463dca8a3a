#!/usr/bin/env node
/**
 * The slowest test files of vitest JSON reports (scripts/test.sh writes reports/vitest-*.json; a subset:
 * `npx vitest run a.test.ts b.test.ts --reporter=json --outputFile.json=/tmp/x.json`), and each one's slowest tests:
 * where the suite's time goes, measured instead of guessed.
 *   node scripts/slowest-tests.mjs [report.json ...] [--top N] [--tests M]
 * Default: every reports/vitest-*.json, the 20 slowest files, the 3 slowest tests of each. A file's time is from its
 * first test's start to its end (its imports and hooks included), as vitest reports it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(args.splice(i, 2)[1]);
  return Number.isFinite(n) ? n : fallback;
};
const top = flag('--top', 20);
const perFile = flag('--tests', 3);
const reports =
  args.length > 0
    ? args
    : existsSync('reports')
      ? readdirSync('reports')
          .filter((f) => /^vitest-.*\.json$/.test(f))
          .map((f) => join('reports', f))
      : [];
if (reports.length === 0) {
  console.error('No vitest JSON report: run `npm test`, or name one (see the header of scripts/slowest-tests.mjs).');
  process.exit(1);
}
const secs = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
for (const path of reports) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = report.testResults
    .map((f) => ({ name: relative(process.cwd(), f.name), ms: f.endTime - f.startTime, tests: f.assertionResults ?? [] }))
    .sort((a, b) => b.ms - a.ms);
  const sum = files.reduce((s, f) => s + f.ms, 0);
  console.log(`${path}: ${files.length} files, ${secs(sum).trim()} summed over the files (the run's wall time is about that / workers)`);
  for (const f of files.slice(0, top)) {
    console.log(`${secs(f.ms)}  ${f.name}`);
    const slow = [...f.tests].sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0)).slice(0, perFile);
    for (const t of slow) console.log(`          ${secs(t.duration ?? 0)}  ${t.title}`);
  }
}
