/**
 * One web mode per data directory, with real processes: a second `npm run web` on the folder prints where the first
 * runs (its address with the token) and ends with 0; once the first has stopped, the next one serves itself. The demo
 * service inside that web mode (no account) is probed through the address the app reports: it answers no foreign
 * Host and has no admin routes. And the record's edge cases in-process: a crashed first, a process id reused by
 * another program, two starting at the same moment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimWebInstance, INSTANCE_FILE } from '../../src/web/instance';
import { ROOT, webArgv } from '../fixtures/node-bundles';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { cleanEnv, cliClock } from '../fixtures/cli-harness';
import { waitUntil } from '../fixtures/wait-until';

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

interface Web {
  child: ChildProcess;
  lines: () => string[];
  exited: Promise<number | null>;
}

/** `npm run web --no-open` on `dataDir` (its bundle, out/web/web.mjs, as scripts/web.mjs runs it when current). */
function startWeb(dataDir: string): Web {
  const child = spawn(process.execPath, [...webArgv(), '--no-open', '--data-dir', dataDir], {
    cwd: ROOT,
    env: cleanEnv({ TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs()), XDG_CONFIG_HOME: join(dataDir, 'xdg') }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const exited = new Promise<number | null>((r) =>
    child.once('exit', (code) => {
      children.delete(child);
      r(code);
    }),
  );
  return {
    child,
    lines: () =>
      out
        .split('\n')
        .filter(Boolean)
        .concat(err ? [`stderr: ${err}`] : []),
    exited,
  };
}

async function firstLines(web: Web, n: number): Promise<string[]> {
  const deadline = Date.now() + 90_000;
  while (web.lines().filter((l) => !l.startsWith('stderr:')).length < n) {
    if (Date.now() > deadline || web.child.exitCode !== null) throw new Error(`web mode printed: ${web.lines().join('\n')}`);
    await new Promise((r) => setTimeout(r, 50)); // kept: a poll of a child's output, bounded above (90 s), saying what it printed
  }
  return web.lines();
}

async function rpc<T>(url: string, name: string, input: unknown = {}): Promise<T> {
  const u = new URL(url);
  const token = new URLSearchParams(u.hash.slice(1)).get('token');
  const res = await fetch(`${u.origin}/rpc/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${name}: ${body.error?.message}`);
  return body.value;
}

function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end(body);
  });
}

describe('npm run web, twice on one data directory', () => {
  it("second one prints the first one's address and ends with 0; after the first stops, the next serves itself", async () => {
    const dataDir = tempDir('punch-web-once-');
    try {
      const first = startWeb(dataDir);
      const [url] = await firstLines(first, 2);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{40,}$/);
      const record = join(dataDir, INSTANCE_FILE);
      expect(statSync(record).mode & 0o777).toBe(0o600);
      expect(JSON.parse(readFileSync(record, 'utf8'))).toMatchObject({ pid: first.child.pid, url });

      const second = startWeb(dataDir);
      expect(await second.exited).toBe(0);
      const [again, words] = second.lines();
      expect(again).toBe(url);
      expect(words).toMatch(
        new RegExp(
          `^Punchcard is already running for .+ at ${new URL(url).origin} \\(process ${first.child.pid}\\); open the address above\\.$`,
        ),
      );
      // the first is untouched: still serving with its token
      expect((await rpc<unknown[]>(url, 'listJobs')).length).toBeGreaterThan(0);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(record)).toBe(false);
      const third = startWeb(dataDir);
      const [next] = await firstLines(third, 2);
      expect(next).not.toBe(url);
      expect(third.child.exitCode).toBeNull();
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      removeDir(dataDir);
    }
  }, 240_000);

  it('runs the demo service of its data directory with the guard: no foreign Host, no cross-origin write, no admin routes', async () => {
    const dataDir = tempDir('punch-web-demo-');
    try {
      const web = startWeb(dataDir);
      const [url] = await firstLines(web, 2);
      await rpc(url, 'listJobs');
      const account = await rpc<{ kind: string; baseUrl: string }>(url, 'getAccount');
      expect(account.kind).toBe('sandbox');
      const port = Number(new URL(account.baseUrl).port);
      const state = join(dataDir, 'sandbox-state.json');
      const before = readFileSync(state, 'utf8');
      const here = `127.0.0.1:${port}`;
      expect(await raw(port, 'GET', '/api/timetracker/gettimetrackersettings', { host: `evil.example:${port}` })).toBe(421);
      expect(await raw(port, 'GET', '/__sandbox/state', { host: `evil.example:${port}` })).toBe(421);
      expect(await raw(port, 'GET', '/__sandbox/state', { host: here })).toBe(404);
      expect(
        await raw(
          port,
          'POST',
          '/__sandbox/decide',
          { host: here, origin: 'https://evil.example', 'content-type': 'text/plain' },
          '{"timesheetId":"1","decision":"rejected"}',
        ),
      ).toBe(403);
      expect(
        await raw(
          port,
          'POST',
          '/api/timetracker/addtimelog',
          { host: here, origin: 'https://evil.example', 'content-type': 'text/plain' },
          'hours=01:00',
        ),
      ).toBe(403);
      expect(
        await raw(port, 'GET', '/api/timetracker/gettimetrackersettings', {
          host: here,
          authorization: 'Zoho-oauthtoken sandbox-demo-token',
        }),
      ).toBe(401);
      expect(readFileSync(state, 'utf8')).toBe(before);
      web.child.kill('SIGTERM');
      expect(await web.exited).toBe(0);
    } finally {
      removeDir(dataDir);
    }
  }, 240_000);
});

describe('the record of the running web mode', () => {
  /** A process id that is certainly not running: a child that has exited. */
  async function deadPid(): Promise<number> {
    const c = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => c.once('exit', r));
    return c.pid!;
  }

  it('is taken over when its process is gone (a crash) or its address does not answer with its token (a reused id)', async () => {
    const dataDir = tempDir('punch-web-record-');
    const record = join(dataDir, INSTANCE_FILE);
    try {
      writeFileSync(
        record,
        JSON.stringify({ pid: await deadPid(), startedAt: Date.now(), url: 'http://127.0.0.1:9/#token=x', origin: 'http://127.0.0.1:9' }),
      );
      const crashed = await claimWebInstance(dataDir);
      expect(crashed.kind).toBe('mine');
      expect(JSON.parse(readFileSync(record, 'utf8')).pid).toBe(process.pid);

      // a live process that is not a web mode (this test's parent, vitest's own runner) with an address nobody serves
      writeFileSync(
        record,
        JSON.stringify({ pid: process.ppid, startedAt: Date.now(), url: 'http://127.0.0.1:9/#token=x', origin: 'http://127.0.0.1:9' }),
      );
      const reused = await claimWebInstance(dataDir);
      expect(reused.kind).toBe('mine');
      if (reused.kind === 'mine') reused.release();
      expect(existsSync(record)).toBe(false);
    } finally {
      removeDir(dataDir);
    }
  });

  it('makes a second start wait while the first is starting, then point to it', async () => {
    const dataDir = tempDir('punch-web-record-');
    const record = join(dataDir, INSTANCE_FILE);
    try {
      // the first (a live process: the runner) has claimed the folder and is still starting its server
      writeFileSync(record, JSON.stringify({ pid: process.ppid, startedAt: Date.now() }));
      const url = 'http://127.0.0.1:5199/#token=abc';
      const asked: string[] = [];
      // each look at a record still starting reads the clock once (is it starting for too long?)
      let looks = 0;
      const waiting = claimWebInstance(dataDir, {
        answers: async (u) => {
          asked.push(u);
          return true;
        },
        now: () => {
          looks++;
          return Date.now();
        },
      });
      await waitUntil('the claim to look at the starting record twice', () => looks >= 2);
      expect(asked).toEqual([]); // no address yet: it waits rather than starting a second server
      expect(JSON.parse(readFileSync(record, 'utf8')).pid, 'the record still the first one').toBe(process.ppid);
      writeFileSync(record, JSON.stringify({ pid: process.ppid, startedAt: Date.now(), url, origin: 'http://127.0.0.1:5199' }));
      expect(await waiting).toEqual({ kind: 'running', pid: process.ppid, url, origin: 'http://127.0.0.1:5199' });

      // one that stays "starting" too long (hung) is taken over
      writeFileSync(record, JSON.stringify({ pid: process.ppid, startedAt: Date.now() - 120_000 }));
      expect((await claimWebInstance(dataDir, { startingMs: 60_000 })).kind).toBe('mine');
    } finally {
      removeDir(dataDir);
    }
  });
});
