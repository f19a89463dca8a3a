/**
 * The CLI's build (scripts/build-node.mjs `cli`): one CommonJS file and the loader that runs it through V8's code cache.
 *
 *   out/cli/punch-chunks/punch-<hash>.cjs   src/cli/index.ts and everything it reaches, one file (no chunks): a
 *                                           `vm.Script` takes one cache per script, and one script is one read, one
 *                                           cache and one check (docs/benchmarks.md "punch status, fifth pass")
 *   out/cli/punch.mjs                       src/cli/launch/punch.ts, the loader, with the bundle's name and hash in it
 *
 * The bundle's name holds the hash of its content, and so does the cache's (src/cli/launch/code-cache.ts): V8 accepts
 * a cache for any source of the same length, so a cache must never meet another build. What the sources import with
 * `import()` (the core, the sandbox, the team's room, each language's messages) stays code that runs only when asked
 * for: esbuild wraps each such module in a function called at its first import, so a command still evaluates only
 * what it needs (test/integration/cli-loads.test.ts reads which of those functions ran).
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

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
 * Builds with esbuild's `options` (the shared plugins, minify...) and returns what one esbuild build would:
 * `outputFiles` (the loader first, then the bundle) and a metafile with both outputs.
 */
export async function buildCli(options, { entry, dest, name }) {
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
    plugins: [...options.plugins, keytarByRequire],
  });
  // an import() of something outside the bundle would fail in the vm.Script (no importModuleDynamically): none may be left
  const imported = Object.values(bundle.metafile.inputs).flatMap((i) => i.imports.filter((m) => m.external && m.kind === 'dynamic-import'));
  if (imported.length > 0) throw new Error(`the CLI's bundle imports ${imported.map((m) => m.path).join(', ')} with import(): require it`);
  const code = bundle.outputFiles.find((f) => f.path.endsWith('.cjs'));
  const map = bundle.outputFiles.find((f) => f.path.endsWith('.cjs.map'));
  const hash = createHash('sha256').update(code.contents).digest('hex').slice(0, 20);
  const file = `${name}-chunks/${name}-${hash}.cjs`;
  const loader = await build({
    ...options,
    entryPoints: [join('src', 'cli', 'launch', 'punch.ts')],
    outfile: join(dest, `${name}.mjs`),
    format: 'esm',
    write: false,
    plugins: [],
    define: { PUNCH_BUNDLE_FILE: JSON.stringify(file), PUNCH_BUNDLE_HASH: JSON.stringify(hash) },
    banner: { js: `// Built by scripts/build-node.mjs from src/cli/launch/punch.ts, to run ${file}. Do not edit: run \`npm run build\`.` },
  });
  const [run] = loader.outputFiles;
  const relativeOf = (path) => Object.keys(bundle.metafile.outputs)[0].replace(/[^/]+$/, '') + path;
  const outputs = {
    ...loader.metafile.outputs,
    [relativeOf(file)]: Object.values(bundle.metafile.outputs)[0],
  };
  return {
    outputFiles: [run, { path: join(dest, file), contents: code.contents }],
    // the source map of the last build, named for its bundle (`file`), outside the folder `npm pack` ships
    sourceMap: { path: join(dest, `${name}.cjs.map`), contents: JSON.stringify({ ...JSON.parse(map.text), file }) },
    metafile: { inputs: { ...bundle.metafile.inputs, ...loader.metafile.inputs }, outputs },
  };
}
