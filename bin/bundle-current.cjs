// Whether a bundle made by scripts/build-node.mjs may run instead of its TypeScript sources, and building it when it
// may not: used by bin/punch.cjs and (through ./bundle-current.mjs) scripts/web.mjs and scripts/start.mjs. Plain
// CommonJS with no imports beyond Node's, as the `punch` bin runs it on every start (an ES module costs the process
// Node's ES module loader: docs/benchmarks.md "punch status, sixth pass").
'use strict';
const { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync } = require('node:fs');
const { dirname, join, sep } = require('node:path');

/** True when the project has no `src/`: an installed package, where the bundle is all there is. */
function isInstalledPackage(root) {
  return !existsSync(join(root, 'src'));
}

/**
 * `bundle` (an absolute path to `<name>.cjs` or `<name>.mjs`) is current when it exists, every chunk its
 * `<name>.inputs.json` lists (`chunks`, relative to the bundle's folder) exists, and it is at least as new as every file
 * that list names as its `inputs` (sources and the package.json of each bundled package, relative to `root`). In an
 * installed package (no `src/`) an existing bundle is current by definition. A missing or unreadable list, or a
 * listed file that is gone, means not current.
 *
 * In a clone this is a `stat` of each input (about 300): an edit in place (an editor that rewrites the file) changes
 * nothing but that file's time, so nothing cheaper (a folder's time, git's index) sees every edit.
 */
const QUIET = { throwIfNoEntry: false };

function bundleIsCurrent(root, bundle) {
  try {
    const builtAt = statSync(bundle).mtimeMs;
    if (isInstalledPackage(root)) return true;
    const { inputs, chunks = [] } = JSON.parse(readFileSync(bundle.replace(/\.[cm]js$/, '.inputs.json'), 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0 || !Array.isArray(chunks)) return false;
    // the chunks the bundle imports (a command's code, a language's messages: scripts/build-node.mjs), all still there
    const here = dirname(bundle) + sep;
    for (const c of chunks) if (!statSync(here + c, QUIET)) return false;
    // the listed paths are relative with `/`, which every platform's fs takes; no join per path (this runs at every start)
    const at = root.endsWith(sep) ? root : root + sep;
    for (const p of inputs) if (!(statSync(at + p, QUIET)?.mtimeMs <= builtAt)) return false;
    return true;
  } catch {
    return false; // not built yet, or a partial build
  }
}

/** A build another process started this long ago and never finished (killed) no longer holds the others back. */
const STALE_BUILD_MS = 3 * 60_000;
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Builds `target` ('cli' or 'web') with scripts/build-node.mjs unless `bundle` is current, once however many processes
 * ask at the same moment (the first builds; the others wait for it under a lock file beside the bundle). `say` prints
 * one line for people before a build (stderr: a command's output stays its own). Returns whether the bundle is
 * current afterwards; when the build failed, `failure` holds what it printed.
 */
function buildIfStale(root, target, bundle, say = () => {}) {
  if (bundleIsCurrent(root, bundle)) return { current: true };
  if (isInstalledPackage(root) || !existsSync(join(root, 'scripts', 'build-node.mjs'))) return { current: false };
  const lock = `${bundle}.building`;
  mkdirSync(dirname(bundle), { recursive: true });
  for (const started = Date.now(); Date.now() - started < STALE_BUILD_MS;) {
    let fd;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      // another process is building it: wait for it (or for its lock to be left behind by a killed build)
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_BUILD_MS) unlinkSync(lock);
      } catch {
        /* gone meanwhile */
      }
      pause(100);
      if (bundleIsCurrent(root, bundle)) return { current: true };
      continue;
    }
    try {
      if (bundleIsCurrent(root, bundle)) return { current: true }; // built while this one waited for the lock
      say();
      // loaded only to build: child_process is not for every start
      const r = require('node:child_process').spawnSync(process.execPath, [join(root, 'scripts', 'build-node.mjs'), target], {
        cwd: root,
        encoding: 'utf8',
      });
      const current = r.status === 0 && bundleIsCurrent(root, bundle);
      return current ? { current } : { current, failure: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? r.error.message : ''}`.trim() };
    } finally {
      closeSync(fd);
      try {
        unlinkSync(lock);
      } catch {
        /* removed by a process that thought it stale */
      }
    }
  }
  return { current: bundleIsCurrent(root, bundle) };
}

module.exports = { isInstalledPackage, bundleIsCurrent, buildIfStale };
