/**
 * `punch` (a child process) on networks that fail the way real ones do: its service address is
 * `http://sandbox.punch.test:<port>` (the test DNS, test/tools/test-dns.mjs, preloaded through NODE_OPTIONS) in front
 * of the fault proxy (test/tools/fault-proxy.ts) in front of the sandbox. DNS down and a Wi-Fi sign-in page are told
 * apart in plain words (and a gateway's error page from both), a reset is named at once; `log` still records; `sync` afterwards puts each entry on the service exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import { FaultProxy } from '../tools/fault-proxy';
import { childDnsEnv, setChildDnsDown, testHostUrl } from '../tools/test-dns-switch';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
let proxy: FaultProxy;
let dir: string;
let downFile: string;
let jobId: string;
let env: Record<string, string>;

beforeAll(async () => {
  w = await startCliWorld();
  proxy = await FaultProxy.start(w.sandbox.url);
  dir = mkdtempSync(join(tmpdir(), 'punch-cli-net-'));
  downFile = join(dir, 'dns-down');
  env = { PUNCH_BASE_URL: testHostUrl(proxy.port), ...childDnsEnv(downFile) };
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
});
afterAll(async () => {
  await proxy?.close();
  await w?.close();
  rmSync(dir, { recursive: true, force: true });
});

const onService = (description: string) => w.sandbox.state().timeLogs.filter((l) => l.description === description);
const sheetId = () => w.sandbox.state().timesheets[0].timesheetId;

// each `punch` is a node + tsx start (seconds on a loaded machine); a test runs three or four of them
describe('punch when the network is not what it seems', { timeout: 90_000 }, () => {
  it('reaches the service through the test host name (and keeps the job list, as the app does)', async () => {
    const r = await w.punch(['jobs'], { env });
    expect(r.code).toBe(0);
    expect(proxy.counts().seen).toBeGreaterThan(0);
  });

  it('DNS down: exit 2 naming DNS for a read; `log` is queued; nothing reached the proxy', async () => {
    setChildDnsDown(downFile, true);
    proxy.resetCounts();
    try {
      const read = await w.punch(['timesheet', sheetId()], { env });
      expect(read.code).toBe(2);
      expect(read.stderr).toMatch(/could not be found \(DNS\)/);
      const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 90);
      const logged = await w.punchJson<LogResult>(
        ['log', '--job', jobId, '--date', day, '--hours', '00:45', '--description', 'logged while DNS was down'],
        { env },
      );
      expect(logged.code, logged.stderr).toBe(0);
      expect(logged.value.state).toBe('queued');
      expect(proxy.counts().seen).toBe(0);
    } finally {
      setChildDnsDown(downFile, false);
    }
    const sync = await w.punch(['sync'], { env });
    expect(sync.code).toBe(0);
    expect(onService('logged while DNS was down')).toHaveLength(1);
  });

  it('a Wi-Fi sign-in page: exit 2 saying so, never taken for data; an add behind it is sent once afterwards', async () => {
    await proxy.setMode('captive-portal');
    try {
      const read = await w.punch(['timesheet', sheetId()], { env });
      expect(read.code).toBe(2);
      expect(read.stderr).toMatch(
        /^punch: Something other than the service answered while reading a timesheet \(a web page\): a login page or proxy \(Wi-Fi sign-in\?\)\./,
      );
      const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 95);
      const logged = await w.punchJson<LogResult>(
        ['log', '--job', jobId, '--date', day, '--hours', '00:35', '--description', 'logged behind a portal'],
        { env },
      );
      expect(logged.code, logged.stderr).toBe(0);
      expect(onService('logged behind a portal')).toHaveLength(0);
    } finally {
      await proxy.setMode('pass');
    }
    // the add may have reached the service as far as punch knows: the list (read now) shows it did not, so it is sent
    const sync = await w.punch(['sync'], { env });
    expect(sync.code, sync.stderr).toBe(0); // exit 0: nothing left in the outbox
    expect(onService('logged behind a portal')).toHaveLength(1);
  });

  it("a gateway's error page (HTML, 502): `punch status` names the gateway, not a Wi-Fi sign-in, and says to try later", async () => {
    await proxy.setMode('html-502');
    try {
      const status = await w.punchJson<{ online: boolean; network: { cause: string; httpStatus?: number } }>(['status'], { env });
      expect(status.code, status.stderr).toBe(2);
      // the cause keeps its value (scripts read it); the page's status says which kind of page it was
      expect(status.value.network).toMatchObject({ cause: 'not-the-service', httpStatus: 502 });
      expect(status.value.online).toBe(false);
      expect(status.stderr).toMatch(
        /^punch: the service cannot be used now: a server in front of the service answered with an error page\./,
      );
      expect(status.stderr).toMatch(/try again in a few minutes/);
      expect(status.stderr).not.toMatch(/Wi-Fi/);
      const read = await w.punch(['timesheet', sheetId()], { env });
      expect(read.code).toBe(2);
      expect(read.stderr).toMatch(/^punch: A server in front of the service answered with an error page while reading a timesheet/);
    } finally {
      await proxy.setMode('pass');
    }
  });

  it('every connection reset after the request: a first `punch status` says the connection was cut off (not "no network"), exits 2, never "not checked yet"', async () => {
    // A new process has never had an answer from the service: a reset is its measure, not a kept-alive connection's
    // staleness to confirm later (the confirmation read would finish after the status had printed "not checked yet").
    // The connection was made and the request sent: the network worked, so "no network" would send the user to check
    // a cable that is fine.
    await proxy.setMode('reset-before');
    try {
      const status = await w.punchJson<{ online: boolean; network: { cause: string; cutOff?: boolean } }>(['status'], { env });
      expect(status.code, status.stderr).toBe(2);
      // the cause keeps its value (scripts read it); cutOff says how the connection failed
      expect(status.value.network).toMatchObject({ cause: 'offline-no-network', cutOff: true });
      expect(status.value.online).toBe(false);
      expect(status.stderr).toMatch(/^punch: the service cannot be used now: the connection to the service was cut off/);
      expect(status.stderr).toMatch(/The network may be fine/);
      expect(status.stderr).not.toMatch(/no network/);
      expect(proxy.counts().byMode['reset-before'] ?? 0).toBeGreaterThan(0);
    } finally {
      await proxy.setMode('pass');
    }
  });

  it('an answer cut off halfway: `punch status` says the connection was cut off, and a read says so too', async () => {
    await proxy.setMode('truncated');
    try {
      const status = await w.punchJson<{ online: boolean; network: { cause: string; cutOff?: boolean } }>(['status'], { env });
      expect(status.code, status.stderr).toBe(2);
      expect(status.value.network).toMatchObject({ cause: 'offline-no-network', cutOff: true });
      expect(status.stderr).toMatch(/^punch: the service cannot be used now: the connection to the service was cut off/);
      expect(status.stderr).not.toMatch(/no network/);
      const read = await w.punch(['timesheet', sheetId()], { env });
      expect(read.code).toBe(2);
      expect(read.stderr).toMatch(/^punch: The service's answer was cut off while reading a timesheet/);
      expect(read.stderr).not.toMatch(/no network/);
      expect(proxy.counts().byMode.truncated ?? 0).toBeGreaterThan(0);
    } finally {
      await proxy.setMode('pass');
    }
  });
});
