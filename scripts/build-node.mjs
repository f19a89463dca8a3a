#!/usr/bin/env node
/**
 * Builds the Node entry points into ESM bundles, so they start in plain Node instead of loading tsx and compiling
 * TypeScript first (that costs most of a second per start):
 *   cli  src/cli/index.ts -> out/cli/punch.cjs (and .mjs) + out/cli/punch-chunks/   (the `punch` bin; the only bundle `npm pack` ships)
 *   web  src/web/main.ts  -> out/web/web.mjs + out/web/web-chunks/       (`npm run web`)
 *
 * Each bundle is an entry and chunks (esbuild's `splitting`): what the sources import with `import()` (the core from
 * the CLI, the built-in sandbox, each language's messages) is a chunk loaded when it is asked for, so a command loads
 * what it needs and no more (`punch --help` no core, `punch status` with an account no sandbox: see
 * test/integration/cli-loads.test.ts, and docs/benchmarks.md section 7). A static import pulls its target into the
 * entry's load: the CLI reaches the core only through `import('../core')`.
 *
 *   node scripts/build-node.mjs [cli] [web] [--out-dir DIR] [--force]   (no target: both; DIR: both files go there, for tests)
 *
 * npm packages that are plain JavaScript (zod, conf and its ajv, date-fns...) are bundled in, tree-shaken and
 * minified: loading them from node_modules file by file (date-fns alone is hundreds of modules) was most of the start
 * time. keytar stays external: it is a native addon and optional, loaded on first use, and may be absent. zod keeps
 * only its English messages (scripts/build-node-plugins.mjs: what the bundled packages are built without).
 *
 * Next to each bundle, `<name>.inputs.json` lists what it was made from (our sources, and the package.json of each
 * bundled package) and its chunks, so bin/bundle-current.mjs can tell in a few stat calls whether the bundle is older
 * than any of them or misses a chunk; `<name>.meta.json` is esbuild's metafile (which sources each chunk holds). Files
 * are written to a temporary name and renamed, chunks before the entry, so a process starting meanwhile never reads
 * half a bundle; a chunk's name holds its content's hash, so an old entry still finds its own.
 *
 * Built once: the list also holds a hash of the contents of those inputs (and of this script). When the inputs hash
 * as they did at the last build, the bundle is what a build would write again, so the build is skipped (one line
 * says so) and the bundle's time is set to now, for bin/bundle-current.mjs's time check. `npm test` asks for these
 * bundles three times (both vitest runs and Playwright's setup) and `npm run build` once more before it; they were
 * built each time. A change to what is imported changes a file already on the list (the one importing), so the hash
 * over the last build's inputs sees it. `--force` builds regardless.
 *
 * esbuild is the one vite and tsx already install (it is not a direct dependency of Punchcard).
 */
import { build } from 'esbuild';
import { buildCli } from './build-node-cli.mjs';
import { ICU_PARSER_ALIAS, PLUGINS } from './build-node-plugins.mjs';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = {
  cli: { entry: 'src/cli/index.ts', dir: join('out', 'cli'), name: 'punch', ext: 'cjs' },
  web: { entry: 'src/web/main.ts', dir: join('out', 'web'), name: 'web', ext: 'mjs' },
};

const args = process.argv.slice(2);
const outDirAt = args.indexOf('--out-dir');
const outDir = outDirAt >= 0 ? resolve(ROOT, args[outDirAt + 1] ?? '') : undefined;
const force = args.includes('--force');
const named = args.filter((a, i) => !a.startsWith('--') && !(outDirAt >= 0 && i === outDirAt + 1));
const unknown = named.filter((t) => !(t in TARGETS));
if (unknown.length > 0) {
  process.stderr.write(`build-node: unknown target ${unknown.join(', ')} (targets: ${Object.keys(TARGETS).join(', ')})\n`);
  process.exit(1);
}

/** `node_modules/zod/v4/core/api.js` -> `node_modules/zod/package.json` (the innermost package, scoped or not). */
function packageJsonOf(input) {
  const at = input.lastIndexOf('node_modules/') + 'node_modules/'.length;
  const parts = input.slice(at).split('/');
  return `${input.slice(0, at)}${parts.slice(0, parts[0].startsWith('@') ? 2 : 1).join('/')}/package.json`;
}

function writeAtomically(file, contents) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, contents);
  renameSync(temp, file);
}

// what builds, besides the inputs: this script, its two helpers (./build-node-cli.mjs, ./build-node-plugins.mjs) and esbuild's version
const SELF = Buffer.concat([
  readFileSync(fileURLToPath(import.meta.url)),
  ...['build-node-cli.mjs', 'build-node-plugins.mjs'].map((f) => readFileSync(join(dirname(fileURLToPath(import.meta.url)), f))),
  readIfThere(join(ROOT, 'node_modules', 'esbuild', 'package.json')),
]);

function readIfThere(file) {
  return existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
}

/** A hash of what a build of `entry` reads: this script, and the contents of `inputs` (paths relative to the root). */
function hashOf(entry, inputs) {
  const hash = createHash('sha256').update(SELF).update(`\0${entry}\0`);
  for (const p of inputs) {
    const file = join(ROOT, p);
    hash
      .update(`${p}\0`)
      .update(existsSync(file) ? readFileSync(file) : '(missing)')
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * The last build's inputs when they still hash the same and its bundle (the entry and every chunk it lists) exists;
 * else null.
 */
function unchangedSince(entry, outfile, list) {
  try {
    const { inputs, chunks, hash } = JSON.parse(readFileSync(list, 'utf8'));
    if (!Array.isArray(inputs) || inputs.length === 0 || !Array.isArray(chunks) || typeof hash !== 'string') return null;
    if (![outfile, ...chunks.map((c) => join(dirname(list), c))].every((f) => existsSync(f))) return null;
    return hashOf(entry, inputs) === hash ? inputs : null;
  } catch {
    return null; // never built here, or a list from before the hash
  }
}

async function buildOne(key) {
  const { entry, dir, name, ext } = TARGETS[key];
  const dest = outDir ?? join(ROOT, dir);
  const outfile = join(dest, `${name}.${ext}`);
  const list = join(dest, `${name}.inputs.json`);
  mkdirSync(dest, { recursive: true });
  const unchanged = force ? null : unchangedSince(entry, outfile, list);
  if (unchanged) {
    // as new as its newest input, as a build now would be (an input's time may lie ahead: a clock or a checkout)
    const newest = Math.max(Date.now(), ...unchanged.map((p) => statSync(join(ROOT, p), { throwIfNoEntry: false })?.mtimeMs ?? 0));
    // whole seconds, rounded up: a time set with a fraction can come back a microsecond earlier than asked
    utimesSync(outfile, Math.ceil(newest / 1000), Math.ceil(newest / 1000));
    process.stdout.write(`${relative(ROOT, outfile)}  unchanged: its inputs hash as at its last build, so not built again\n`);
    return;
  }
  const started = Date.now();
  const common = {
    absWorkingDir: ROOT,
    write: false,
    bundle: true,
    platform: 'node',
    target: 'node20',
    external: ['keytar'],
    plugins: PLUGINS,
    alias: ICU_PARSER_ALIAS,
    minify: true,
    // Error classes and functions keep their names (stack traces, and any `e.name`/`constructor.name` check).
    keepNames: true,
    metafile: true,
    legalComments: 'none',
    // Every character outside ASCII written as an escape (\uXXXX), the catalogs' accented and Arabic text too. A chunk
    // with one such character is read by Node as a two-byte string, which V8 scans slower: in one-byte ASCII, `punch
    // status` took 3.6 % less CPU on the demo, 2.4 % with an account, and no more in German or Arabic though their
    // catalogs grow (Arabic's from 340 to 595 kB), measured in interleaved rounds (docs/benchmarks.md "punch status,
    // fourth pass"). The bundles were UTF-8 before, for the catalogs' size.
    charset: 'ascii',
    logLevel: 'warning',
    // The bundled CommonJS packages (ajv, semver...) call require() for Node's built-ins; ESM has none of its own.
    banner: {
      js:
        `// Built by scripts/build-node.mjs from ${entry}. Do not edit: run \`npm run build\`.\n` +
        "import { createRequire as __punchRequire } from 'node:module'; const require = __punchRequire(import.meta.url);",
    },
  };
  // the CLI: one CommonJS file run through V8's code cache, and its loader (scripts/build-node-cli.mjs); web mode: an
  // ES module entry and chunks
  const result =
    key === 'cli'
      ? await buildCli(
          {
            ...common,
            // Names as in the sources instead of minified ones kept by `keepNames`: keepNames sets each function's and
            // class's name with a defineProperty call at load, which cost status 1.3 MB of live heap (its largest
            // allocation site) and the garbage collector's copying of it; unminified names cost 0.3 MB more bundle to
            // read and nothing at run time. 0.957 of the CPU on the demo, 0.978 with an account (docs/benchmarks.md
            // "punch status, sixth pass"). A name esbuild renames to keep two modules' apart gets a digit (`parse2`):
            // nothing reads a function's name (errors set theirs: `override readonly name = ...`).
            minify: false,
            minifyWhitespace: true,
            minifySyntax: true,
            keepNames: false,
            banner: { js: `// Built by scripts/build-node.mjs from ${entry}. Do not edit: run \`npm run build\`.` },
          },
          { entry, dest, name },
        )
      : await build({
          ...common,
          entryPoints: { [name]: entry },
          outdir: dest,
          splitting: true,
          chunkNames: `${name}-chunks/[name]-[hash]`,
          outExtension: { '.js': '.mjs' },
          format: 'esm',
        });
  const entryFile = result.outputFiles.find((f) => f.path === outfile);
  if (!entryFile) throw new Error(`esbuild wrote no ${name}.${ext} for ${entry}`);
  const chunks = result.outputFiles.filter((f) => f !== entryFile);
  // Paths relative to the project root, as esbuild reports them.
  // (the stand-ins of conf-without-schemas are made here, not read from a file: `conf-stub:semver`)
  const all = Object.keys(result.metafile.inputs).filter((p) => !/^[a-z-]+:/.test(p));
  const sources = all.filter((p) => !p.includes('node_modules/'));
  const packages = [...new Set(all.filter((p) => p.includes('node_modules/')).map(packageJsonOf))];
  const inputs = [...sources, ...packages].sort();
  // The hash of the inputs as they are now: if one was saved while esbuild read them (its time is after the start),
  // the bundle may hold the older text, so no hash is kept and the next build runs.
  const ended = Date.now();
  const savedDuring = inputs.some((p) => {
    const at = statSync(join(ROOT, p), { throwIfNoEntry: false })?.mtimeMs;
    return at === undefined || (at >= started && at <= ended);
  });
  const hash = savedDuring ? undefined : hashOf(entry, inputs);
  // The chunks first, the entry that imports them last: a process starting meanwhile runs the old entry with its own
  // chunks (their names carry their content's hash, so an old one is never overwritten by a new one of another content).
  mkdirSync(join(dest, `${name}-chunks`), { recursive: true });
  for (const c of chunks) writeAtomically(c.path, c.contents);
  writeAtomically(outfile, entryFile.contents);
  const outputs = chunks.map((c) => relative(dest, c.path).split('\\').join('/')).sort();
  writeAtomically(list, `${JSON.stringify({ inputs, chunks: outputs, hash }, null, 2)}\n`);
  removeOldChunks(join(dest, `${name}-chunks`), new Set(chunks.map((c) => c.path)));
  writeAtomically(join(dest, `${name}.meta.json`), JSON.stringify(result.metafile));
  if (result.sourceMap) writeAtomically(result.sourceMap.path, result.sourceMap.contents);
  const total = result.outputFiles.reduce((n, f) => n + f.contents.length, 0);
  process.stdout.write(
    `${relative(ROOT, outfile)}  ${(entryFile.contents.length / 1024).toFixed(1)} kB and ${chunks.length} chunks ` +
      `(${(total / 1024).toFixed(1)} kB in all) from ${sources.length} source files and ${packages.length} packages in ` +
      `${Date.now() - started} ms\n`,
  );
}

/**
 * The chunks of earlier builds, once no process can still be about to import them: a `punch` started just before a
 * rebuild imports its command's chunks a few milliseconds later, from the old entry, so they stay a while.
 */
const OLD_CHUNK_MS = 10 * 60_000;
function removeOldChunks(dir, current) {
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    if (current.has(path)) continue;
    try {
      if (Date.now() - statSync(path).mtimeMs > OLD_CHUNK_MS) unlinkSync(path);
    } catch {
      /* removed by another build meanwhile */
    }
  }
}

for (const key of named.length > 0 ? named : Object.keys(TARGETS)) await buildOne(key);
