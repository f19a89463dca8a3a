#!/usr/bin/env node
// `npm run typecheck`: each process's project (tsconfig.json lists them), with the types of where it runs. Runs them
// one after another and reports every project's errors before failing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// tsconfig.json holds comments (JSONC): strip whole-line comments before parsing
const solution = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8').replace(/^\s*\/\/.*$/gm, ''));
const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
let failed = 0;
for (const { path } of solution.references) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(ROOT, path)], { stdio: 'inherit' });
  console.log(
    `typecheck ${path.replace('./', '')}: ${run.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
