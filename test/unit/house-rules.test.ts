/**
 * The house rules catch what raw string patterns let through (issue 25): each hole is put into a file at a path of
 * the tree (ESLint's Node API, `lintText` with `filePath`: the file need not exist) and the lint must report it;
 * a legal import must pass. The circle check, the folder sizes and the doc paths run as `npm run lint` runs them, on
 * a small tree of their own.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../fixtures/temp-dirs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** What `house/imports` says about `code` placed at `path` (relative to the repository). */
async function houseSays(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result.messages.filter((m) => m.ruleId === 'house/imports' || m.fatal).map((m) => m.message);
}

describe('house/imports: the holes of raw string patterns are caught', () => {
  it("refuses a dynamic import('electron') in the core", async () => {
    const said = await houseSays('src/core/timer/hole.ts', "export const load = () => import('electron');\n");
    expect(said).toEqual([expect.stringContaining('Only the Electron shell (src/main) and the preload may import Electron')]);
  });

  it('refuses require() of Electron in the core too', async () => {
    const said = await houseSays(
      'src/core/hole.ts',
      "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const e = require('electron-store');\n",
    );
    expect(said).toEqual([expect.stringContaining('may import Electron')]);
  });

  it('refuses ./../core/outbox/operations from a shell: an inner file of a core folder', async () => {
    const said = await houseSays('src/cli/hole.ts', "export { markApplied } from './../core/outbox/operations';\n");
    expect(said).toEqual([expect.stringContaining('src/cli/ may import only src/core/, src/sandbox/, src/shared/')]);
  });

  it("refuses '../root/punchcard.js' from week/: the .js specifier is read as the composition root it names", async () => {
    const said = await houseSays(
      'src/core/week/hole.ts',
      "import { createPunchcard } from '../root/punchcard.js';\nexport { createPunchcard };\n",
    );
    expect(said).toEqual([expect.stringContaining('src/core/week/ may import only')]);
    expect(said[0]).toContain('src/core/root/punchcard.ts');
  });

  it("refuses a bare 'fs' (and 'node:path') in the renderer", async () => {
    const said = await houseSays('src/renderer/src/hole.ts', "import fs from 'fs';\nimport path from 'node:path';\nexport { fs, path };\n");
    expect(said).toHaveLength(2);
    expect(said[0]).toContain("no Node module ('fs')");
    expect(said[1]).toContain("no Node module ('node:path')");
  });

  it('refuses an import of the sandbox from the core, a type too', async () => {
    const said = await houseSays(
      'src/core/account/hole.ts',
      "import type { Sandbox } from '../../sandbox/types.js';\nexport type S = Sandbox;\n",
    );
    expect(said).toEqual([expect.stringContaining('src/core/account/ may import only')]);
  });

  it('refuses an inner file of another core folder from a core folder (faces only), through an index path too', async () => {
    const past = await houseSays('src/core/week/hole.ts', "import { createLedger } from '../journal/ledger';\nexport { createLedger };\n");
    expect(past).toEqual([
      'Import src/core/journal/ through its face (src/core/journal/index.ts), never its files (src/core/journal/ledger.ts).',
    ]);
    const face = await houseSays('src/core/week/ok.ts', "import { createLedger } from '../journal/index.js';\nexport { createLedger };\n");
    expect(face).toEqual([]);
  });

  it("refuses import('x').T types that reach upwards", async () => {
    const said = await houseSays('src/core/store/hole.ts', "export type P = import('../root/punchcard').Punchcard;\n");
    expect(said).toEqual([expect.stringContaining('src/core/store/ may import only src/core/clock/, src/shared/')]);
  });

  it('refuses a test or a benchmark reaching past a face unless its header names the inner module', async () => {
    const code = "import { markApplied } from '../../src/core/outbox/operations';\nexport { markApplied };\n";
    expect(await houseSays('test/unit/hole.test.ts', code)).toEqual([
      'Use src/core/outbox/ through its face (src/core/outbox/index.ts), or name the inner module this file tests in its header: @inner src/core/outbox/operations.ts',
    ]);
    expect(await houseSays('bench/hole.ts', code.replace('../../src', '../src'))).toHaveLength(1);
    const named = `/**\n * The outbox's transitions.\n * @inner src/core/outbox/operations.ts\n */\n${code}`;
    expect(await houseSays('test/unit/hole.test.ts', named)).toEqual([]);
  });

  it('refuses a header naming an inner module the test does not import', async () => {
    const said = await houseSays(
      'test/unit/hole.test.ts',
      "/** @inner src/core/outbox/operations.ts */\nimport { recordAdd } from '../../src/core/outbox';\nexport { recordAdd };\n",
    );
    expect(said).toEqual([
      expect.stringContaining('names src/core/outbox/operations.ts as an inner module this file tests, but nothing here imports it'),
    ]);
  });

  it('refuses a file in no area of the map', async () => {
    expect(await houseSays('stray/hole.ts', 'export const x = 1;\n')).toEqual([expect.stringContaining('is in no area of the house map')]);
  });

  it('refuses Electron through a require made by createRequire, called later or at once', async () => {
    const later = await houseSays(
      'src/core/team/hole.ts',
      "import { createRequire } from 'node:module';\nexport const shell = () => load('electron');\nconst load = createRequire(import.meta.url);\n",
    );
    expect(later).toEqual([expect.stringContaining('may import Electron')]);
    const atOnce = await houseSays(
      'src/core/hole.ts',
      "import { createRequire } from 'node:module';\nexport const s = createRequire(import.meta.url)('electron');\n",
    );
    expect(atOnce).toEqual([expect.stringContaining('may import Electron')]);
  });

  it('refuses a package of the Electron family in the core (electron-log loads Electron itself)', async () => {
    expect(await houseSays('src/core/hole.ts', "export { default } from 'electron-log';\n")).toEqual([
      expect.stringContaining('may import Electron'),
    ]);
    expect(await houseSays('src/core/hole.ts', "export { default } from 'electronic';\n")).toEqual([]);
  });

  it('refuses in src/ a specifier it cannot read, and takes one in a benchmark (built bundles by computed paths)', async () => {
    const code = "const name = 'elec' + 'tron';\nexport const load = () => import(name);\n";
    expect(await houseSays('src/core/hole.ts', code)).toEqual([expect.stringContaining('cannot read what this imports')]);
    expect(await houseSays('bench/hole.ts', code)).toEqual([]);
  });

  it('reads a file: URL as the path it names, and refuses a tree path written bare', async () => {
    const url = `file://${ROOT}/src/core/outbox/operations.js`;
    expect(await houseSays('src/web/hole.ts', `export const ops = () => import('${url}');\n`)).toEqual([
      expect.stringContaining('src/web/ may import only'),
    ]);
    expect(await houseSays('src/web/hole.ts', "export const ops = () => import('src/core/outbox/operations.js');\n")).toEqual([
      expect.stringContaining('as if it were a package'),
    ]);
  });

  it('refuses a Node module the renderer reaches through process.getBuiltinModule', async () => {
    expect(await houseSays('src/renderer/src/hole.ts', "export const fs = process.getBuiltinModule('fs');\n")).toEqual([
      expect.stringContaining("no Node module ('node:fs')"),
    ]);
  });

  it('reads a .jsx file of the core too (ESLint skipped them)', async () => {
    expect(await houseSays('src/core/hole.jsx', "export const shell = () => import('electron');\n")).toEqual([
      expect.stringContaining('may import Electron'),
    ]);
  });

  it('takes a header folder for the files of its own area only: @inner src/core/ does not open the journal', async () => {
    const code = (inner: string) =>
      `/** @inner ${inner} */\nimport { createLedger } from '../../src/core/journal/ledger';\nexport { createLedger };\n`;
    expect(await houseSays('test/unit/hole.test.ts', code('src/core/journal/'))).toEqual([]);
    const wide = await houseSays('test/unit/hole.test.ts', code('src/core/'));
    expect(wide).toEqual([
      expect.stringContaining('names src/core/ as an inner module this file tests, but nothing here imports it'),
      expect.stringContaining('Use src/core/journal/ through its face'),
    ]);
  });

  it('refuses a new folder of the core without its own line in the map (it would pass as the root)', async () => {
    expect(await houseSays('src/core/newroom/index.ts', "export * from '../outbox/index.js';\n")).toEqual([
      expect.stringContaining('src/core/newroom/ is a folder of src/core/ without its own line in the house map'),
    ]);
  });

  it('passes a legal import: a core folder through faces, src/shared, Node, a package', async () => {
    const said = await houseSays(
      'src/core/week/ok.ts',
      [
        "import fs from 'node:fs';",
        "import { z } from 'zod';",
        "import { ofAccount } from '../outbox';",
        "import type { Journal } from '../journal/index.js';",
        "import { localDate } from '../../shared/time/week.js';",
        "import type { Clock } from '../context';",
        'export { fs, z, ofAccount, localDate };',
        'export type { Journal, Clock };',
      ].join('\n'),
    );
    expect(said).toEqual([]);
  });
});

/** A tree of its own, in a git repository (the doc check reads the files git sees). */
function smallTree(files: Record<string, string>): string {
  const dir = tempDir('punch-house-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}
const runScript = (script: string, dir: string) => spawnSync(process.execPath, [join(ROOT, 'scripts', script), dir], { encoding: 'utf8' });

describe('the checks beside ESLint in npm run lint', () => {
  it('the circle check follows ./x.js specifiers and dynamic imports to the .ts files they name', () => {
    const circle = smallTree({
      'src/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'src/b.ts': "export const b = async () => (await import('./a.js')).a;\n",
    });
    const r = runScript('check-import-cycles.mjs', circle);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('src/a.ts -> src/b.ts');
    expect(r.stderr).toContain('src/b.ts -> src/a.ts');
    const line = smallTree({ 'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n", 'src/b.ts': 'export const b = 1;\n' });
    expect(runScript('check-import-cycles.mjs', line).status).toBe(0);
  });

  it('the circle check follows .js files of src/ too', () => {
    const circle = smallTree({
      'src/a.js': "import { b } from './b.mjs';\nexport const a = () => b;\n",
      'src/b.mjs': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    const r = runScript('check-import-cycles.mjs', circle);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('src/a.js -> src/b.mjs');
  });

  it('the circle check refuses a path alias, which the rules could not read', () => {
    const files = { 'src/a.ts': 'export {};\n', 'package.json': '{}\n' };
    const paths = '{ "compilerOptions": { "baseUrl": ".", "paths": { "@core/*": ["src/core/*"] } } }\n';
    const r = runScript('check-import-cycles.mjs', smallTree({ ...files, 'tsconfig.json': paths }));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('path alias in tsconfig.json: compilerOptions.paths');
    const imports = runScript(
      'check-import-cycles.mjs',
      smallTree({ ...files, 'package.json': '{ "imports": { "#core/*": "./src/core/*" } }\n' }),
    );
    expect(imports.stderr).toContain('path alias in package.json: imports');
    expect(runScript('check-import-cycles.mjs', smallTree(files)).status).toBe(0);
  });

  it('counts a .js or .jsx file of src/ in its folder too', () => {
    const files = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`src/room/f${i}.ts`, 'export {};\n']));
    const over = runScript('check-folder-sizes.mjs', smallTree({ ...files, 'src/room/sixteen.jsx': 'export {};\n' }));
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('src/room/ holds 16 source files');
  });

  it('reads the comments after a template literal with a ${} in it (the scanner alone lost them)', () => {
    const text = 'export const say = (n: number) => `${n} hours`;\n// kept in src/core/gone.ts\nexport {};\n';
    const r = runScript('check-doc-paths.mjs', smallTree({ 'src/core/a.ts': text }));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('src/core/a.ts:2: src/core/gone.ts');
  });

  it('refuses a folder of src/ with 16 source files, and takes 15', () => {
    const files = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`src/room/f${i}.ts`, 'export {};\n']));
    const over = runScript('check-folder-sizes.mjs', smallTree(files(16)));
    expect(over.status).toBe(1);
    expect(over.stderr).toContain('src/room/ holds 16 source files (at most 15)');
    expect(runScript('check-folder-sizes.mjs', smallTree(files(15))).status).toBe(0);
  });

  it('refuses a comment or a doc naming a file that is not there, and takes one that is', () => {
    const tree = {
      'src/core/a.ts': '/** Reads ./b.ts and src/core/gone.ts. */\nexport {};\n',
      'src/core/b.ts': 'export {};\n',
      'docs/x.md': 'See `src/core/a.ts`, [b](../src/core/b.ts), `core/gone-too.ts` and docs/missing.md.\n',
    };
    const r = runScript('check-doc-paths.mjs', smallTree(tree));
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n').slice(0, -1).sort()).toEqual([
      'docs/x.md:1: core/gone-too.ts',
      'docs/x.md:1: docs/missing.md',
      'src/core/a.ts:1: src/core/gone.ts',
    ]);
    const fixed = {
      ...tree,
      'src/core/a.ts': '/** Reads ./b.ts. */\nexport {};\n',
      'docs/x.md': 'See `src/core/a.ts` and [b](../src/core/b.ts).\n',
    };
    expect(runScript('check-doc-paths.mjs', smallTree(fixed)).status).toBe(0);
  });
});
