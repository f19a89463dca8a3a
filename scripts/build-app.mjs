#!/usr/bin/env node
/**
 * `node scripts/build-app.mjs [--force]`: `electron-vite build` (out/main, out/preload, out/renderer), unless nothing
 * it is built from changed since its last build here. What it is built from: every file under src/, the build's
 * configuration (electron.vite.config.ts, tsconfig*.json) and the installed packages (package.json,
 * package-lock.json); their contents' hash is kept in out/app-build.json after a build. When they hash the same and
 * the three outputs exist, one line says the build is skipped, and the renderer's index.html is given the time of the
 * newest input, so scripts/web.mjs's time check (built at least as late as its sources) agrees. scripts/test.sh uses
 * it: CI runs `npm run build` and then `npm test`, which built the same files again (about 30 s on 2 busy cores).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appBuildLock, buildOnce } from './build-lock.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = join(ROOT, 'out', 'app-build.json');
const OUTPUTS = ['out/main/index.js', 'out/preload', 'out/renderer/index.html'];
const RENDERER_INDEX = join(ROOT, 'out', 'renderer', 'index.html');

/** Every input file, relative to the root, sorted: src/** and the build's configuration. */
function inputs() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push(path);
    }
  };
  walk('src');
  const config = readdirSync(ROOT).filter((f) => /^tsconfig.*\.json$/.test(f));
  return [...files, ...config, 'electron.vite.config.ts', 'package.json', 'package-lock.json', 'scripts/build-app.mjs']
    .filter((f) => existsSync(join(ROOT, f)))
    .sort();
}

function hashOf(files) {
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(join(ROOT, f)))
      .update('\0');
  return hash.digest('hex');
}

function lastHash() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')).hash;
  } catch {
    return undefined;
  }
}

const files = inputs();
const hash = hashOf(files);
// one build at a time, `npm run web`'s too (./build-lock.mjs): electron-vite empties the folders it writes
const run = buildOnce(appBuildLock(ROOT), {
  isCurrent: () => !process.argv.includes('--force') && hash === lastHash() && OUTPUTS.every((o) => existsSync(join(ROOT, o))),
  waiting: (pid) => console.log(`out/{main,preload,renderer}  being built by another process${pid ? ` (${pid})` : ''}: waiting for it`),
  build: () => {
    const started = Date.now();
    const bin = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-vite.cmd' : 'electron-vite');
    const result = spawnSync(bin, ['build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
    if (result.status !== 0) return { failed: result.error ? ` (${result.error.message})` : '' };
    // Saved while the build read it (a time inside the build): the output may hold the older text, so no hash is kept.
    const ended = Date.now();
    const savedDuring = files.some((f) => {
      const at = statSync(join(ROOT, f), { throwIfNoEntry: false })?.mtimeMs;
      return at === undefined || (at >= started && at <= ended);
    });
    // written under the lock: a build waiting for this one reads it as current
    writeFileSync(STAMP, `${JSON.stringify({ hash: savedDuring ? null : hashOf(files) }, null, 2)}\n`);
    return { seconds: (ended - started) / 1000 };
  },
});
if (!run.built) {
  const newest = Math.max(Date.now(), ...files.map((f) => statSync(join(ROOT, f)).mtimeMs));
  // whole seconds, rounded up: a time set with a fraction can come back a microsecond earlier than asked
  utimesSync(RENDERER_INDEX, Math.ceil(newest / 1000), Math.ceil(newest / 1000));
  console.log(`out/{main,preload,renderer}  unchanged: src/ and the build's configuration hash as at the last build, so not built again`);
  process.exit(0);
}
if (run.result.failed !== undefined) {
  console.error(`build-app: electron-vite build failed${run.result.failed}`);
  process.exit(1);
}
console.log(`out/{main,preload,renderer}  built by electron-vite in ${run.result.seconds.toFixed(1)} s`);
