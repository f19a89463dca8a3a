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
 * Builds with esbuild's `options` (the shared plugins, minify...) and returns what one esbuild build would:
 * `outputFiles` (the loader first, then the bundle) and a metafile with both outputs.
 */
export async function buildCli(options, { entry, dest, name }) {
  const bundle = await build({ ...options, entryPoints: [entry], outfile: join(dest, `${name}.cjs`), format: 'cjs', write: false });
  const [code] = bundle.outputFiles;
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
    metafile: { inputs: { ...bundle.metafile.inputs, ...loader.metafile.inputs }, outputs },
  };
}
