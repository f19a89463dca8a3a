#!/usr/bin/env node
/**
 * No folder under src/ holds more than 15 source files: a folder is a room of one idea, and one that grows past that
 * is usually two (split it by idea, as docs/ARCHITECTURE.md "Core modules" does). Counted: every source file the
 * build reads directly in the folder (`.ts`, `.tsx`, `.mts`, `.cts`, and `.js`, `.mjs`, `.cjs`, `.jsx`: a 16th file
 * in JavaScript is still a 16th module), its `index.ts` and declaration files (`.d.ts`) included; sub-folders count
 * on their own. Prints each folder over the limit and exits 1. Part of `npm run lint`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_SOURCE_FILES = 15;
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every folder under `dir` with how many source files it holds directly. */
export function folderSizes(dir) {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.filter((e) => e.isFile() && SOURCE.test(e.name)).length;
  return [{ dir, files: here }, ...entries.filter((e) => e.isDirectory()).flatMap((e) => folderSizes(join(dir, e.name)))];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? ROOT);
  const sizes = folderSizes(join(root, 'src'));
  const over = sizes.filter((s) => s.files > MAX_SOURCE_FILES);
  for (const s of over)
    console.error(
      `${relative(root, s.dir)}/ holds ${s.files} source files (at most ${MAX_SOURCE_FILES}): split it into rooms of one idea each.`,
    );
  if (over.length > 0) process.exit(1);
  const largest = sizes.reduce((a, b) => (b.files > a.files ? b : a));
  console.log(
    `folder sizes: ${sizes.length} folders of src/, the largest ${relative(root, largest.dir)}/ with ${largest.files} source files (at most ${MAX_SOURCE_FILES})`,
  );
}
