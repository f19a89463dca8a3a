/**
 * The mark a command leaves when it opens the core (src/cli/core.ts), which the loader (./punch.ts) reads at exit: a
 * code cache made by a command that never did (`--help`, `--version`) holds only the parser's code, so the first
 * command that opens the core writes the cache again (./code-cache.ts `full`). A global symbol, not an import: the
 * loader and the bundle are two files, and the bundle's modules are not the loader's.
 */
export const CORE_OPENED = Symbol.for('punchcard.cli.core-opened');
