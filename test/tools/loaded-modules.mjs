/**
 * `node --import ./test/tools/loaded-modules.mjs <script>` with LOADED_MODULES_TO=<file>: at exit, appends to that file
 * one line per module the process loaded: `cjs <path>` for each file `require` loaded (keytar, from the CLI's CommonJS
 * bundle) and `builtin <name>` for each of Node's own modules (process.moduleLoadList: `internal/deps/undici/undici`
 * when global fetch was used). What a command loads, not how long it took: a test can assert it without timing
 * (test/integration/cli-loads.test.ts). No module hooks: they run on a worker thread of their own, which would load
 * worker_threads into every process watched (the CLI is one CommonJS file now, so the ES module loader reads nothing
 * of it but its loader).
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const to = process.env.LOADED_MODULES_TO;
if (to) {
  process.once('exit', () => {
    const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => `builtin ${m.slice(13)}`);
    const required = Object.keys(createRequire(import.meta.url).cache).map((f) => `cjs ${f}`);
    appendFileSync(to, `${[...required, ...builtins].join('\n')}\n`);
  });
}
