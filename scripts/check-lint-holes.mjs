#!/usr/bin/env node
/**
 * The house rules' holes, tried the way a reviewer tries them: copy the tree to a temporary folder, put one hole in it
 * (an import the rules forbid, written in one of the ways a raw string pattern misses), run the check that must refuse
 * it, expect it to fail *for that rule*, take the hole out, next. A hole the lint lets through is printed and the
 * script exits 1.
 *
 *   node scripts/check-lint-holes.mjs            each hole against the one check that owns it (about a minute)
 *   node scripts/check-lint-holes.mjs --full     each hole against the whole `npm run lint` in the copy (45 s each)
 *   node scripts/check-lint-holes.mjs --only electron   the holes whose name holds a word
 *
 * Why a script and not a test of the suite: the reviewers' way (the whole `npm run lint` on a copy) takes 45 s per
 * hole on 2 cores, 40 minutes for the list below, against a suite that must stay under 12 minutes. The fast way runs
 * the same checks `npm run lint` runs (ESLint with the copy's own eslint.config.js, on the files the hole touched; the
 * circle and folder-size scripts on the whole copy) and agrees with the full way on every hole (run both to see). The
 * suite keeps one case of each kind in test/unit/house-rules.test.ts, which needs no copy.
 *
 * Each hole is written through Prettier first, so a `--full` run never fails on formatting instead of the rule.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const FULL = args.includes('--full');
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

/** Every check names its rule by what it prints: an ESLint rule id with its message, or a script's words. */
const HOUSE = 'house/imports';
const ELECTRON = /may import Electron/;
const NODE = /no Node module/;
const PAST_FACE = /through its face|may import only/;
const UPWARD = /may import only/;
const CIRCLE = { check: 'cycles', says: /import circle of \d+ files/ };
const SIZE = { check: 'folders', says: /holds 16 source files/ };
const eslintHole = (says) => ({ check: 'eslint', rule: HOUSE, says });

/** `{ file: text }` adds a file; `{ file: { append } }` adds lines at the end of one; `{ file: { json } }` edits JSON. */
const HOLES = [
  // Electron in the core, however it is reached
  { name: "electron: import('electron') in src/core", put: { 'src/core/week/reminders.ts': { append: "export const shell = () => import('electron');" } }, ...eslintHole(ELECTRON) },
  {
    name: "electron: await import('electron') inside a function",
    put: { 'src/core/journal/disk.ts': { append: "export async function shell() {\n  const { app } = await import('electron');\n  return app;\n}" } },
    ...eslintHole(ELECTRON),
  },
  { name: 'electron: a template literal', put: { 'src/core/undo.ts': { append: 'export const shell = () => import(`electron`);' } }, ...eslintHole(ELECTRON) },
  { name: "electron: require('electron')", put: { 'src/core/log-gate.ts': { append: "export const shell = require('electron');" } }, ...eslintHole(ELECTRON) },
  { name: "electron: import x = require('electron')", put: { 'src/core/sync/index.ts': { append: "import shell = require('electron');\nexport { shell };" } }, ...eslintHole(ELECTRON) },
  {
    name: 'electron: createRequire',
    put: {
      'src/core/team/people.ts': {
        append: "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const shell = load('electron');",
      },
    },
    ...eslintHole(ELECTRON),
  },
  {
    name: 'electron: createRequire called at once',
    put: { 'src/core/copy-week.ts': { append: "import { createRequire } from 'node:module';\nexport const shell = createRequire(import.meta.url)('electron');" } },
    ...eslintHole(ELECTRON),
  },
  { name: 'electron: a specifier the lint cannot read', put: { 'src/core/undo.ts': { append: "const name = 'elec' + 'tron';\nexport const shell = () => import(name);" } }, ...eslintHole(/cannot read|read what it imports/) },
  { name: 'electron: import type', put: { 'src/core/catalog/catalog.ts': { append: "import type { App } from 'electron';\nexport type ShellApp = App;" } }, ...eslintHole(ELECTRON) },
  { name: "electron: import('electron').App as a type", put: { 'src/core/catalog/catalog.ts': { append: "export type ShellApp = import('electron').App;" } }, ...eslintHole(ELECTRON) },
  { name: 'electron: export * from', put: { 'src/core/store/index.ts': { append: "export * from 'electron';" } }, ...eslintHole(ELECTRON) },
  { name: 'electron: export { x } from a sub-path', put: { 'src/core/store/index.ts': { append: "export { app } from 'electron/main';" } }, ...eslintHole(ELECTRON) },
  { name: 'electron: a package of the Electron family', put: { 'src/core/store/index.ts': { append: "export { default as log } from 'electron-log';" } }, ...eslintHole(ELECTRON) },
  { name: 'electron: electron-store in punch', put: { 'src/cli/table.ts': { append: "export { default as Store } from 'electron-store';" } }, ...eslintHole(ELECTRON) },
  { name: 'electron: in web mode', put: { 'src/web/options.ts': { append: "export const shell = () => import('electron');" } }, ...eslintHole(ELECTRON) },
  { name: 'electron: in a .tsx file of the core', put: { 'src/core/week/hole.tsx': "export { app } from 'electron';\n" }, ...eslintHole(ELECTRON) },
  { name: 'electron: in a .mts file of the core', put: { 'src/core/hole.mts': "export const shell = () => import('electron');\n" }, ...eslintHole(ELECTRON) },
  { name: 'electron: in a .cts file of the core', put: { 'src/core/hole.cts': "export const shell = () => import('electron');\n" }, ...eslintHole(ELECTRON) },
  { name: 'electron: in a .js file of the core', put: { 'src/core/hole.js': "export const shell = () => import('electron');\n" }, ...eslintHole(ELECTRON) },
  { name: 'electron: in a .mjs file of the core', put: { 'src/core/hole.mjs': "export const shell = () => import('electron');\n" }, ...eslintHole(ELECTRON) },
  { name: 'electron: in a .jsx file of the core', put: { 'src/core/hole.jsx': "export const shell = () => import('electron');\n" }, ...eslintHole(ELECTRON) },
  { name: 'electron: in the preload is allowed, in shared not', put: { 'src/shared/log.ts': { append: "export type { App } from 'electron';" } }, ...eslintHole(ELECTRON) },

  // the shells past the core's face
  { name: 'shell: ./../core/outbox/operations from src/main', put: { 'src/main/index.ts': { append: "export { markApplied } from './../core/outbox/operations';" } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: import() of an inner core file from src/web', put: { 'src/web/options.ts': { append: "export const ops = () => import('./../core/outbox/operations.js');" } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: export * from an inner core file from src/cli', put: { 'src/cli/table.ts': { append: "export * from '../core/journal/ledger.js';" } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: the composition root past the core face', put: { 'src/cli/commands/account.ts': { append: "export { createPunchcard } from '../../core/punchcard.js';" } }, ...eslintHole(PAST_FACE) },
  { name: "shell: an inner folder's face (not the core's)", put: { 'src/cli/table.ts': { append: "export * from '../core/outbox/index.js';" } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: import type past the face', put: { 'src/main/index.ts': { append: "import type { Ledger } from '../core/journal/ledger';\nexport type L = Ledger;" } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: .. segments that come back into the core', put: { 'src/cli/table.ts': { append: "export * from '../cli/../core/./outbox/../outbox/operations.js';" } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: an absolute path', put: { 'src/cli/table.ts': { append: (copy) => `export * from '${copy}/src/core/outbox/operations.js';` } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: a file: URL', put: { 'src/web/options.ts': { append: (copy) => `export const ops = () => import('file://${copy}/src/core/outbox/operations.js');` } }, ...eslintHole(PAST_FACE) },
  { name: 'shell: a bare path from the root', put: { 'src/web/options.ts': { append: "export const ops = () => import('src/core/outbox/operations.js');" } }, ...eslintHole(/bare|cannot read|through its face|may import only/) },

  // the core's floors: a folder may import only those below it, through their faces
  { name: "week: '../punchcard.js'", put: { 'src/core/week/reminders.ts': { append: "export { createPunchcard } from '../punchcard.js';" } }, ...eslintHole(UPWARD) },
  { name: "week: './../punchcard' with import type", put: { 'src/core/week/reminders.ts': { append: "import type { Punchcard } from './../punchcard';\nexport type P = Punchcard;" } }, ...eslintHole(UPWARD) },
  { name: "week: the core's face", put: { 'src/core/week/reminders.ts': { append: "export * from '../index.js';" } }, ...eslintHole(UPWARD) },
  { name: 'week: the journal past its face', put: { 'src/core/week/reminders.ts': { append: "export { createLedger } from '../journal/ledger.js';" } }, ...eslintHole(PAST_FACE) },
  { name: 'sync: up into the log gate', put: { 'src/core/sync/index.ts': { append: "export * from '../log-gate.js';" } }, ...eslintHole(UPWARD) },
  { name: 'outbox: up into sync', put: { 'src/core/outbox/index.ts': { append: "export type * from '../sync/index.js';" } }, ...eslintHole(UPWARD) },
  { name: 'journal: sideways into week through its face', put: { 'src/core/journal/disk.ts': { append: "export type { WeekView } from '../week';" } }, ...eslintHole(UPWARD) },
  { name: 'clock: anything above it', put: { 'src/core/clock/clock.ts': { append: "export * from '../context.js';" } }, ...eslintHole(UPWARD) },
  { name: 'rules: Node in the pure rules', put: { 'src/core/rules/index.ts': { append: "export { readFileSync } from 'node:fs';" } }, ...eslintHole(NODE) },

  // the renderer and src/shared run in a browser: no Node
  { name: "renderer: bare 'fs'", put: { 'src/renderer/src/format.ts': { append: "export { readFileSync } from 'fs';" } }, ...eslintHole(NODE) },
  { name: "renderer: 'node:fs'", put: { 'src/renderer/src/format.ts': { append: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;" } }, ...eslintHole(NODE) },
  { name: "renderer: 'path'", put: { 'src/renderer/src/App.tsx': { append: "export { join } from 'path';" } }, ...eslintHole(NODE) },
  { name: "renderer: 'fs/promises'", put: { 'src/renderer/src/format.ts': { append: "export const read = () => import('fs/promises');" } }, ...eslintHole(NODE) },
  { name: "renderer: require('os')", put: { 'src/renderer/src/format.ts': { append: "export const os = require('os');" } }, ...eslintHole(NODE) },
  { name: 'renderer: process.getBuiltinModule', put: { 'src/renderer/src/format.ts': { append: "export const fs = process.getBuiltinModule('fs');" } }, ...eslintHole(NODE) },
  { name: 'renderer: the core', put: { 'src/renderer/src/format.ts': { append: "export type { Punchcard } from '../../core/index.js';" } }, ...eslintHole(UPWARD) },
  { name: "shared: 'node:crypto'", put: { 'src/shared/log.ts': { append: "export { randomUUID } from 'node:crypto';" } }, ...eslintHole(NODE) },
  { name: 'preload: Node', put: { 'src/preload/index.ts': { append: "export { readFileSync } from 'node:fs';" } }, ...eslintHole(NODE) },

  // the core free of the sandbox, the shells and the tests
  { name: 'sandbox: the core imports it', put: { 'src/core/account/demo-service.ts': { append: "export * from '../../sandbox/index.js';" } }, ...eslintHole(UPWARD) },
  { name: 'sandbox: the core imports a type of it', put: { 'src/core/account/demo-service.ts': { append: "export type * from '../../sandbox/index.js';" } }, ...eslintHole(UPWARD) },
  { name: 'sandbox: the core loads it late', put: { 'src/core/punchcard.ts': { append: "export const demo = () => import('../sandbox');" } }, ...eslintHole(UPWARD) },
  { name: 'sandbox: past its face from a shell', put: { 'src/cli/table.ts': { append: "export * from '../sandbox/server.js';" } }, ...eslintHole(/through its face/) },
  { name: 'core: the shells', put: { 'src/core/punchcard.ts': { append: "export type * from '../cli/run.js';" } }, ...eslintHole(UPWARD) },
  { name: 'core: the tests', put: { 'src/core/punchcard.ts': { append: "export * from '../../test/tools/fault-proxy.js';" } }, ...eslintHole(UPWARD) },

  // tests, fixtures and benchmarks: faces, or the inner module their header names
  {
    name: 'tests: an inner module the header does not name',
    put: { 'test/unit/dispatch.test.ts': { append: "export { markApplied } from '../../src/core/outbox/operations.js';" } },
    ...eslintHole(/through its face/),
  },
  {
    name: 'tests: a header naming one inner module, importing another',
    put: { 'test/unit/hole.test.ts': "/** @inner src/core/outbox/operations.ts */\nimport { createLedger } from '../../src/core/journal/ledger';\nimport { expect, it } from 'vitest';\n\nit('opens', () => expect(createLedger).toBeTypeOf('function'));\n" },
    ...eslintHole(/through its face/),
  },
  {
    name: 'tests: a header naming the whole core',
    put: { 'test/unit/hole.test.ts': "/** @inner src/core/ */\nimport { createLedger } from '../../src/core/journal/ledger';\nimport { expect, it } from 'vitest';\n\nit('opens', () => expect(createLedger).toBeTypeOf('function'));\n" },
    ...eslintHole(/through its face/),
  },
  {
    name: 'tests: a header naming all of src',
    put: { 'test/unit/hole.test.ts': "/** @inner src/ */\nimport { createLedger } from '../../src/core/journal/ledger';\nimport { expect, it } from 'vitest';\n\nit('opens', () => expect(createLedger).toBeTypeOf('function'));\n" },
    ...eslintHole(/through its face/),
  },
  { name: 'tests: an integration test past a face', put: { 'test/integration/sync.test.ts': { append: "export * from '../../src/core/sync/engine.js';" } }, ...eslintHole(/through its face/) },
  { name: 'tests: a browser test past a face', put: { 'test/e2e/smoke.spec.ts': { append: "export * from '../../src/core/week/submit.js';" } }, ...eslintHole(/through its face/) },
  { name: 'tests: a fixture past a face', put: { 'test/fixtures/demo-week.ts': { append: "export * from '../../src/core/week/submit.js';" } }, ...eslintHole(/through its face/) },
  { name: 'tests: a test tool reaching into src', put: { 'test/tools/fault-proxy.ts': { append: "export * from '../../src/core/index.js';" } }, ...eslintHole(UPWARD) },
  { name: 'tests: a test in a folder of no area', put: { 'test/hole.test.ts': "import { expect, it } from 'vitest';\n\nit('adds', () => expect(1 + 1).toBe(2));\n" }, ...eslintHole(/in no area/) },
  { name: 'bench: past a face', put: { 'bench/log-time.ts': { append: "export * from '../src/core/outbox/operations.js';" } }, ...eslintHole(/through its face/) },
  { name: 'bench: past a face with import()', put: { 'bench/log-time.ts': { append: "export const ops = () => import('../src/core/journal/ledger.js');" } }, ...eslintHole(/through its face/) },
  { name: 'scripts: into src', put: { 'scripts/make-icons.mjs': { append: "export * from '../src/core/index.js';" } }, ...eslintHole(UPWARD) },

  // import circles: the circle check resolves ./x.js, folders and indexes
  {
    name: 'circle: two new files through ./x.js',
    put: {
      'src/core/clock/hole-a.ts': "import { b } from './hole-b.js';\n\nexport const a = () => b;\n",
      'src/core/clock/hole-b.ts': "import { a } from './hole-a.js';\n\nexport const b = () => a;\n",
    },
    ...CIRCLE,
  },
  {
    name: 'circle: type-only, both ways',
    put: {
      'src/core/clock/hole-a.ts': "import type { B } from './hole-b.js';\n\nexport type A = { b?: B };\n",
      'src/core/clock/hole-b.ts': "import type { A } from './hole-a.js';\n\nexport type B = { a?: A };\n",
    },
    ...CIRCLE,
  },
  {
    name: 'circle: through a folder face',
    put: {
      'src/core/clock/hole.ts': "import { systemClock } from './index.js';\n\nexport const clockAgain = () => systemClock;\n",
      'src/core/clock/index.ts': { append: "export { clockAgain } from './hole.js';" },
    },
    ...CIRCLE,
  },
  {
    name: "circle: through '.' (a folder named by itself)",
    put: {
      'src/core/clock/hole.ts': "import { systemClock } from '.';\n\nexport const clockAgain = () => systemClock;\n",
      'src/core/clock/index.ts': { append: "export { clockAgain } from './hole';" },
    },
    ...CIRCLE,
  },
  {
    name: 'circle: through import() and export *',
    put: {
      'src/core/clock/hole-a.ts': "export * from './hole-b.js';\nexport const a = 1;\n",
      'src/core/clock/hole-b.ts': "export const b = async () => (await import('./hole-a.js')).a;\n",
    },
    ...CIRCLE,
  },
  {
    name: 'circle: across two folders through their faces',
    put: {
      'src/cli/hole-a.ts': "export { b } from './commands/hole-b.js';\nexport const a = 1;\n",
      'src/cli/commands/hole-b.ts': "import { a } from '../hole-a';\n\nexport const b = () => a;\n",
    },
    ...CIRCLE,
  },

  // path aliases: the rules read relative paths; an alias would hide where an import leads
  {
    name: 'alias: tsconfig paths',
    put: { 'tsconfig.base.json': { json: (c) => ({ ...c, compilerOptions: { ...c.compilerOptions, baseUrl: '.', paths: { '@core/*': ['src/core/*'] } } }) } },
    check: 'cycles',
    says: /alias/,
  },
  { name: 'alias: package.json imports', put: { 'package.json': { json: (p) => ({ ...p, imports: { '#core/*': './src/core/*' } }) } }, check: 'cycles', says: /alias/ },

  // folder sizes: a 16th source file, of any kind the build reads
  ...['ts', 'tsx', 'mts', 'cts', 'js', 'mjs', 'jsx', 'd.ts'].map((ext) => ({
    name: `size: a 16th source file (.${ext}) in src/cli/`,
    put: { [`src/cli/hole.${ext}`]: ext === 'd.ts' ? 'export type Hole = 1;\n' : 'export const hole = 1;\n' },
    ...SIZE,
  })),
];

/** A copy of the tree as git sees it (tracked and new files, never what it ignores), node_modules linked. */
function copyTree() {
  const dir = mkdtempSync(join(tmpdir(), 'punch-lint-holes-'));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const f of files) {
    if (!existsSync(join(ROOT, f))) continue;
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(ROOT, f), join(dir, f));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/** Puts a hole into the copy; returns the files to restore and the files it touched. */
async function put(copy, hole) {
  const restore = [];
  for (const [file, what] of Object.entries(hole.put)) {
    const path = join(copy, file);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (typeof what !== 'string' && before === undefined) throw new Error(`${hole.name}: ${file} is not in the tree (the hole list needs a new file to add to)`);
    restore.push({ path, before });
    let text;
    if (typeof what === 'string') text = what;
    else if (what.json) text = `${JSON.stringify(what.json(JSON.parse(stripComments(before))), null, 2)}\n`;
    else text = `${before.trimEnd()}\n${typeof what.append === 'function' ? what.append(copy) : what.append}\n`;
    if (!what.json) {
      const options = await prettier.resolveConfig(path);
      const info = await prettier.getFileInfo(path);
      if (info.inferredParser) text = await prettier.format(text, { ...options, filepath: path });
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  return restore;
}

const stripComments = (jsonc) => jsonc.replace(/^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');

function takeOut(restore) {
  for (const { path, before } of restore.reverse()) {
    if (before === undefined) unlinkSync(path);
    else writeFileSync(path, before);
  }
}

const node = (copy, script) => spawnSync(process.execPath, [join(copy, 'scripts', script), copy], { cwd: copy, encoding: 'utf8' });

/** What the owning check says about the copy: `{ failed, said }` (said: the lines of the rule that fails). */
async function checkFast(copy, eslint, hole) {
  if (hole.check === 'eslint') {
    const files = Object.keys(hole.put).map((f) => join(copy, f));
    const results = await eslint.lintFiles(files);
    const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => ({ ...m, file: r.filePath })));
    const said = errors.filter((m) => m.ruleId === hole.rule && hole.says.test(m.message)).map((m) => m.message);
    const other = errors.filter((m) => !said.includes(m.message)).map((m) => `${m.ruleId}: ${m.message}`);
    const ignored = results.flatMap((r) => r.messages.filter((m) => m.severity === 1 && /ignored/i.test(m.message)).map((m) => m.message));
    return { failed: said.length > 0, said: said.length ? said : [...other, ...ignored] };
  }
  const r = node(copy, hole.check === 'cycles' ? 'check-import-cycles.mjs' : 'check-folder-sizes.mjs');
  const out = `${r.stdout}\n${r.stderr}`;
  return { failed: r.status !== 0 && hole.says.test(out), said: out.trim().split('\n').slice(0, 4) };
}

/** The reviewers' way: the whole `npm run lint` in the copy must fail, and say the rule's words. */
function checkFull(copy, hole) {
  const r = spawnSync('npm', ['run', 'lint', '--silent'], { cwd: copy, encoding: 'utf8' });
  const out = `${r.stdout}\n${r.stderr}`;
  const lines = out.split('\n').filter((l) => hole.says.test(l));
  return { failed: r.status !== 0 && lines.length > 0, said: lines.length ? lines : out.trim().split('\n').slice(-6) };
}

const holes = HOLES.filter((h) => !ONLY || h.name.includes(ONLY));
const copy = copyTree();
console.log(`lint holes: ${holes.length} holes, one at a time, in a copy of the tree (${copy})${FULL ? ', each against the whole npm run lint' : ''}`);
const eslint = new ESLint({ cwd: copy });
const open = [];
const started = Date.now();
try {
  if (FULL) {
    const clean = spawnSync('npm', ['run', 'lint', '--silent'], { cwd: copy, encoding: 'utf8' });
    if (clean.status !== 0) throw new Error(`npm run lint fails on the copy before any hole:\n${clean.stdout}\n${clean.stderr}`);
  }
  for (const hole of holes) {
    const restore = await put(copy, hole);
    let result;
    try {
      result = FULL ? checkFull(copy, hole) : await checkFast(copy, eslint, hole);
    } finally {
      takeOut(restore);
    }
    console.log(`${result.failed ? 'caught' : 'OPEN  '}  ${hole.name}${result.failed ? '' : `\n          ${result.said.join('\n          ') || '(nothing said)'}`}`);
    if (!result.failed) open.push(hole.name);
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
const took = ((Date.now() - started) / 1000).toFixed(0);
if (open.length) {
  console.error(`lint holes: ${open.length} of ${holes.length} not caught (${took} s): ${open.join('; ')}`);
  process.exit(1);
}
console.log(`lint holes: all ${holes.length} caught, each by its own rule (${took} s)`);
