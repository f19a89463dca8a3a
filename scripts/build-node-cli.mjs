/**
 * The CLI's build (scripts/build-node.mjs `cli`): one CommonJS file and the loader that runs it through V8's code cache.
 *
 *   out/cli/punch-chunks/punch-<hash>.cjs   src/cli/index.ts and everything it reaches, one file (no chunks): a
 *                                           `vm.Script` takes one cache per script, and one script is one read, one
 *                                           cache and one check (docs/benchmarks.md "punch status, fifth pass")
 *   out/cli/punch-chunks/messages-<language>-<hash>.json   each language's messages but English's, read on demand
 *   out/cli/punch.cjs                       src/cli/launch/punch.ts, the loader, with the bundle's name and hash in it:
 *                                           CommonJS, what the bin (bin/punch.cjs) requires (an ES module entry costs
 *                                           Node's ES module loader, about 7 ms a command)
 *   out/cli/punch.mjs                       an ES module that requires punch.cjs, for whoever runs `node out/cli/punch.mjs`
 *   out/cli/punch.cjs.map                   the bundle's source map (not shipped)
 *
 * The bundle's name holds the hash of its content, and so does the cache's (src/cli/launch/code-cache.ts): V8 accepts
 * a cache for any source of the same length, so a cache must never meet another build. What the sources import with
 * `import()` (the core, the sandbox, the team's room, each language's messages) stays code that runs only when asked
 * for: esbuild wraps each such module in a function called at its first import, so a command still evaluates only
 * what it needs (test/integration/cli-loads.test.ts reads which of those functions ran).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** CommonJS's wrapper (Node's `Module.wrap`) around the bundle's code: it sees `require`, `module`, `__dirname` as under require(). */
export const SCRIPT_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const SCRIPT_TAIL = '\n})';

/**
 * keytar (a native addon, optional, outside the bundle) is imported with `import('keytar')`; in a `vm.Script` an
 * `import()` needs Node's experimental `importModuleDynamically` (which prints a warning on stderr in Node 20), so the
 * bundle `require`s it instead, still on first use: a missing keytar still fails that promise only.
 */
const keytarByRequire = {
  name: 'keytar-by-require',
  setup(b) {
    b.onResolve({ filter: /^keytar$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: 'keytar', namespace: 'keytar-by-require' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'keytar-by-require' }, () => ({ contents: 'module.exports = require("keytar");\n', loader: 'js' }));
  },
};

/**
 * Each language's messages but English's (src/shared/i18n/compiled/<language>.json) is a file beside the bundle,
 * `<name>-chunks/messages-<language>-<hash>.json`, read when that language is asked for: the bundle is read whole at
 * every start (about 2 MB less of it), and a language not asked for costs nothing. English's, which every command
 * reads (the core's own words), stays in the bundle as a `JSON.parse` of a string (./build-node.mjs). `files` collects
 * what to write beside the bundle.
 */
/**
 * English's messages, which every command reads (the core's own words), in the bundle as an object whose every message
 * is parsed when it is first read: a getter per message id, which parses that message's JSON and leaves the result in
 * its place. A command words a few dozen of about 1,500 messages; parsing the whole catalog at start (`JSON.parse` of
 * 260 kB into some 1.5 MB of objects that live as long as the process) cost the parse and the garbage collector's
 * copying of them (docs/benchmarks.md "punch status, fifth pass"). The ids are own, enumerable properties as before.
 */
function lazyCatalog(messages) {
  const getters = Object.entries(messages).map(
    ([id, ast]) => `get ${JSON.stringify(id)}() { return parsed(this, ${JSON.stringify(id)}, ${JSON.stringify(JSON.stringify(ast))}); }`,
  );
  return (
    'const parsed = (messages, id, json) => {\n' +
    '  const ast = JSON.parse(json);\n' +
    '  Object.defineProperty(messages, id, { value: ast, enumerable: true, configurable: true, writable: true });\n' +
    '  return ast;\n' +
    '};\n' +
    `export default {\n${getters.join(',\n')}\n};\n`
  );
}

function catalogsBeside(name, files) {
  return {
    name: 'catalogs-beside',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]shared[\\/]i18n[\\/]compiled[\\/][^\\/]+\.json$/ }, (args) => {
        const language = basename(args.path, '.json');
        if (language === 'en') return { contents: lazyCatalog(JSON.parse(readFileSync(args.path, 'utf8'))), loader: 'js' };
        const text = JSON.stringify(JSON.parse(readFileSync(args.path, 'utf8')));
        const file = `messages-${language}-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.json`;
        files.set(`${name}-chunks/${file}`, text);
        return {
          // __dirname: the bundle's folder (the bundle is wrapped as CommonJS is: SCRIPT_HEAD)
          contents:
            "import { readFileSync } from 'node:fs';\nimport { join } from 'node:path';\n" +
            `export default JSON.parse(readFileSync(join(__dirname, ${JSON.stringify(file)}), 'utf8'));\n`,
          loader: 'js',
        };
      });
    },
  };
}

/**
 * esbuild's `__toESM` wraps a module `require`d for an `import x from` or `import * as x` in a new object with a getter
 * per property, at every import: `node:fs` (about 100 properties) 17 times, `node:path` 10 times, 40 in all, some 4,000
 * getters a command makes and the garbage collector then copies (a `status` on the demo: about 6 % of its sampled CPU
 * in `__toESM` and `__copyProps`, docs/benchmarks.md "punch status, seventh pass"). Node's modules (`isNodeMode`) are
 * wrapped once each here and the wrapper shared, as an ES module's namespace object is one per module. The helper is
 * replaced by one of the same length (spaces after it), so no column of the line moves and the source map stays right.
 * The build fails if esbuild's helper is there but not the one this knows (a new esbuild): look at it again then.
 */
export const ESBUILD_TO_ESM =
  'var __toESM=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod));';
export const SHARED_TO_ESM =
  'var __tE=new Map,__toESM=(m,n,t)=>n&&__tE.get(m)||(t=m!=null?__create(__getProtoOf(m)):{},__copyProps(n||!m||!m.__esModule?__defProp(t,"default",{value:m,enumerable:!0}):t,m),n&&__tE.set(m,t),t);';

function sharedToEsm(code) {
  if (!code.includes('__toESM=')) return code; // a bundle with no such import has no helper
  const at = code.indexOf(ESBUILD_TO_ESM);
  if (at < 0 || code.indexOf(ESBUILD_TO_ESM, at + 1) >= 0 || SHARED_TO_ESM.length > ESBUILD_TO_ESM.length)
    throw new Error("esbuild's __toESM helper is not the one scripts/build-node-cli.mjs replaces: check sharedToEsm against this esbuild");
  return code.slice(0, at) + SHARED_TO_ESM.padEnd(ESBUILD_TO_ESM.length, ' ') + code.slice(at + ESBUILD_TO_ESM.length);
}

/**
 * Builds with esbuild's `options` (the shared plugins, minify...) and returns what one esbuild build would:
 * `outputFiles` (the loader first, then its ES module twin, the bundle and the catalogs) and a metafile with both outputs.
 */
export async function buildCli(options, { entry, dest, name }) {
  const beside = new Map();
  // with a source map (no sources in it), written beside the bundle, not in it: test/integration/cli-loads.test.ts maps
  // V8's coverage of a command back to the sources it evaluated
  const bundle = await build({
    ...options,
    entryPoints: [entry],
    outfile: join(dest, `${name}.cjs`),
    format: 'cjs',
    write: false,
    sourcemap: 'external',
    sourcesContent: false,
    plugins: [catalogsBeside(name, beside), ...options.plugins, keytarByRequire],
  });
  // an import() of something outside the bundle would fail in the vm.Script (no importModuleDynamically): none may be left
  const imported = Object.values(bundle.metafile.inputs).flatMap((i) => i.imports.filter((m) => m.external && m.kind === 'dynamic-import'));
  if (imported.length > 0) throw new Error(`the CLI's bundle imports ${imported.map((m) => m.path).join(', ')} with import(): require it`);
  const code = bundle.outputFiles.find((f) => f.path.endsWith('.cjs'));
  const map = bundle.outputFiles.find((f) => f.path.endsWith('.cjs.map'));
  // The file is the script the loader compiles as it is: CommonJS's wrapper around the code (its head on a line of its
  // own, so the source map only gains an empty first line), so no copy of 1 MB is made at every start to wrap it.
  const script = Buffer.from(`${SCRIPT_HEAD}\n${sharedToEsm(code.text)}${SCRIPT_TAIL}`, 'latin1');
  const hash = createHash('sha256').update(script).digest('hex').slice(0, 20);
  const file = `${name}-chunks/${name}-${hash}.cjs`;
  const loader = await build({
    ...options,
    entryPoints: [join('src', 'cli', 'launch', 'punch.ts')],
    outfile: join(dest, `${name}.cjs`),
    format: 'cjs',
    write: false,
    plugins: [],
    define: { PUNCH_BUNDLE_FILE: JSON.stringify(file), PUNCH_BUNDLE_HASH: JSON.stringify(hash) },
    banner: { js: `// Built by scripts/build-node.mjs from src/cli/launch/punch.ts, to run ${file}. Do not edit: run \`npm run build\`.` },
  });
  const [run] = loader.outputFiles;
  // `node out/cli/punch.mjs` as before (others call it): the same loader, required from an ES module
  const esm = {
    path: join(dest, `${name}.mjs`),
    contents: Buffer.from(
      `// Built by scripts/build-node.mjs: runs ./${name}.cjs (the loader), which the \`punch\` bin requires directly. Do not edit.\n` +
        `import { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('./${name}.cjs');\n`,
    ),
  };
  const [built, output] = Object.entries(bundle.metafile.outputs).find(([k]) => k.endsWith('.cjs'));
  const relativeOf = (path) => built.replace(/[^/]+$/, '') + path;
  const outputs = { ...loader.metafile.outputs, [relativeOf(file)]: output };
  const sourceMap = JSON.parse(map.text);
  return {
    outputFiles: [
      run,
      esm,
      { path: join(dest, file), contents: script },
      ...[...beside].map(([path, text]) => ({ path: join(dest, path), contents: Buffer.from(text) })),
    ],
    // the source map of the last build, named for its bundle (`file`), outside the folder `npm pack` ships
    sourceMap: {
      path: join(dest, `${name}.cjs.map`),
      contents: JSON.stringify({ ...sourceMap, mappings: `;${sourceMap.mappings}`, file }),
    },
    metafile: { inputs: { ...bundle.metafile.inputs, ...loader.metafile.inputs }, outputs },
  };
}
