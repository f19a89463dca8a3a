/**
 * `npm start` (scripts/start.mjs) on a machine where Electron's runtime is not installed and cannot be downloaded:
 * it does not announce a download it cannot make, says in one line why (no network to the download host, a host
 * that refuses), opens the app in the browser instead, and remembers the failure so the next start does not try
 * (nor say "Fetching...") again, until `--fetch-electron`. Real processes: the script, then `npm run web` it starts.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { cleanEnv } from '../fixtures/cli-harness';

const ROOT = resolve(import.meta.dirname, '..', '..');
const home = tempDir('punch-start-');
afterAll(() => removeDir(home));

/** Runs `node scripts/start.mjs --no-open` until the browser's address is printed; returns the lines before it. */
function start(env: Record<string, string>, extra: string[] = []): Promise<string[]> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs'), '--no-open', ...extra], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: cleanEnv({
        // no runtime here, whatever this machine has: an empty folder where electron's binary would be
        ELECTRON_OVERRIDE_DIST_PATH: join(home, 'no-electron'),
        XDG_CACHE_HOME: join(home, 'cache'),
        PUNCH_DATA_DIR: join(home, 'data'),
        ...env,
      }),
    });
    let out = '';
    let err = '';
    const stop = (r: () => void) => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      child.once('exit', r);
    };
    const timer = setTimeout(() => stop(() => fail(new Error(`no address printed within 90 s:\n${out}\n${err}`))), 90_000);
    child.stderr!.on('data', (c) => {
      err += c;
    });
    child.stdout!.on('data', (c) => {
      out += c;
      const lines = out.split('\n');
      const at = lines.findIndex((l) => /^http:\/\/127\.0\.0\.1:\d+\/#token=/.test(l));
      if (at >= 0) {
        clearTimeout(timer);
        stop(() => done(lines.slice(0, at)));
      }
    });
    child.once('exit', (code) => {
      if (!out.includes('#token=')) {
        clearTimeout(timer);
        fail(new Error(`start.mjs exited ${code}:\n${out}\n${err}`));
      }
    });
  });
}

describe("npm start without Electron's runtime", () => {
  it('says once why the runtime could not be fetched, never "Fetching" for a host it cannot reach, and opens the browser', async () => {
    const env = { ELECTRON_MIRROR: 'https://punchcard-no-such-host.invalid/electron/' };
    const first = await start(env);
    expect(first).toEqual([
      "Electron's runtime could not be fetched: no network to the download host (punchcard-no-such-host.invalid: its name cannot be found). Starting Punchcard in your browser instead.",
    ]);
    // the next start remembers it: no new attempt, the same reason, and how to try again
    const second = await start(env);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatch(
      /^Electron's runtime could not be fetched: no network to the download host \(punchcard-no-such-host\.invalid: its name cannot be found\) \(tried \w{3} \d{1,2} \w{3} \d\d:\d\d; `npm start -- --fetch-electron` tries again\)\. Starting Punchcard in your browser instead\.$/,
    );
    expect([...first, ...second].join('\n')).not.toContain('Fetching');
  }, 200_000);

  it('--fetch-electron tries again now, and names a download host that refuses', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const lines = await start({ ELECTRON_MIRROR: `http://127.0.0.1:${port}/` }, ['--fetch-electron']);
    expect(lines).toEqual([
      "Electron's runtime could not be fetched: the download host (127.0.0.1) refused the connection. Starting Punchcard in your browser instead.",
    ]);
  }, 120_000);
});
