/**
 * `out/cli/punch.cjs`: what the `punch` bin (bin/punch.cjs) runs, and `node out/cli/punch.cjs` (`out/cli/punch.mjs`, an
 * ES module, requires it: kept for those who call it). It runs the CLI's bundle (one CommonJS
 * file, `out/cli/punch-chunks/punch-<hash>.cjs`: scripts/build-node.mjs) compiled through `vm.Script` with V8's code
 * cache of that bundle (./code-cache.ts), so a command starts without compiling the bundle again. CommonJS, not an ES
 * module: an ES module as the process's entry starts Node's ES module loader, about 7 ms of CPU a command
 * (docs/benchmarks.md "punch status, sixth pass"). On a first run (no
 * cache yet, or one V8 rejected: another Node's flags) the cache is made once the command has ended and its output
 * is out (at exit), from what the command compiled.
 *
 * On Node 22 and later, Node's own compile cache (`module.enableCompileCache`) does the same for a `require` of the
 * bundle, in the same directory: docs/benchmarks.md "punch status, fifth pass" compares the two.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { codeCacheFor, readCodeCache, writeCodeCache } from './code-cache';
import { CORE_OPENED } from './core-opened';

// Set by scripts/build-node.mjs: the bundle's file (beside this one) and the hash of its content.
declare const PUNCH_BUNDLE_FILE: string;
declare const PUNCH_BUNDLE_HASH: string;

// built as CommonJS (scripts/build-node-cli.mjs): __dirname is out/cli
const file = join(__dirname, PUNCH_BUNDLE_FILE);
// the script as it is, CommonJS's wrapper included (scripts/build-node-cli.mjs); ASCII only (esbuild's `charset:
// 'ascii'`), so read as Latin-1: a one-byte string without UTF-8's decoding
const source = readFileSync(file, 'latin1');
const cache = codeCacheFor(process.env, PUNCH_BUNDLE_HASH);
const read = cache ? readCodeCache(cache) : 'refused';
const cachedData = typeof read === 'object' ? read.data : undefined;
// keytar, the one package outside the bundle, is `require`d (scripts/build-node-cli.mjs): the bundle has no import()
const script = new Script(source, { filename: file, cachedData });
// Made when there is none, or in place of one that is damaged or that V8 rejected (another Node's flags); not over a
// cache that is not the user's alone. At exit: the output is out (index.ts flushes it before process.exit), and the
// functions the command ran are compiled, so they are in it. A thin cache (made by a command that never opened the
// core: `--help`, `--version`) is made again by the first command that does, once: else what the first command after a
// build ran would be all the cache ever holds (docs/cli.md "The code cache").
if (cache && read !== 'refused') {
  const thin = typeof read === 'object' && !read.full;
  process.once('exit', () => {
    const full = (globalThis as Record<symbol, unknown>)[CORE_OPENED] === true;
    if (read === 'none' || read === 'damaged' || script.cachedDataRejected || (thin && full))
      writeCodeCache(cache, script.createCachedData(), read !== 'none', full);
  });
}
const module = { exports: {} };
// This file's own `require` (it resolves keytar from the same node_modules as one made for the bundle's path would):
// `createRequire` is in `node:module`, whose load starts Node's ES module loader (docs/benchmarks.md "sixth pass")
(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, file, dirname(file));
