/**
 * `node --import ./test/tools/loaded-modules.mjs <script>` with LOADED_MODULES_TO=<file>: appends to that file one
 * line per module the process loads: `esm <url>` for every module the ESM loader loads (a bundle's chunks, an npm
 * package imported), and at exit `cjs <path>` for each file `require` loaded (keytar, from the CLI's CommonJS bundle)
 * and `builtin <name>` for each of Node's own modules it loaded (process.moduleLoadList: `internal/deps/undici/undici`
 * when global fetch was used). What a command loads, not how long it took: a test
 * can assert it without timing (test/integration/cli-loads.test.ts).
 */
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

const to = process.env.LOADED_MODULES_TO;
if (to) {
  register('./loaded-modules-hooks.mjs', { parentURL: import.meta.url, data: { to } });
  process.once('exit', () => {
    const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => `builtin ${m.slice(13)}`);
    const required = Object.keys(createRequire(import.meta.url).cache).map((f) => `cjs ${f}`);
    appendFileSync(to, `${[...required, ...builtins].join('\n')}\n`);
  });
}
