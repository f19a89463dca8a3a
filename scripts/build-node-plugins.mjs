/**
 * What scripts/build-node.mjs changes in the packages it bundles (both bundles, the CLI's and web mode's): what
 * Punchcard never uses is left out or stood in for, so it is not read and compiled at every start of `punch`.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * zod re-exports every translation of its error messages (`z.locales`, 40-odd languages, about 270 kB minified: close
 * to a third of the bundle, parsed on every start). Punchcard only ever uses the English one, which zod installs by
 * default and imports directly; so the bundles get a `locales` namespace with just `en`.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";\n',
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * conf imports a JSON Schema validator (ajv, ajv-formats and their dependencies, about 150 kB minified) and semver at
 * load, for its `schema` and `migrations` options. Punchcard uses neither (each store is checked by its owner's shape
 * check, src/core/store/store-schema.ts), so the bundles get stand-ins that say so if they were ever reached: less to
 * read and compile on every start of `punch` (docs/benchmarks.md "Built code at run time").
 */
const confWithoutSchemas = {
  name: 'conf-without-schemas',
  setup(b) {
    const unused = (what) =>
      `throw new Error(${JSON.stringify(`${what} is not in Punchcard's bundles: conf is used without schema or migrations`)});`;
    const stubs = {
      'ajv/dist/2020.js': `export class Ajv2020 { constructor() { ${unused('ajv')} } }\n`,
      'ajv-formats': `export default { default() { ${unused('ajv-formats')} } };\n`,
      semver: `const no = () => { ${unused('semver')} };\nexport default { eq: no, clean: no, satisfies: no, lte: no, gt: no };\n`,
    };
    b.onResolve({ filter: /^(ajv\/dist\/2020\.js|ajv-formats|semver)$/ }, (args) =>
      /[\\/]conf[\\/]/.test(args.importer) ? { path: args.path, namespace: 'conf-stub' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'conf-stub' }, (args) => ({ contents: stubs[args.path], loader: 'js' }));
  },
};

/**
 * conf imports `node:assert` for one `assert.deepEqual` (is the file's store already the store with its defaults?),
 * and Node's assert loads four modules at every start of `punch` (about 1 ms of CPU). The bundles get a stand-in with
 * that one function: assert's loose deep equality (`==` for primitives, the same own keys, prototypes ignored) over
 * what conf compares, JSON data, throwing as assert does.
 */
const confWithoutAssert = {
  name: 'conf-without-assert',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) =>
      /[\\/]conf[\\/]/.test(args.importer) ? { path: 'assert', namespace: 'conf-assert' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'conf-assert' }, () => ({
      contents:
        'const own = Object.prototype.hasOwnProperty;\n' +
        'function loose(a, b) {\n' +
        '  if (a == b) return true;\n' +
        "  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;\n" +
        '  if (Array.isArray(a) !== Array.isArray(b)) return false;\n' +
        '  const keys = Object.keys(a);\n' +
        '  return keys.length === Object.keys(b).length && keys.every((k) => own.call(b, k) && loose(a[k], b[k]));\n' +
        '}\n' +
        "export default { deepEqual(a, b) { if (!loose(a, b)) throw new Error('Expected values to be loosely deep-equal'); } };\n",
      loader: 'js',
    }));
  },
};

/**
 * The message catalogs (src/shared/i18n/compiled/<language>.json, imported on demand by src/shared/i18n/catalogs.ts)
 * go into the bundle as a `JSON.parse` of a string, not as an object literal: the languages not asked for are then a
 * string the engine skips over at start, and the one asked for is parsed by the JSON parser, faster than JavaScript
 * (docs/i18n.md). Their ICU syntax was checked and parsed at `npm run i18n:compile`, so the bundles leave out
 * FormatJS's message parser (`no-parser`): nothing is parsed at run time.
 */
const catalogsAsJsonParse = {
  name: 'catalogs-as-json-parse',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]shared[\\/]i18n[\\/]compiled[\\/][^\\/]+\.json$/ }, (args) => ({
      contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8'))))});\n`,
      loader: 'js',
    }));
  },
};
/**
 * zod re-exports two tools Punchcard never calls, and nothing inside zod calls them either: `z.compile` (an
 * ahead-of-time parser generator, core/compile.js, 31 kB) and `z.fromJSONSchema` (classic/from-json-schema.js, 12 kB).
 * A fifth of zod's chunk, read and compiled at every `punch` start that validates anything; the bundles get stand-ins
 * with the same exports that say so if they were ever reached (docs/benchmarks.md "punch status, second pass").
 */
const zodWithoutCompilers = {
  name: 'zod-without-compilers',
  setup(b) {
    const unused = (what) => `throw new Error(${JSON.stringify(`zod's ${what} is not in Punchcard's bundles (scripts/build-node.mjs)`)});`;
    const stubs = {
      'core/compile.js':
        'export const INVALID = Symbol.for("zod.compile.invalid");\n' +
        'export class ZodCompileAsyncError extends Error {}\nexport class ZodCompileUnsupportedError extends Error {}\n' +
        `export function compile() { ${unused('compile')} }\nexport function withParser() { ${unused('withParser')} }\n` +
        `export function compileFn() { ${unused('compile')} }\n`,
      'classic/from-json-schema.js': `export function fromJSONSchema() { ${unused('fromJSONSchema')} }\n`,
    };
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/](core[\\/]compile|classic[\\/]from-json-schema)\.js$/ }, (args) => ({
      contents: stubs[args.path.split(/[\\/]/).slice(-2).join('/')],
      loader: 'js',
    }));
  },
};

export const ICU_PARSER_ALIAS = { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' };

export const PLUGINS = [zodEnglishOnly, zodWithoutCompilers, confWithoutSchemas, confWithoutAssert, catalogsAsJsonParse];
