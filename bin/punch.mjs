#!/usr/bin/env node
// The `punch` bin. Runs the built CLI (`out/cli/punch.mjs`, from `npm run build`) when it is at least as new as every
// source file it was built from; otherwise runs the TypeScript sources through tsx's loader, which is always right
// but costs over a second per run to start. The check is a few dozen stat calls (the list comes with the build).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = join(ROOT, 'out', 'cli', 'punch.mjs');
const INPUTS = join(ROOT, 'out', 'cli', 'punch.inputs.json');

function builtIsCurrent() {
  try {
    const builtAt = statSync(BUILT).mtimeMs;
    const { inputs } = JSON.parse(readFileSync(INPUTS, 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0) return false;
    // A source deleted or moved since the build also means the bundle no longer matches the tree.
    return inputs.every((p) => existsSync(join(ROOT, p)) && statSync(join(ROOT, p)).mtimeMs <= builtAt);
  } catch {
    return false; // not built yet, or a partial build: run from source
  }
}

if (builtIsCurrent()) {
  await import(pathToFileURL(BUILT).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/index.ts');
}
