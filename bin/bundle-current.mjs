// Whether a bundle made by scripts/build-node.mjs may run instead of its TypeScript sources, and building it when it
// may not: used by bin/punch.mjs and scripts/web.mjs. Plain JavaScript with no imports beyond Node's, as the `punch`
// bin runs it on every start.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** True when the project has no `src/`: an installed package, where the bundle is all there is. */
export function isInstalledPackage(root) {
  return !existsSync(join(root, 'src'));
}

/**
 * `bundle` (an absolute path to `<name>.mjs`) is current when it exists, every chunk its `<name>.inputs.json` lists
 * (`chunks`, relative to the bundle's folder) exists, and it is at least as new as every file that list names as its
 * `inputs` (sources and the package.json of each bundled package, relative to `root`). In an
 * installed package (no `src/`) an existing bundle is current by definition. A missing or unreadable list, or a
 * listed file that is gone, means not current.
 */
export function bundleIsCurrent(root, bundle) {
  try {
    const builtAt = statSync(bundle).mtimeMs;
    if (isInstalledPackage(root)) return true;
    const { inputs, chunks = [] } = JSON.parse(readFileSync(bundle.replace(/\.mjs$/, '.inputs.json'), 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0 || !Array.isArray(chunks)) return false;
    // the chunks the bundle imports (a command's code, a language's messages: scripts/build-node.mjs), all still there
    const here = dirname(bundle);
    if (!chunks.every((c) => statSync(join(here, c), { throwIfNoEntry: false }))) return false;
    return inputs.every((p) => statSync(join(root, p), { throwIfNoEntry: false })?.mtimeMs <= builtAt);
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
export function buildIfStale(root, target, bundle, say = () => {}) {
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
      const r = spawnSync(process.execPath, [join(root, 'scripts', 'build-node.mjs'), target], { cwd: root, encoding: 'utf8' });
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
