#!/usr/bin/env node
/**
 * `npm run web -- [--port N] [--data-dir D] [--no-open]`: Punchcard in the browser, without Electron.
 * Builds the renderer first when `out/renderer/index.html` is missing or older than its sources, then runs the server:
 * the bundle `out/web/web.mjs` (from `npm run build`) when it is current, else `src/web/main.ts` under tsx (slower to
 * start, and tsx's compiler stays in memory). Arguments pass through; stdout, stderr and signals are forwarded.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleIsCurrent } from '../bin/bundle-current.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'out', 'renderer', 'index.html');
// What the renderer bundle is made of (it imports the shared contract too).
const SOURCES = ['src/renderer', 'src/shared', 'electron.vite.config.ts'].map((p) => join(ROOT, p));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function bin(name) {
  return join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
}

function buildIfStale() {
  const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  if (builtAt > 0 && builtAt >= Math.max(...SOURCES.map(newestMtime))) return;
  process.stderr.write('Building the Punchcard interface (once, about 10 seconds)...\n');
  const result = spawnSync(bin('electron-vite'), ['build'], {
    cwd: ROOT, encoding: 'utf8', shell: process.platform === 'win32',
  });
  if (result.status !== 0 || !existsSync(BUILT)) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.stderr.write(`punch web: the interface did not build${result.error ? ` (${result.error.message})` : ''}. Fix the error above, or run \`npx electron-vite build\` to see it again.\n`);
    process.exit(1);
  }
}

buildIfStale();
const WEB_BUNDLE = join(ROOT, 'out', 'web', 'web.mjs');
// One child process either way (`node --import tsx` rather than the tsx command), so signals reach the server directly.
const entry = bundleIsCurrent(ROOT, WEB_BUNDLE) ? [WEB_BUNDLE] : ['--import', 'tsx', join(ROOT, 'src', 'web', 'main.ts')];
const child = spawn(process.execPath, [...entry, ...process.argv.slice(2)], {
  cwd: ROOT, stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => { if (child.exitCode === null) child.kill(signal); });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 1) : 1));
});
