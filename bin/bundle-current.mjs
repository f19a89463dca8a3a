// Whether a bundle made by scripts/build-node.mjs may run instead of its TypeScript sources: used by bin/punch.mjs
// and scripts/web.mjs. Plain JavaScript with no imports beyond Node's, as the `punch` bin runs it on every start.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** True when the project has no `src/`: an installed package, where the bundle is all there is. */
export function isInstalledPackage(root) {
  return !existsSync(join(root, 'src'));
}

/**
 * `bundle` (an absolute path to `<name>.mjs`) is current when it exists and is at least as new as every file its
 * `<name>.inputs.json` lists (sources and the package.json of each bundled package, relative to `root`). In an
 * installed package (no `src/`) an existing bundle is current by definition. A missing or unreadable list, or a
 * listed file that is gone, means not current: run from source.
 */
export function bundleIsCurrent(root, bundle) {
  try {
    const builtAt = statSync(bundle).mtimeMs;
    if (isInstalledPackage(root)) return true;
    const { inputs } = JSON.parse(readFileSync(bundle.replace(/\.mjs$/, '.inputs.json'), 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0) return false;
    return inputs.every((p) => statSync(join(root, p), { throwIfNoEntry: false })?.mtimeMs <= builtAt);
  } catch {
    return false; // not built yet, or a partial build
  }
}
