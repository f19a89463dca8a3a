#!/usr/bin/env node
// The `punch` bin. Runs the built CLI, `out/cli/punch.mjs`: plain JavaScript in one file, so a command starts in a
// few times a bare `node` start. When the bundle is missing (a fresh clone) or older than anything it was built from
// (bin/bundle-current.mjs: after a `git pull`, or an edit), it is built first, once (scripts/build-node.mjs, a few
// seconds), and run. Only when it cannot be built (no esbuild: the dev dependencies are not installed) the TypeScript
// sources run through tsx's loader, which is always right but costs most of a second per start. In an installed
// package (`npm install -g` of the `npm pack` tarball) there are no sources and no tsx: the bundle is what runs.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale, isInstalledPackage } from './bundle-current.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'out', 'cli', 'punch.mjs');

const built = buildIfStale(ROOT, 'cli', BUILT, () =>
  process.stderr.write('punch: building the command line first (once, a few seconds)...\n'),
);
if (built.current) {
  await import(pathToFileURL(BUILT).href);
} else if (isInstalledPackage(ROOT)) {
  process.stderr.write(`punch: ${BUILT} is missing: this installation is incomplete. Install punchcard again.\n`);
  process.exit(1);
} else {
  if (built.failure)
    process.stderr.write(`punch: the command line could not be built, so it runs from its sources (slower):\n${built.failure}\n`);
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/index.ts');
}
