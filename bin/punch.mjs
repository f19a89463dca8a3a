#!/usr/bin/env node
// The `punch` bin. Runs the built CLI (`out/cli/punch.mjs`, from `npm run build`) when it is at least as new as
// everything it was built from (bin/bundle-current.mjs); otherwise runs the TypeScript sources through tsx's loader,
// which is always right but costs most of a second per start. In an installed package (`npm install -g` of the
// `npm pack` tarball) there are no sources and no tsx: the bundle is what runs.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleIsCurrent, isInstalledPackage } from './bundle-current.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'out', 'cli', 'punch.mjs');

if (bundleIsCurrent(ROOT, BUILT)) {
  await import(pathToFileURL(BUILT).href);
} else if (isInstalledPackage(ROOT)) {
  process.stderr.write(`punch: ${BUILT} is missing: this installation is incomplete. Install punchcard again.\n`);
  process.exit(1);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/index.ts');
}
