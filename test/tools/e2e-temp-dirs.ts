/**
 * The browser suite's folders in the system's temp dir (a web server's data dir and clock file, a sandbox's saved
 * state, a journal made beforehand: test/e2e/web-app.ts and the specs), removed on every path, not only when a test
 * ends well:
 *
 * - by their owner when it is done (`removeTempDir`: WebApp.stop, a spec's afterAll or finally);
 * - else when the worker process exits (its `exit` event): a beforeAll that timed out while the web server started
 *   (its WebApp never handed back to be stopped), a test that timed out inside its `try` (its `finally` never runs),
 *   the worker torn down after a failure, each with its folders left behind, seen after a pseudo-locale run of
 *   i18n-core.spec with 2 workers; web servers still running then are killed too;
 * - else by the run's global teardown (test/e2e/temp-teardown.ts, `removeRunFolders`): a worker killed outright runs
 *   nothing. Every folder is named `punch-e2e-<run>-<what>-XXXXXX`, `<run>` this run's own id (test/e2e/build-web.ts
 *   sets it before any worker starts), so the teardown removes this run's folders and never those of a run beside it.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The environment variable that carries the run's id from the global setup to every worker. */
export const RUN_ENV = 'PUNCH_E2E_RUN';

/** This run's id: the global setup's (a worker inherits it), else one of this process's own. */
export function e2eRun(): string {
  process.env[RUN_ENV] ??= `${process.pid}${randomBytes(3).toString('hex')}`;
  return process.env[RUN_ENV];
}

/** The start of every folder of run `run` in the temp dir. */
export const runPrefix = (run: string) => `punch-e2e-${run}-`;

const dirs = new Set<string>();
/** Every folder this process made, in order, removed or not (a test of the removal reads it). */
const made: string[] = [];
const children = new Set<ChildProcess>();
let watching = false;

/** On the worker's way out, synchronously (nothing asynchronous runs in an `exit` handler). */
function leaveNothing(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

function watchExit(): void {
  if (watching) return;
  watching = true;
  process.once('exit', leaveNothing);
}

/** A new folder `punch-e2e-<run>-<what>-XXXXXX`, removed at the latest when this process exits. */
export function e2eTempDir(what: string): string {
  watchExit();
  const dir = mkdtempSync(join(tmpdir(), `${runPrefix(e2eRun())}${what}-`));
  dirs.add(dir);
  made.push(dir);
  return dir;
}

/** Removes a folder of `e2eTempDir` now. */
export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
}

/** A child (a web server) killed when this process exits, if it still runs then; `stopChild` stops it first in a good run. */
export function killOnExit(child: ChildProcess): void {
  watchExit();
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** The folders this process has made so far, in order (removed ones too). */
export function tempDirsMade(): readonly string[] {
  return made;
}

/** Removes the folders of run `run` in `dir` (a worker killed outright left them); returns their names. */
export function removeRunFolders(run: string | undefined, dir = tmpdir()): string[] {
  if (!run) return [];
  const left = readdirSync(dir).filter((name) => name.startsWith(runPrefix(run)));
  for (const name of left) rmSync(join(dir, name), { recursive: true, force: true });
  return left;
}
