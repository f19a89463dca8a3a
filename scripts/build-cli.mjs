#!/usr/bin/env node
/**
 * Builds `punch` into one ESM file, `out/cli/punch.mjs`, so a run starts in plain Node instead of loading tsx and
 * compiling TypeScript first (that costs more than a second per command).
 *
 * npm packages stay external (`packages: 'external'`): they load from node_modules as usual, and keytar stays a
 * native addon. Next to the bundle, `punch.inputs.json` lists the source files it was made from, so `bin/punch.mjs`
 * can tell in a few stat calls whether the bundle is older than the sources (then it runs them through tsx).
 *
 * esbuild is the one vite and tsx already install (it is not a direct dependency of Punchcard).
 *
 * `--out-dir DIR` (tests) writes elsewhere; keep DIR inside the project so the external packages still resolve.
 */
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDirArg = process.argv.indexOf('--out-dir');
const OUT_DIR = outDirArg > 0 ? resolve(ROOT, process.argv[outDirArg + 1] ?? '') : join(ROOT, 'out', 'cli');
const OUTFILE = join(OUT_DIR, 'punch.mjs');

mkdirSync(OUT_DIR, { recursive: true });
const started = Date.now();
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/cli/index.ts'],
  outfile: OUTFILE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: '// Built by scripts/build-cli.mjs from src/cli/index.ts. Do not edit: run `npm run build`.' },
});

// Paths relative to the project root, as esbuild reports them; only our sources (packages are not bundled).
const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.includes('node_modules/')).sort();
writeFileSync(join(OUT_DIR, 'punch.inputs.json'), `${JSON.stringify({ inputs }, null, 2)}\n`);
const bytes = result.metafile.outputs[Object.keys(result.metafile.outputs)[0]]?.bytes ?? 0;
process.stdout.write(`${relative(ROOT, OUTFILE)}  ${(bytes / 1024).toFixed(1)} kB from ${inputs.length} source files in ${Date.now() - started} ms\n`);
