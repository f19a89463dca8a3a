/**
 * The holes scripts/check-lint-holes.mjs puts into a copy of the tree, one at a time: each an import the house rules
 * forbid (HOUSE in eslint.config.js), written in one of the ways a raw string pattern lets through, with the check
 * that must refuse it and the words it must say. `put` maps a file of the tree to its hole: a string is a new file,
 * `{ append }` lines added at the end of a file that is there (a function of the copy's path when the hole names it),
 * `{ json }` an edit of a JSON file.
 */
const ELECTRON = /may import Electron/;
const NODE = /no Node module/;
const PAST_FACE = /through its face|may import only/;
const FACE = /through its face/;
const UPWARD = /may import only/;

/** A hole ESLint must report by `rule` (`house/imports` unless said), its message matching `says`. */
const lint = (name, put, says, rule = 'house/imports') => ({ name, put, check: 'eslint', rule, says });
/** The same, for lines added at the end of `file`. */
const add = (name, file, append, says) => lint(name, { [file]: { append } }, says);
const circle = (name, put) => ({ name, put, check: 'cycles', says: /import circle of \d+ files/ });
const alias = (name, put) => ({ name, put, check: 'cycles', says: /path alias/ });
const docs = (name, put) => ({ name, put, check: 'docs', says: /name nothing in the tree/ });
const size = (name, put) => ({ name, put, check: 'folders', says: /holds 16 source files/ });

/** A test file whose header names `inner` and which imports the journal's ledger past its face. */
const testNaming = (inner) =>
  `/** @inner ${inner} */\nimport { createLedger } from '../../src/core/journal/ledger';\nimport { expect, it } from 'vitest';\n\n` +
  `it('opens', () => expect(createLedger).toBeTypeOf('function'));\n`;
const SHELL = "export const shell = () => import('electron');\n";

export const HOLES = [
  // Electron in the core, however it is reached
  add("electron: import('electron') in src/core", 'src/core/week/reminders.ts', SHELL, ELECTRON),
  add(
    "electron: await import('electron') inside a function",
    'src/core/journal/disk.ts',
    "export async function shell() {\n  const { app } = await import('electron');\n  return app;\n}",
    ELECTRON,
  ),
  add('electron: a template literal', 'src/core/undo.ts', 'export const shell = () => import(`electron`);', ELECTRON),
  add("electron: require('electron')", 'src/core/log-gate.ts', "export const shell = require('electron');", ELECTRON),
  add(
    "electron: import x = require('electron')",
    'src/core/sync/index.ts',
    "import shell = require('electron');\nexport { shell };",
    ELECTRON,
  ),
  add(
    'electron: a require made by createRequire',
    'src/core/team/people.ts',
    "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const shell = load('electron');",
    ELECTRON,
  ),
  add(
    'electron: createRequire called at once',
    'src/core/copy-week.ts',
    "import { createRequire } from 'node:module';\nexport const shell = createRequire(import.meta.url)('electron');",
    ELECTRON,
  ),
  add(
    'electron: a specifier the lint cannot read',
    'src/core/undo.ts',
    "const name = 'elec' + 'tron';\nexport const shell = () => import(name);",
    /cannot read what this imports/,
  ),
  add(
    'electron: import type',
    'src/core/catalog/catalog.ts',
    "import type { App } from 'electron';\nexport type ShellApp = App;",
    ELECTRON,
  ),
  add(
    "electron: import('electron').App as a type",
    'src/core/catalog/catalog.ts',
    "export type ShellApp = import('electron').App;",
    ELECTRON,
  ),
  add('electron: export * from', 'src/core/store/index.ts', "export * from 'electron';", ELECTRON),
  add('electron: export { x } from a sub-path', 'src/core/store/index.ts', "export { app } from 'electron/main';", ELECTRON),
  add('electron: a package of the Electron family', 'src/core/store/index.ts', "export { default as log } from 'electron-log';", ELECTRON),
  add('electron: electron-store in punch', 'src/cli/table.ts', "export { default as Store } from 'electron-store';", ELECTRON),
  add('electron: in web mode', 'src/web/options.ts', SHELL, ELECTRON),
  add('electron: in src/shared', 'src/shared/log.ts', "export type { App } from 'electron';", ELECTRON),
  ...['tsx', 'mts', 'cts', 'js', 'mjs', 'cjs', 'jsx'].map((ext) =>
    lint(`electron: in a .${ext} file of the core`, { [`src/core/hole.${ext}`]: SHELL }, ELECTRON),
  ),

  // the shells past the core's face
  add(
    'shell: ./../core/outbox/operations from src/main',
    'src/main/index.ts',
    "export { markApplied } from './../core/outbox/operations';",
    PAST_FACE,
  ),
  add(
    'shell: import() of an inner core file from src/web',
    'src/web/options.ts',
    "export const ops = () => import('./../core/outbox/operations.js');",
    PAST_FACE,
  ),
  add('shell: export * from an inner core file from src/cli', 'src/cli/table.ts', "export * from '../core/journal/ledger.js';", PAST_FACE),
  add(
    'shell: the composition root past the core face',
    'src/cli/commands/account.ts',
    "export { createPunchcard } from '../../core/root/punchcard.js';",
    PAST_FACE,
  ),
  add("shell: an inner folder's face (not the core's)", 'src/cli/table.ts', "export * from '../core/outbox/index.js';", PAST_FACE),
  add(
    'shell: import type past the face',
    'src/main/index.ts',
    "import type { Ledger } from '../core/journal/ledger';\nexport type L = Ledger;",
    PAST_FACE,
  ),
  add(
    'shell: .. segments that come back into the core',
    'src/cli/table.ts',
    "export * from '../cli/../core/./outbox/../outbox/operations.js';",
    PAST_FACE,
  ),
  add('shell: an absolute path', 'src/cli/table.ts', (copy) => `export * from '${copy}/src/core/outbox/operations.js';`, PAST_FACE),
  add(
    'shell: a file: URL',
    'src/web/options.ts',
    (copy) => `export const ops = () => import('file://${copy}/src/core/outbox/operations.js');`,
    PAST_FACE,
  ),
  add(
    'shell: a bare path from the root',
    'src/web/options.ts',
    "export const ops = () => import('src/core/outbox/operations.js');",
    /as if it were a package/,
  ),

  // the core's floors: a folder imports only those below it, through their faces
  add('week: the composition root', 'src/core/week/reminders.ts', "export { createPunchcard } from '../root/punchcard.js';", UPWARD),
  add("week: the composition root's face", 'src/core/week/reminders.ts', "export * from '../root/index.js';", UPWARD),
  add("root: a core file past the root's face", 'src/core/log-gate.ts', "export type { PunchcardOptions } from './root/options.js';", FACE),
  add("shell: the root's face (not the core's)", 'src/cli/table.ts', "export * from '../core/root/index.js';", PAST_FACE),
  add("week: '../punchcard.js'", 'src/core/week/reminders.ts', "export { createPunchcard } from '../punchcard.js';", UPWARD),
  add(
    "week: './../punchcard' with import type",
    'src/core/week/reminders.ts',
    "import type { Punchcard } from './../punchcard';\nexport type P = Punchcard;",
    UPWARD,
  ),
  add("week: the core's face", 'src/core/week/reminders.ts', "export * from '../index.js';", UPWARD),
  add('week: the journal past its face', 'src/core/week/reminders.ts', "export { createLedger } from '../journal/ledger.js';", PAST_FACE),
  add('sync: up into the log gate', 'src/core/sync/index.ts', "export * from '../log-gate.js';", UPWARD),
  add('outbox: up into sync', 'src/core/outbox/index.ts', "export type * from '../sync/index.js';", UPWARD),
  add('journal: sideways into week through its face', 'src/core/journal/disk.ts', "export type { WeekView } from '../week';", UPWARD),
  // the core's own rules beside the import map: the send's steps are sync's; no ambient per-call scope in the core
  lint(
    "outbox: the send's steps outside sync",
    { 'src/core/week/adopt.ts': { append: "export { markApplied } from '../outbox';" } },
    /send's steps are the sync engine's/,
    'no-restricted-imports',
  ),
  lint(
    'core: node:async_hooks',
    { 'src/core/sync/engine.ts': { append: "export { AsyncLocalStorage } from 'node:async_hooks';" } },
    /No node:async_hooks in src/,
    'no-restricted-syntax',
  ),
  add('clock: anything above it', 'src/core/clock/clock.ts', "export * from '../context.js';", UPWARD),
  lint(
    'core: a new folder without its line in the map',
    { 'src/core/newroom/index.ts': "export * from '../outbox/index.js';\n" },
    /without its own line/,
  ),
  add('rules: Node in the pure rules', 'src/core/rules/index.ts', "export { readFileSync } from 'node:fs';", NODE),

  // the renderer, the preload and src/shared run in a browser: no Node
  add("renderer: bare 'fs'", 'src/renderer/src/format.ts', "export { readFileSync } from 'fs';", NODE),
  add(
    "renderer: 'node:fs'",
    'src/renderer/src/format.ts',
    "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;",
    NODE,
  ),
  add("renderer: 'path'", 'src/renderer/src/App.tsx', "export { join } from 'path';", NODE),
  add("renderer: 'fs/promises'", 'src/renderer/src/format.ts', "export const read = () => import('fs/promises');", NODE),
  add("renderer: require('os')", 'src/renderer/src/format.ts', "export const os = require('os');", NODE),
  add('renderer: process.getBuiltinModule', 'src/renderer/src/format.ts', "export const fs = process.getBuiltinModule('fs');", NODE),
  add('renderer: the core', 'src/renderer/src/format.ts', "export type { Punchcard } from '../../core/index.js';", UPWARD),
  add("shared: 'node:crypto'", 'src/shared/log.ts', "export { randomUUID } from 'node:crypto';", NODE),
  add('preload: Node', 'src/preload/index.ts', "export { readFileSync } from 'node:fs';", NODE),

  // the core free of the sandbox, the shells and the tests
  add('sandbox: the core imports it', 'src/core/account/demo-service.ts', "export * from '../../sandbox/index.js';", UPWARD),
  add('sandbox: the core imports a type of it', 'src/core/account/demo-service.ts', "export type * from '../../sandbox/index.js';", UPWARD),
  add('sandbox: the core loads it late', 'src/core/root/punchcard.ts', "export const demo = () => import('../../sandbox');", UPWARD),
  add('sandbox: past its face from a shell', 'src/cli/table.ts', "export * from '../sandbox/server.js';", FACE),
  add('core: the shells', 'src/core/root/punchcard.ts', "export type * from '../../cli/run.js';", UPWARD),
  add('core: the tests', 'src/core/root/punchcard.ts', "export * from '../../../test/tools/fault-proxy.js';", UPWARD),

  // tests, fixtures and benchmarks: faces, or the inner module their header names
  add(
    'tests: an inner module the header does not name',
    'test/unit/dispatch.test.ts',
    "export { markApplied } from '../../src/core/outbox/operations.js';",
    FACE,
  ),
  lint(
    'tests: a header naming one inner module, importing another',
    { 'test/unit/hole.test.ts': testNaming('src/core/outbox/operations.ts') },
    FACE,
  ),
  lint('tests: a header naming the whole core', { 'test/unit/hole.test.ts': testNaming('src/core/') }, FACE),
  lint('tests: a header naming all of src', { 'test/unit/hole.test.ts': testNaming('src/') }, FACE),
  add('tests: an integration test past a face', 'test/integration/sync.test.ts', "export * from '../../src/core/sync/engine.js';", FACE),
  add('tests: a browser test past a face', 'test/e2e/smoke.spec.ts', "export * from '../../src/core/week/submit.js';", FACE),
  add('tests: a fixture past a face', 'test/fixtures/demo-week.ts', "export * from '../../src/core/week/submit.js';", FACE),
  add('tests: a test tool reaching into src', 'test/tools/fault-proxy.ts', "export * from '../../src/core/index.js';", UPWARD),
  lint(
    'tests: a test in a folder of no area',
    { 'test/hole.test.ts': "import { expect, it } from 'vitest';\n\nit('adds', () => expect(1 + 1).toBe(2));\n" },
    /in no area/,
  ),
  add('bench: past a face', 'bench/log-time.ts', "export * from '../src/core/outbox/operations.js';", FACE),
  add('bench: past a face with import()', 'bench/log-time.ts', "export const ops = () => import('../src/core/journal/ledger.js');", FACE),
  add('scripts: into src', 'scripts/make-icons.mjs', "export * from '../src/core/index.js';", UPWARD),

  // import circles: the circle check resolves `.js` specifiers, folders and indexes
  circle('circle: two new files through .js specifiers', {
    'src/core/clock/hole-a.ts': "import { b } from './hole-b.js';\n\nexport const a = () => b;\n",
    'src/core/clock/hole-b.ts': "import { a } from './hole-a.js';\n\nexport const b = () => a;\n",
  }),
  circle('circle: type-only, both ways', {
    'src/core/clock/hole-a.ts': "import type { B } from './hole-b.js';\n\nexport type A = { b?: B };\n",
    'src/core/clock/hole-b.ts': "import type { A } from './hole-a.js';\n\nexport type B = { a?: A };\n",
  }),
  circle('circle: through a folder face', {
    'src/core/clock/hole.ts': "import { systemClock } from './index.js';\n\nexport const clockAgain = () => systemClock;\n",
    'src/core/clock/index.ts': { append: "export { clockAgain } from './hole.js';" },
  }),
  circle("circle: through '.' (a folder named by itself)", {
    'src/core/clock/hole.ts': "import { systemClock } from '.';\n\nexport const clockAgain = () => systemClock;\n",
    'src/core/clock/index.ts': { append: "export { clockAgain } from './hole';" },
  }),
  circle('circle: through import() and export *', {
    'src/core/clock/hole-a.ts': "export * from './hole-b.js';\nexport const a = 1;\n",
    'src/core/clock/hole-b.ts': "export const b = async () => (await import('./hole-a.js')).a;\n",
  }),
  circle('circle: a core file through the root and back', {
    'src/core/log-gate.ts': { append: "export type { Punchcard } from './root/index.js';" },
  }),
  circle('circle: across two folders', {
    'src/cli/hole-a.ts': "export { b } from './commands/hole-b.js';\nexport const a = 1;\n",
    'src/cli/commands/hole-b.ts': "import { a } from '../hole-a';\n\nexport const b = () => a;\n",
  }),
  circle('circle: through .js files', {
    'src/core/clock/hole-a.js': "import { b } from './hole-b.mjs';\n\nexport const a = () => b;\n",
    'src/core/clock/hole-b.mjs': "import { a } from './hole-a.js';\n\nexport const b = () => a;\n",
  }),

  // the core's time comes from the injected clock (not an import rule, but the same kind of hole)
  lint(
    'time: Date.now() in the core',
    { 'src/core/undo.ts': { append: 'export const stamp = () => Date.now();' } },
    /No Date.now/,
    'no-restricted-properties',
  ),
  lint(
    'time: new Date() in the core',
    { 'src/core/undo.ts': { append: 'export const today = () => new Date();' } },
    /No new Date/,
    'no-restricted-syntax',
  ),
  lint(
    'time: setTimeout in the core',
    { 'src/core/undo.ts': { append: 'export const later = (f: () => void) => setTimeout(f, 10);' } },
    /No setTimeout/,
    'no-restricted-globals',
  ),

  // path aliases: the rules read relative paths; an alias would hide where an import leads
  alias('alias: tsconfig paths', {
    'tsconfig.base.json': {
      json: (c) => ({ ...c, compilerOptions: { ...c.compilerOptions, baseUrl: '.', paths: { '@core/*': ['src/core/*'] } } }),
    },
  }),
  alias('alias: package.json imports', { 'package.json': { json: (p) => ({ ...p, imports: { '#core/*': './src/core/*' } }) } }),

  // docs and comments that name a file that is not there
  docs('docs: a doc naming a gone file', {
    'docs/ARCHITECTURE.md': { append: 'The outbox kept its queue in `src/core/outbox/queue.ts`.' },
  }),
  docs('docs: a folder README naming a gone file', { 'src/core/sync/README.md': { append: 'See `sync/retry-loop.ts`.' } }),
  docs('docs: a comment naming a gone file', { 'src/core/undo.ts': { append: '// the old undo stack was src/core/undo-stack.ts' } }),

  // folder sizes: a 16th source file, of any kind the build reads
  ...['ts', 'tsx', 'mts', 'cts', 'js', 'mjs', 'cjs', 'jsx', 'd.ts'].map((ext) =>
    size(`size: a 16th source file (.${ext}) in src/cli/`, {
      [`src/cli/hole.${ext}`]: ext === 'd.ts' ? 'export type Hole = 1;\n' : 'export const hole = 1;\n',
    }),
  ),
];
