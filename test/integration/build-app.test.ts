/**
 * scripts/build-app.mjs: electron-vite's build once for the same sources (npm run build and then npm test built the
 * app twice). Run on a copy of the script in a temporary tree whose `electron-vite` is a stand-in that writes the
 * three outputs and counts its builds, so what is checked is the script's choice, in a fraction of a second.
 */
import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../fixtures/temp-dirs';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');

describe('scripts/build-app.mjs', () => {
  let tree: string;
  const builds = () =>
    existsSync(join(tree, 'builds.log')) ? readFileSync(join(tree, 'builds.log'), 'utf8').trim().split('\n').length : 0;
  const build = async (...args: string[]) => (await run(process.execPath, ['scripts/build-app.mjs', ...args], { cwd: tree })).stdout;
  const source = () => join(tree, 'src', 'renderer', 'app.ts');

  beforeEach(() => {
    tree = tempDir('punch-build-app-');
    for (const dir of ['scripts', 'src/renderer', 'node_modules/.bin']) mkdirSync(join(tree, dir), { recursive: true });
    copyFileSync(join(ROOT, 'scripts', 'build-app.mjs'), join(tree, 'scripts', 'build-app.mjs'));
    for (const file of ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'tsconfig.json'])
      writeFileSync(join(tree, file), '{}\n');
    writeFileSync(source(), "export const words = 'first';\n");
    const fake = join(tree, 'node_modules', '.bin', 'electron-vite');
    writeFileSync(
      fake,
      '#!/bin/sh\nmkdir -p out/main out/preload out/renderer\necho built > out/main/index.js\necho built > out/preload/index.mjs\n' +
        'echo built > out/renderer/index.html\necho build >> builds.log\n',
    );
    chmodSync(fake, 0o755);
    return () => rmSync(tree, { recursive: true, force: true });
  });

  it('builds once, then says the sources are unchanged and does not build again', async () => {
    expect(await build()).toMatch(/built by electron-vite/);
    expect(await build()).toMatch(/unchanged: src\/ and the build's configuration hash as at the last build, so not built again/);
    expect(builds()).toBe(1);
  });

  it('builds again when a source says something else, when an output is gone, or when asked to (--force)', async () => {
    await build();
    writeFileSync(source(), "export const words = 'second';\n");
    expect(await build()).toMatch(/built by electron-vite/);
    rmSync(join(tree, 'out', 'renderer', 'index.html'));
    expect(await build()).toMatch(/built by electron-vite/);
    expect(await build('--force')).toMatch(/built by electron-vite/);
    expect(builds()).toBe(4);
  });

  it('a source saved again without a change (a newer time) is not built again, and the renderer counts as newer than it', async () => {
    await build();
    const ahead = Date.now() / 1000 + 3600; // an hour ahead: a checkout, or a clock
    utimesSync(source(), ahead, ahead);
    expect(await build()).toMatch(/unchanged/);
    expect(builds()).toBe(1);
    // scripts/web.mjs rebuilds a renderer older than its sources: this one is not
    expect(statSync(join(tree, 'out', 'renderer', 'index.html')).mtimeMs).toBeGreaterThanOrEqual(statSync(source()).mtimeMs);
  });
});
