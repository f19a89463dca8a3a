/**
 * Where an import leads, as a path: the one resolver of the house rules (./house-imports.mjs) and the circle check
 * (../check-import-cycles.mjs), so both read a `.js` specifier, a folder, `node:fs` and `fs` alike. What TypeScript's
 * bundler resolution does for this repo's own files: a `.js` / `.mjs` / `.jsx` specifier names the `.ts` / `.mts` /
 * `.tsx` beside it, an extensionless one any of them, a folder its `index`. Packages are named, never looked up.
 */
import { builtinModules } from 'node:module';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')));
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.d.ts', '.d.mts', '.js', '.mjs', '.jsx'];
const SWAPS = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.jsx': ['.tsx'] };

const isFile = (p) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

/**
 * `{ kind: 'file', path, found }` for a relative or absolute specifier (`found`: a file of the tree answers to it;
 * when none does, `path` is the best reading of it: the `.ts` of a `.js`, else the specifier's own path),
 * `{ kind: 'builtin', name }` for Node's own modules with or without `node:`, `{ kind: 'package', name }` otherwise.
 */
export function resolveImport(fromFile, spec) {
  // `import('file:///.../src/core/outbox/operations.js')` is a path too (read as a package, it passed every rule)
  if (spec.startsWith('file:')) {
    try {
      spec = fileURLToPath(spec);
    } catch {
      return { kind: 'package', name: spec };
    }
  }
  if (spec.startsWith('node:')) return { kind: 'builtin', name: spec.slice(5).split('/')[0] };
  if (!spec.startsWith('.') && !spec.startsWith('/')) {
    const [first, second] = spec.split('/');
    if (BUILTINS.has(first)) return { kind: 'builtin', name: first };
    return { kind: 'package', name: first.startsWith('@') && second ? `${first}/${second}` : first };
  }
  const base = resolve(dirname(fromFile), spec);
  const ext = Object.keys(SWAPS).find((e) => base.endsWith(e));
  const candidates = [
    base,
    ...(ext ? SWAPS[ext].map((s) => base.slice(0, -ext.length) + s) : []),
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  const path = candidates.find(isFile);
  if (path) return { kind: 'file', path, found: true };
  // not in the tree (a test's virtual file names one that is not there): read as the file it would be
  const guess = ext ? base.slice(0, -ext.length) + SWAPS[ext][0] : existsSync(base) ? join(base, 'index.ts') : `${base}.ts`;
  return { kind: 'file', path: guess, found: false };
}
