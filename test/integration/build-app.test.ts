/**
 * scripts/build-app.mjs: electron-vite's build once for the same sources (npm run build and then npm test built the
 * app twice). Run on a copy of the script in a temporary tree whose `electron-vite` is a stand-in that writes the
 * three outputs and counts its builds, so what is checked is the script's choice, in a fraction of a second; two
 * started at once, with real processes: one build (scripts/build-lock.mjs).
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
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
    for (const script of ['build-app.mjs', 'build-lock.mjs']) copyFileSync(join(ROOT, 'scripts', script), join(tree, 'scripts', script));
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

  it('two at once: the second waits for the first under out/app-build.lock and uses its build (one build)', async () => {
    // a build that holds on until the test says (electron-vite empties out/ first: two at once wrote over each other)
    const fake = join(tree, 'node_modules', '.bin', 'electron-vite');
    writeFileSync(
      fake,
      '#!/bin/sh\necho build >> builds.log\nwhile [ ! -f go ] && [ -d node_modules ]; do sleep 0.05; done\nmkdir -p out/main out/preload out/renderer\n' +
        'echo built > out/main/index.js\necho built > out/preload/index.mjs\necho built > out/renderer/index.html\n',
    );
    const children: Array<{ kill(): boolean; exitCode: number | null }> = [];
    const start = () => {
      const child = spawn(process.execPath, ['scripts/build-app.mjs'], { cwd: tree, stdio: ['ignore', 'pipe', 'inherit'] });
      const said = { text: '' };
      child.stdout.on('data', (d) => (said.text += d));
      const code = new Promise<number | null>((r) => child.on('close', r));
      children.push(child);
      return { child, said, code };
    };
    const first = start();
    // a failed wait leaves no build behind: both are told to go on, and stopped
    const dir = tree;
    onTestFinished(() => {
      if (existsSync(dir)) writeFileSync(join(dir, 'go'), '');
      for (const c of children) if (c.exitCode === null) c.kill();
    });
    await expect.poll(builds, { timeout: 30_000 }).toBe(1);
    const second = start();
    await expect.poll(() => second.said.text, { timeout: 30_000 }).toMatch(/being built by another process \(\d+\): waiting for it/);
    expect(second.said.text).toContain(`(${first.child.pid})`);
    writeFileSync(join(tree, 'go'), '');
    expect([await first.code, await second.code]).toEqual([0, 0]);
    expect(first.said.text).toMatch(/built by electron-vite/);
    expect(second.said.text).toMatch(/unchanged/);
    expect(builds()).toBe(1);
    expect(existsSync(join(tree, 'out', 'app-build.lock'))).toBe(false);
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
