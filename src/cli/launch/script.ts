/**
 * The CLI's bundle as the script `vm.Script` compiles: CommonJS's own wrapper (Node's `Module.wrap`), so the bundle
 * sees `require`, `module` and `__dirname` as under `require()`. test/fixtures/bundle-evaluated.ts reads V8's coverage
 * of this script, whose offsets count from the head.
 */
export const SCRIPT_HEAD = '(function (exports, require, module, __filename, __dirname) {';

export const scriptOf = (source: string): string => `${SCRIPT_HEAD}${source}\n})`;
