#!/usr/bin/env node
/**
 * `npm start`: the desktop app when Electron's runtime is installed, otherwise the same app in the browser.
 *
 * Whether the runtime is there is read from the electron package's own record (`path.txt` -> `dist/<binary>`),
 * which is what `require('electron')` resolves. We do not call `require('electron')` itself: when the binary is
 * missing it starts a download, which is exactly what cannot work on a machine that could not download it.
 *
 * The download (electron installs no binary at `npm ci`) is tried only when it can work and has not just failed:
 * first one quick connection to the download host (github.com, or ELECTRON_MIRROR's host); if that fails, nothing is
 * downloaded and the one line said is why ("no network to the download host"). A failed attempt is remembered for a
 * day (in the user's cache folder), so the next starts go straight to the browser saying so, instead of announcing
 * "Fetching..." on every start. `npm start -- --fetch-electron` tries again now.
 */
import { spawn, spawnSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsCurrent } from '../bin/bundle-current.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** How long a failed download is remembered before `npm start` tries again by itself. */
const RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
const FETCH_FLAG = '--fetch-electron';

function electronBinary() {
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH || join(pkg, 'dist');
  const binary = join(dist, relative);
  return relative && existsSync(binary) ? binary : null;
}

function electronVersion() {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

function run(command, args) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
}

/** The host @electron/get downloads from: the mirror when one is set (as it reads it), else github.com. */
function downloadHost() {
  const mirror = process.env.ELECTRON_MIRROR || process.env.npm_config_electron_mirror || process.env.NPM_CONFIG_ELECTRON_MIRROR;
  try {
    return new URL(mirror || 'https://github.com/').hostname;
  } catch {
    return 'github.com';
  }
}
function downloadPort() {
  const mirror = process.env.ELECTRON_MIRROR || process.env.npm_config_electron_mirror || process.env.NPM_CONFIG_ELECTRON_MIRROR;
  try {
    const u = new URL(mirror || 'https://github.com/');
    return Number(u.port) || (u.protocol === 'http:' ? 80 : 443);
  } catch {
    return 443;
  }
}

/** Why the download host cannot be reached, in a few words; null when a connection to it can be made. */
async function unreachable(host, port) {
  try {
    await lookup(host);
  } catch {
    return `no network to the download host (${host}: its name cannot be found)`;
  }
  return new Promise((done) => {
    const socket = connect(port, host);
    const finish = (why) => {
      socket.destroy();
      done(why);
    };
    socket.setTimeout(5_000, () => finish(`no network to the download host (${host} does not answer)`));
    socket.once('connect', () => finish(null));
    socket.once('error', (e) =>
      finish(
        e.code === 'ECONNREFUSED'
          ? `the download host (${host}) refused the connection`
          : `no network to the download host (${host}: ${e.code === 'ENETUNREACH' || e.code === 'EHOSTUNREACH' ? 'no route to it' : 'the connection failed'})`,
      ),
    );
  });
}

/** The remembered failure: { at, why, version, host }, in the user's cache folder (not the shared node_modules). */
const MARK = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'punchcard', 'electron-download.json');
function remembered() {
  try {
    const m = JSON.parse(readFileSync(MARK, 'utf8'));
    return m.version === electronVersion() && m.host === downloadHost() && Date.now() - m.at < RETRY_AFTER_MS ? m : null;
  } catch {
    return null;
  }
}
function remember(why) {
  try {
    mkdirSync(dirname(MARK), { recursive: true });
    writeFileSync(MARK, JSON.stringify({ at: Date.now(), why, version: electronVersion(), host: downloadHost() }));
  } catch {
    /* not remembered: the next start checks again, which is only slower */
  }
}

/** The download, only when it can work; returns null when the runtime is there now, else why not (one line). */
async function installElectron(force) {
  const before = force ? null : remembered();
  if (before) return { why: before.why, remembered: before.at };
  const why = await unreachable(downloadHost(), downloadPort());
  if (why) {
    remember(why);
    return { why };
  }
  process.stdout.write(`Fetching the Electron runtime ${electronVersion()} (about 100 MB, once)...\n`);
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'electron', 'install.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 5 * 60_000,
    encoding: 'utf8',
  });
  if (result.status === 0 && electronBinary() !== null) return null;
  const first = (result.stderr ?? '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  const failed =
    result.error?.code === 'ETIMEDOUT'
      ? 'the download took longer than 5 minutes'
      : `the download from ${downloadHost()} failed${first ? ` (${first.slice(0, 120)})` : ''}`;
  remember(failed);
  return { why: failed };
}

/** `Wed 18 Nov 10:05`, as Punchcard writes a moment everywhere (src/shared/words.ts plainMoment). */
function moment(at) {
  const d = new Date(at);
  const two = (n) => String(n).padStart(2, '0');
  return `${'Sun Mon Tue Wed Thu Fri Sat'.split(' ')[d.getDay()]} ${d.getDate()} ${'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')[d.getMonth()]} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A fresh clone: install the dependencies first, so `npm start` is the only command a newcomer needs. */
if (!existsSync(join(ROOT, 'node_modules', '.bin', 'electron-vite'))) {
  process.stdout.write('Installing dependencies (npm ci, first start only)...\n');
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (ci.status !== 0) process.exit(ci.status ?? 1);
}

const bin = (name) => join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const args = process.argv.slice(2);
const force = args.includes(FETCH_FLAG);
const missing = electronBinary() ? null : await installElectron(force);

/**
 * `punch` runs built code (bin/punch.cjs builds it when it is missing or stale, which takes a few seconds once). Built
 * here in the background while the app starts, so the first `punch` after `npm start` answers at once; the build
 * outlives this process (detached), and a `punch` started meanwhile waits for it instead of building again.
 */
function buildPunchInBackground() {
  const bundle = join(ROOT, 'out', 'cli', 'punch.cjs');
  if (bundleIsCurrent(ROOT, bundle)) return;
  const helper = pathToFileURL(join(ROOT, 'bin', 'bundle-current.mjs')).href;
  const code = `import { buildIfStale } from ${JSON.stringify(helper)}; buildIfStale(${JSON.stringify(ROOT)}, 'cli', ${JSON.stringify(bundle)});`;
  try {
    spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, detached: true, stdio: 'ignore' }).unref();
  } catch {
    /* only a head start: bin/punch.cjs builds it itself when asked */
  }
}
buildPunchInBackground();

if (!missing) {
  // `electron-vite preview` builds main, preload and renderer, then launches Electron on the result.
  run(bin('electron-vite'), ['preview']);
} else {
  const when = missing.remembered ? ` (tried ${moment(missing.remembered)}; \`npm start -- ${FETCH_FLAG}\` tries again)` : '';
  process.stdout.write(`Electron's runtime could not be fetched: ${missing.why}${when}. Starting Punchcard in your browser instead.\n`);
  // web.mjs builds what is missing and runs the server in this process (one Node process, not three); the server
  // prints the URL and opens it with xdg-open/open when it can. It reads process.argv: our own flag is taken out first.
  process.argv = process.argv.filter((a, i) => i < 2 || a !== FETCH_FLAG);
  await import(pathToFileURL(join(ROOT, 'scripts', 'web.mjs')).href);
}
