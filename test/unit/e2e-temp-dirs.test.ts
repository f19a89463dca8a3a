/**
 * The browser suite's temp folders (test/tools/e2e-temp-dirs.ts) are removed on every path: a worker that exits
 * without its tests' teardown (a beforeAll timed out while the web server started, a worker torn down after a
 * failure), its web server killed too, and, for a worker killed outright, the run's global teardown, which leaves
 * another run's folders alone (a web server that never printed its address: test/e2e/temp-dirs.spec.ts). Real
 * processes, real folders.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeRunFolders, RUN_ENV, runPrefix } from '../tools/e2e-temp-dirs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const run = `unit${process.pid}`;
const left = (r = run) => readdirSync(tmpdir()).filter((n) => n.startsWith(runPrefix(r)));
/** Whether a process runs: there, and not a zombie waiting to be reaped by whoever took it over. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
};

describe("the browser suite's temp folders", () => {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env[RUN_ENV];
    process.env[RUN_ENV] = run;
  });
  afterAll(() => {
    if (before === undefined) delete process.env[RUN_ENV];
    else process.env[RUN_ENV] = before;
  });
  afterEach(() => {
    removeRunFolders(run);
    removeRunFolders(`${run}x`);
  });

  it('are removed when a worker exits without its teardown, and its web server is killed', async () => {
    // a worker made its folders and started a server, then exited: no afterAll, no finally ran
    const worker = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./test/tools/e2e-temp-dirs.ts').then(async (m) => {
          const { spawn } = await import('node:child_process');
          const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
          m.killOnExit(server);
          const dir = m.e2eTempDir('data');
          console.log(JSON.stringify({ dir, pid: server.pid }));
          process.exit(3);
        })`,
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(worker.status, worker.stderr).toBe(3);
    const { dir, pid } = JSON.parse(worker.stdout.trim()) as { dir: string; pid: number };
    expect(dir.startsWith(join(tmpdir(), runPrefix(run)))).toBe(true);
    expect(existsSync(dir)).toBe(false);
    // SIGKILLed as the worker left: gone once the signal is taken (no fixed wait)
    await expect.poll(() => alive(pid)).toBe(false);
    expect(left()).toEqual([]);
  });

  it("are removed by the run's teardown, another run's left where they are", () => {
    const mine = join(tmpdir(), `${runPrefix(run)}data-killed`);
    const theirs = join(tmpdir(), `${runPrefix(`${run}x`)}data-running`);
    mkdirSync(mine);
    mkdirSync(theirs);
    expect(removeRunFolders(run)).toEqual([`${runPrefix(run)}data-killed`]);
    expect(existsSync(mine)).toBe(false);
    expect(existsSync(theirs)).toBe(true);
  });
});
