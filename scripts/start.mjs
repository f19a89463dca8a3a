#!/usr/bin/env node
/**
 * `npm start`: the desktop app when Electron's runtime is installed, otherwise the same app in the browser.
 *
 * Whether the runtime is there is read from the electron package's own record (`path.txt` -> `dist/<binary>`),
 * which is what `require('electron')` resolves. We do not call `require('electron')` itself: when the binary is
 * missing it starts a download, which is exactly what cannot work on a machine that could not download it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsCurrent } from '../bin/bundle-current.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function electronBinary() {
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg, 'dist');
  const binary = join(dist, relative);
  return relative && existsSync(binary) ? binary : null;
}

function run(command, args) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => { if (child.exitCode === null) child.kill(signal); });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
}

/**
 * electron 45 installs no binary at `npm ci`; it downloads it on first use. Try that once (quietly: its failure is a
 * stack trace), with a time limit so a stalled network cannot hang `npm start`.
 */
function installElectron() {
  process.stdout.write('Fetching the Electron runtime (first start only)...\n');
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'electron', 'install.js')], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], timeout: 5 * 60_000,
  });
  return result.status === 0 && electronBinary() !== null;
}

/** A fresh clone: install the dependencies first, so `npm start` is the only command a newcomer needs. */
if (!existsSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'))) {
  process.stdout.write('Installing dependencies (npm ci, first start only)...\n');
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (ci.status !== 0) process.exit(ci.status ?? 1);
}

const bin = (name) => join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/**
 * `punch` runs built code (bin/punch.mjs builds it when it is missing or stale, which takes a few seconds once). Built
 * here in the background while the app starts, so the first `punch` after `npm start` answers at once; the build
 * outlives this process (detached), and a `punch` started meanwhile waits for it instead of building again.
 */
function buildPunchInBackground() {
  const bundle = join(ROOT, 'out', 'cli', 'punch.mjs');
  if (bundleIsCurrent(ROOT, bundle)) return;
  const helper = pathToFileURL(join(ROOT, 'bin', 'bundle-current.mjs')).href;
  const code = `import { buildIfStale } from ${JSON.stringify(helper)}; buildIfStale(${JSON.stringify(ROOT)}, 'cli', ${JSON.stringify(bundle)});`;
  try {
    spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, detached: true, stdio: 'ignore' }).unref();
  } catch { /* only a head start: bin/punch.mjs builds it itself when asked */ }
}
buildPunchInBackground();

if (electronBinary() || installElectron()) {
  // `electron-vite preview` builds main, preload and renderer, then launches Electron on the result.
  run(bin('electron-vite'), ['preview']);
} else {
  process.stdout.write("Electron's runtime is not installed on this machine and could not be downloaded; starting Punchcard in your browser instead.\n");
  // web.mjs builds what is missing and runs the server in this process (one Node process, not three); the server
  // prints the URL and opens it with xdg-open/open when it can. The arguments pass through as they are.
  await import(pathToFileURL(join(ROOT, 'scripts', 'web.mjs')).href);
}
