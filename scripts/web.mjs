#!/usr/bin/env node
/**
 * `npm run web -- [--port N] [--data-dir D] [--no-open]`: Punchcard in the browser, without Electron.
 * Builds what is missing or older than its sources first, once (a fresh clone, a `git pull`): the renderer
 * (`out/renderer`, electron-vite) and the server's bundle (`out/web/web.mjs`, scripts/build-node.mjs). Then the server
 * runs in this very process (the built bundle, imported: no second Node process, and no TypeScript compiler held in
 * memory: about 55 MB idle instead of 130), with the arguments as given. Only when the bundle cannot be built (no
 * esbuild) do the sources run, through tsx.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from '../bin/bundle-current.mjs';
import { appBuildLock, buildOnce } from './build-lock.mjs';

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

/**
 * One build at a time (./build-lock.mjs): a second `npm run web` started meanwhile waits for this one's build and
 * uses it, where both used to empty out/ under each other and one failed.
 */
function buildRendererIfStale() {
  const current = () => {
    const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
    return builtAt > 0 && builtAt >= Math.max(...SOURCES.map(newestMtime));
  };
  const run = buildOnce(appBuildLock(ROOT), {
    isCurrent: current,
    waiting: (pid) =>
      process.stderr.write(`Another build of the Punchcard interface is under way${pid ? ` (process ${pid})` : ''}: waiting for it...\n`),
    build: () => {
      process.stderr.write('Building the Punchcard interface (once, about 10 seconds)...\n');
      return spawnSync(bin('electron-vite'), ['build'], {
        cwd: ROOT,
        encoding: 'utf8',
        shell: process.platform === 'win32',
      });
    },
  });
  const result = run.result;
  if (run.built && (result.status !== 0 || !existsSync(BUILT))) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.stderr.write(
      `punch web: the interface did not build${result.error ? ` (${result.error.message})` : ''}. Fix the error above, or run \`npx electron-vite build\` to see it again.\n`,
    );
    process.exit(1);
  }
}

buildRendererIfStale();
const WEB_BUNDLE = join(ROOT, 'out', 'web', 'web.mjs');
const server = buildIfStale(ROOT, 'web', WEB_BUNDLE, () =>
  process.stderr.write('Building the Punchcard server (once, a few seconds)...\n'),
);
// The server reads its options from process.argv.slice(2), which are this script's: they pass through as they are.
if (server.current) {
  await import(pathToFileURL(WEB_BUNDLE).href);
} else {
  if (server.failure)
    process.stderr.write(`punch web: the server could not be built, so it runs from its sources (slower):\n${server.failure}\n`);
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, 'src', 'web', 'main.ts')).href);
}
