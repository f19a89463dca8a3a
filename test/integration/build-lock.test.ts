/**
 * One app build at a time (scripts/build-lock.mjs, taken by scripts/web.mjs and scripts/build-app.mjs), with real
 * processes: two builds started at once both end with a working out/ (the second waits for the first and uses its
 * build: two `npm run web` on a stale build emptied out/ under each other, and one failed); a lock whose process is
 * gone is taken over at once; a live one is waited for. The build is DRIVER below: a stand-in for electron-vite that
 * empties its folder and fails when another build writes there meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { removeDir, tempDir } from '../fixtures/temp-dirs';

/**
 * A build as electron-vite makes one, under the app build's lock: `node -e DRIVER <root> <name>`. It empties
 * <root>/out/renderer (as vite's emptyOutDir does), says `building <name>`, waits for the test's `<root>/go-<name>`, then
 * writes index.html and checks that it holds its own lines only: another build at the same time fails it (exit 1), as
 * vite did. Prints what buildOnce returned.
 */
const LOCK_MODULE = pathToFileURL(join(process.cwd(), 'scripts', 'build-lock.mjs')).href;
const DRIVER = `
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { appBuildLock, buildOnce } from ${JSON.stringify(LOCK_MODULE)};

const [root, name] = process.argv.slice(1);
const out = join(root, 'out', 'renderer');
const index = join(out, 'index.html');
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const own = '<p>' + name + '</p>\\n<p>' + name + ' again</p>\\n</html>\\n';

const run = buildOnce(appBuildLock(root), {
  isCurrent: () => existsSync(index) && readFileSync(index, 'utf8').endsWith('</html>\\n'),
  waiting: (pid) => console.log('waiting for ' + pid),
  build: () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    appendFileSync(index, '<p>' + name + '</p>\\n');
    console.log('building ' + name);
    // the test says when to go on: once the other process has started and said what it does
    while (!existsSync(join(root, 'go-' + name))) pause(20);
    appendFileSync(index, '<p>' + name + ' again</p>\\n</html>\\n');
    const text = existsSync(index) ? readFileSync(index, 'utf8') : '';
    if (text !== own) {
      console.error(name + ': another build wrote here or emptied the folder: ' + JSON.stringify(text));
      process.exit(1);
    }
    return name;
  },
});
console.log(JSON.stringify(run));
`;
let root: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  root = tempDir('punch-build-lock-');
});
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  removeDir(root);
});

/** A build process, its output so far, when it said `line`, and its end. */
function build(name: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', DRIVER, root, name], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let stdout = '';
  let stderr = '';
  const heard: Array<() => void> = [];
  child.stdout!.on('data', (d) => {
    stdout += d;
    for (const h of heard) h();
  });
  child.stderr!.on('data', (d) => (stderr += d));
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
    child.on('close', (code) => r({ code, stdout, stderr })),
  );
  const said = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const m = pattern.exec(stdout);
        if (m) resolve(m[0]);
      };
      heard.push(look);
      look();
      void ended.then(() => reject(new Error(`${name} ended without saying ${pattern}: ${stdout}${stderr}`)));
    });
  return { child, said, ended };
}
const go = (name: string) => writeFileSync(join(root, `go-${name}`), '');

it('two builds started at once both end with a working out/: the second waits for the first and uses its build', async () => {
  const a = build('a');
  await a.said(/building a/);
  const b = build('b');
  // b finds a building: it waits (or, without the lock, empties the folder and builds too)
  const what = await b.said(/waiting for \d+|building b/);
  go('a');
  if (what === 'building b') go('b');
  const [ra, rb] = await Promise.all([a.ended, b.ended]);
  expect(ra.code, ra.stderr).toBe(0);
  expect(rb.code, rb.stderr).toBe(0);
  expect(what).toBe(`waiting for ${a.child.pid}`);
  expect(JSON.parse(ra.stdout.trim().split('\n').at(-1)!)).toEqual({ built: true, result: 'a' });
  expect(JSON.parse(rb.stdout.trim().split('\n').at(-1)!)).toEqual({ built: false });
  expect(readFileSync(join(root, 'out', 'renderer', 'index.html'), 'utf8')).toBe('<p>a</p>\n<p>a again</p>\n</html>\n');
  expect(existsSync(join(root, 'out', 'app-build.lock'))).toBe(false);
}, 60_000);

it('a lock left by a process that is gone is taken over; one of a running process is waited for, until it goes', async () => {
  mkdirSync(join(root, 'out'));
  // a build killed midway: its lock stays, naming a pid no longer running
  const gone = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => gone.on('close', r));
  writeFileSync(join(root, 'out', 'app-build.lock'), `${gone.pid}\n`);
  const a = build('a');
  await a.said(/building a/);
  go('a');
  expect((await a.ended).code).toBe(0);

  // held by a running process (this test's): waited for, then built once it is released
  writeFileSync(join(root, 'out', 'app-build.lock'), `${process.pid}\n`);
  writeFileSync(join(root, 'out', 'renderer', 'index.html'), 'half a build');
  const b = build('b');
  expect(await b.said(/waiting for \d+/)).toBe(`waiting for ${process.pid}`);
  removeDir(join(root, 'out', 'app-build.lock'));
  await b.said(/building b/);
  go('b');
  const rb = await b.ended;
  expect(rb.code, rb.stderr).toBe(0);
  expect(readFileSync(join(root, 'out', 'renderer', 'index.html'), 'utf8')).toBe('<p>b</p>\n<p>b again</p>\n</html>\n');
}, 60_000);
