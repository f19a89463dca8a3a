#!/usr/bin/env node
// The `punch` bin. Runs the built CLI, `out/cli/punch.cjs` (the loader of one bundled file and its code cache:
// scripts/build-node-cli.mjs), so a command starts in a few times a bare `node` start. When the bundle is missing (a
// fresh clone) or older than anything it was built from (./bundle-current.cjs: after a `git pull`, or an edit), it is
// built first, once (scripts/build-node.mjs, a few seconds), and run. Only when it cannot be built (no esbuild: the dev
// dependencies are not installed) the TypeScript sources run through tsx's loader, which is always right but costs most
// of a second per start. In an installed package (`npm install -g` of the `npm pack` tarball) there are no sources and
// no tsx: the bundle is what runs, unchecked.
//
// CommonJS, as is what it requires: an ES module as the process's entry starts Node's ES module loader, about 7 ms of
// CPU on every command (docs/benchmarks.md "punch status, sixth pass"). ./punch.mjs, the bin before, requires this.
'use strict';
const { join } = require('node:path');
const { buildIfStale, isInstalledPackage } = require('./bundle-current.cjs');

const ROOT = join(__dirname, '..');
const BUILT = join(ROOT, 'out', 'cli', 'punch.cjs');

const built = buildIfStale(ROOT, 'cli', BUILT, () =>
  process.stderr.write('punch: building the command line first (once, a few seconds)...\n'),
);
if (built.current) {
  require(BUILT);
} else if (isInstalledPackage(ROOT)) {
  process.stderr.write(`punch: ${BUILT} is missing: this installation is incomplete. Install punchcard again.\n`);
  process.exit(1);
} else {
  if (built.failure)
    process.stderr.write(`punch: the command line could not be built, so it runs from its sources (slower):\n${built.failure}\n`);
  import('tsx/esm/api').then(({ register }) => {
    register();
    return import('../src/cli/index.ts');
  });
}
