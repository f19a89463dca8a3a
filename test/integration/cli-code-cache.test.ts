/**
 * The CLI's code cache (src/cli/launch/): `punch` runs its bundle through V8's code cache kept per user, and nothing
 * about the cache changes what a command prints or its exit code: no cache yet, a cache used, a damaged or cut one, one
 * V8 rejects (another Node's flags), a cache directory that cannot be made. A thin cache (made by `--help` first) is made
 * again by the first command that opens the core. The cache file's own checks (planted,
 * damaged) are test/unit/code-cache.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import type { Sandbox } from '../../src/sandbox';
import { cleanEnv } from '../fixtures/cli-harness';
import { PUNCH_BUNDLE, SHIFTED_DATE } from '../fixtures/node-bundles';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let sb: Sandbox;
let scratch: string;
beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY });
  scratch = tempDir('punch-code-cache-');
});
afterAll(async () => {
  await sb?.close();
  removeDir(scratch);
});

let runs = 0;
/** `punch args` with `cacheHome` as XDG_CACHE_HOME, on a data dir made afresh at the same path (so the output is comparable). */
function punch(cacheHome: string, args: string[], opts: { env?: Record<string, string>; nodeFlags?: string[] } = {}): Promise<Run> {
  const data = join(scratch, `data-${args.join('-')}`);
  removeDir(data);
  runs++;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...(opts.nodeFlags ?? []), '--import', SHIFTED_DATE, PUNCH_BUNDLE, ...args],
      {
        env: cleanEnv({
          PUNCH_DATA_DIR: data,
          XDG_CONFIG_HOME: join(data, 'xdg'),
          XDG_CACHE_HOME: cacheHome,
          PUNCH_BASE_URL: sb.url,
          PUNCH_TOKEN: sb.demoToken,
          PUNCH_USER: sb.demoUser,
          ...opts.env,
        }),
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const cacheFiles = (home: string) => readdirSync(join(home, 'punchcard')).filter((f) => f.endsWith('.v8cache'));
const theCache = (home: string) => join(home, 'punchcard', cacheFiles(home)[0]);
/** The file's identity: a rewrite (temporary file renamed over it) gives another inode. */
const inode = (file: string) => statSync(file).ino;

describe('the code cache of punch', () => {
  it('is written by the first command once its output is out, then used: the same output, the cache left as it was', async () => {
    const home = join(scratch, 'first');
    const plain = await punch(join(scratch, 'off'), ['status'], { env: { PUNCH_NO_CODE_CACHE: '1' } });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/Connection:\s+online/);
    // the cache is off: not even its directory is made
    expect(() => readdirSync(join(scratch, 'off'))).toThrow();

    const first = await punch(home, ['status']);
    expect(first).toEqual(plain);
    expect(cacheFiles(home)).toHaveLength(1);
    expect(statSync(join(home, 'punchcard')).mode & 0o777).toBe(0o700);
    const made = inode(theCache(home));
    const second = await punch(home, ['status']);
    expect(second).toEqual(plain);
    // at most once per build: a used cache is not written again
    expect(inode(theCache(home))).toBe(made);
    expect(cacheFiles(home)).toHaveLength(1);
  });

  it('made thin by --help first, it is made again by the first command that opens the core, once: then it covers status', async () => {
    // what a status-first cache holds, to compare with
    const statusFirst = join(scratch, 'status-first');
    expect((await punch(statusFirst, ['status'])).code).toBe(0);
    const whole = statSync(theCache(statusFirst)).size;

    const home = join(scratch, 'help-first');
    const help = await punch(home, ['--help']);
    expect(help.stdout).toContain('Usage: punch');
    const thin = statSync(theCache(home));
    expect(thin.size).toBeLessThan(whole * 0.8);
    const status = await punch(home, ['status']);
    expect(status.stdout).toMatch(/Connection:\s+online/);
    const made = statSync(theCache(home));
    expect(made.ino).not.toBe(thin.ino);
    // status's functions are in it: as large as the cache a status makes first (give or take what --help adds)
    expect(made.size).toBeGreaterThan(whole * 0.95);
    // once: neither a later status nor a later --help writes it again
    expect(await punch(home, ['status'])).toEqual(status);
    await punch(home, ['--help']);
    expect(inode(theCache(home))).toBe(made.ino);
  });

  it('damaged (a byte changed) or cut short: the command answers as without it, and the cache is made again', async () => {
    const home = join(scratch, 'damaged');
    const expected = await punch(home, ['status']);
    expect(expected.code).toBe(0);
    const file = theCache(home);
    const whole = readFileSync(file);
    const flipped = Buffer.from(whole);
    for (let i = 64; i < flipped.length; i += 4096) flipped[i] ^= 0xff;
    writeFileSync(file, flipped);
    expect(await punch(home, ['status'])).toEqual(expected);
    expect(readFileSync(file).equals(flipped)).toBe(false);

    writeFileSync(file, whole.subarray(0, whole.length >> 1));
    expect(await punch(home, ['status'])).toEqual(expected);
    expect(statSync(file).size).toBeGreaterThan(whole.length >> 1);
    // a command that fails keeps its exit code and message with a damaged cache
    const refused = await punch(home, ['log', '--hours', 'lots']);
    writeFileSync(file, flipped);
    expect(await punch(home, ['log', '--hours', 'lots'])).toEqual(refused);
    expect(refused.code).toBe(1);
  });

  it("rejected by V8 (run with another V8 flag): made again once for that Node's flags, then used", async () => {
    const home = join(scratch, 'flags');
    const expected = await punch(home, ['status']);
    const file = theCache(home);
    const before = inode(file);
    const flags = ['--stack-size=900'];
    expect(await punch(home, ['status'], { nodeFlags: flags })).toEqual(expected);
    const rewritten = inode(file);
    expect(rewritten).not.toBe(before);
    expect(await punch(home, ['status'], { nodeFlags: flags })).toEqual(expected);
    expect(inode(file)).toBe(rewritten);
  });

  it('where the cache directory cannot be made (a file in its way): the same output and exit code, nothing written', async () => {
    const blocked = join(scratch, 'blocked');
    mkdirSync(blocked, { recursive: true });
    writeFileSync(join(blocked, 'punchcard'), 'a file, not a directory');
    const expected = await punch(join(scratch, 'off2'), ['status'], { env: { PUNCH_NO_CODE_CACHE: '1' } });
    expect(await punch(blocked, ['status'])).toEqual(expected);
    expect(readdirSync(blocked)).toEqual(['punchcard']);
    expect(runs).toBeGreaterThan(0);
  });
});
