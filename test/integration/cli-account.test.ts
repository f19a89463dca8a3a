/**
 * `punch login` / `logout` (token in the OS keychain, never in a file) and `punch sandbox` (the standalone demo
 * service). The keychain tests need a Secret Service: `npm test` runs vitest inside dbus-run-session with an unlocked
 * gnome-keyring; elsewhere they are skipped with the reason printed.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, AppStatus, Job } from '../../src/shared/domain';
import { punchArgv } from '../fixtures/node-bundles';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

const hasSecretService = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasSecretService) {
  console.warn(
    'cli-account: skipping the login/logout tests: no Secret Service (DBUS_SESSION_BUS_ADDRESS is not set). Run `npm test` to get one.',
  );
}

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

/** No environment account: the CLI must use what `login` stored. */
const NO_ENV = { PUNCH_BASE_URL: undefined, PUNCH_TOKEN: undefined, PUNCH_USER: undefined };

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe.skipIf(!hasSecretService)('punch login and logout', () => {
  it('refuses a token the service does not accept, storing nothing', async () => {
    const r = await w.punch(['login', '--token', 'not-a-valid-token', '--user', w.sandbox.demoUser, '--base-url', w.sandbox.url], {
      env: NO_ENV,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^punch: /);
    expect(r.stderr).not.toContain('not-a-valid-token');
    const status = await w.punchJson<AppStatus>(['status'], { env: NO_ENV });
    expect(status.value.account.kind).toBe('sandbox');
  });

  it('signs in with a token read from stdin; later commands use it; the token is in no file', async () => {
    const token = w.sandbox.issueToken({ user: w.sandbox.demoUser, scopes: ['timetracker.ALL', 'forms.ALL'] });
    const login = await w.punch(['login', '--token', '-', '--user', w.sandbox.demoUser, '--base-url', w.sandbox.url, '--json'], {
      env: NO_ENV,
      stdin: `${token}\n`,
    });
    expect(login.code).toBe(0);
    expect(JSON.parse(login.stdout)).toMatchObject({ kind: 'service', baseUrl: w.sandbox.url, signedIn: true, authMethod: 'token' });

    w.sandbox.resetRequests();
    const jobs = await w.punchJson<Job[]>(['jobs', '--refresh'], { env: NO_ENV });
    expect(jobs.code).toBe(0);
    expect(jobs.value.length).toBeGreaterThan(0);
    expect(w.sandbox.requests().some((r) => r.path.includes('getjobs'))).toBe(true);

    for (const file of filesUnder(w.dataDir)) expect(readFileSync(file, 'utf8')).not.toContain(token);
  });

  it('signs out: back to the built-in sandbox', async () => {
    const human = await w.punch(['logout'], { env: NO_ENV });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Signed out; back to the built-in sandbox\./);
    const status = await w.punchJson<AccountInfo>(['login'], { env: NO_ENV });
    expect(status.value.kind).toBe('sandbox');
  });
});

describe('punch login input checks', () => {
  it('refuses a token without a user or a service address, before asking anything', async () => {
    const [noUser, noUrl] = await Promise.all([
      w.punch(['login', '--token', 'abcdefgh1234'], { env: NO_ENV }),
      w.punch(['login', '--token', 'abcdefgh1234', '--user', 'a@b.c'], { env: NO_ENV }),
    ]);
    expect(noUser.code).toBe(1);
    expect(noUser.stderr).toMatch(/needs --user/);
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toMatch(/needs --base-url URL or --dc DC/);
  });
});

describe('punch sandbox', () => {
  function startStandalone(args: string[]): Promise<{ stdout: string; stop: () => Promise<number | null> }> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, [...punchArgv({ shiftedClock: false }), 'sandbox', ...args], {
        cwd: resolve(__dirname, '../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      const exited = new Promise<number | null>((r) => child.on('close', r));
      child.stdout.on('data', (d) => {
        stdout += d;
        if (/Press Ctrl\+C|\}\s*$/.test(stdout)) {
          done({
            stdout,
            stop: async () => {
              child.kill('SIGTERM');
              return exited;
            },
          });
        }
      });
      child.on('error', fail);
      void exited.then((code) => fail(new Error(`punch sandbox exited early (${code}): ${stdout}`)));
    });
  }

  it('serves the demo service and prints its URL and token (JSON form)', async () => {
    const s = await startStandalone(['--json']);
    const info = JSON.parse(s.stdout) as { url: string; demoToken: string; demoUser: string };
    const res = await fetch(`${info.url}/api/timetracker/getjobs`, { headers: { Authorization: `Zoho-oauthtoken ${info.demoToken}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: unknown[] };
    expect(body.result.length).toBeGreaterThan(0);
    expect(await s.stop()).toBe(0);
  });

  it('listens on the port asked for (human form)', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const s = await startStandalone(['--port', String(port)]);
    // the demo token is random for each run: read it from what punch printed
    const printed = new RegExp(`^Sandbox listening at http://127\\.0\\.0\\.1:${port}\\nDemo token: (sbx-demo-[\\w-]{32})\\n`).exec(
      s.stdout,
    );
    expect(printed, s.stdout).not.toBeNull();
    const res = await fetch(`http://127.0.0.1:${port}/api/timetracker/gettimetrackersettings`, {
      headers: { Authorization: `Bearer ${printed![1]}` },
    });
    expect(res.status).toBe(200);
    const guessed = await fetch(`http://127.0.0.1:${port}/api/timetracker/gettimetrackersettings`, {
      headers: { Authorization: 'Bearer sandbox-demo-token' },
    });
    expect(guessed.status).toBe(401);
    expect(await s.stop()).toBe(0);
  });
});
