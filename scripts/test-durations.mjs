#!/usr/bin/env node
/**
 * Refreshes test/tools/durations.json, the time each vitest file took, from vitest JSON reports (scripts/test.sh
 * writes reports/vitest-plus14.json and reports/vitest-minus11.json):
 *   node scripts/test-durations.mjs [report.json ...]      (default: every reports/vitest-*.json)
 * The sequencer (test/tools/slow-first-sequencer.ts) starts the slowest files first from this list, so that a 40 s file
 * does not start last and run alone at the end while the other worker idles. A file's figure is the mean over the
 * reports it ran in (its first test's start to its end, as vitest reports it), in whole tenths of a second: an order,
 * not a promise, so a refresh after a file got much faster or slower is enough; a file missing from the list is
 * placed by its size. Files gone from the tree are dropped.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'test', 'tools', 'durations.json');

const args = process.argv.slice(2);
const reportsDir = join(ROOT, 'reports');
const reports =
  args.length > 0
    ? args
    : existsSync(reportsDir)
      ? readdirSync(reportsDir)
          .filter((f) => /^vitest-.*\.json$/.test(f))
          .map((f) => join(reportsDir, f))
      : [];
if (reports.length === 0) {
  console.error('No vitest JSON report: run `npm test`, or name one (see the header of scripts/test-durations.mjs).');
  process.exit(1);
}

/** A path of a report (made in this clone or another) as the same test file in this tree, relative to the root; or null. */
function inTree(absolute) {
  const slashed = absolute.replaceAll('\\', '/');
  for (let at = slashed.indexOf('/test/'); at >= 0; at = slashed.indexOf('/test/', at + 1)) {
    const rel = slashed.slice(at + 1);
    if (existsSync(join(ROOT, rel))) return rel;
  }
  return null;
}

/** @type {Map<string, number[]>} */
const times = new Map();
for (const path of reports) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const file of report.testResults ?? []) {
    const rel = inTree(file.name);
    if (!rel || !(file.endTime > file.startTime)) continue;
    times.set(rel, [...(times.get(rel) ?? []), file.endTime - file.startTime]);
  }
}
const durations = Object.fromEntries(
  [...times]
    .map(([file, ms]) => [file, Math.round(ms.reduce((a, b) => a + b, 0) / ms.length / 100) * 100])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(OUT, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`test/tools/durations.json: ${Object.keys(durations).length} files from ${reports.length} report(s)`);
