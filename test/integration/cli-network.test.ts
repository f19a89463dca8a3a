/**
 * `punch` when the network misbehaves: a black hole (a server that accepts connections and never answers) with a
 * cold cache, an invalid token, an unknown host. `punch log` waits on the service at most 15 s and says what happened; `punch
 * status` measures the connection, names the cause in words and exits 2 unless the service can be used
 * (docs/cli.md). Real processes, real sockets.
 */
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { AppStatus, OutboxEntry } from '../../src/shared/domain';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { FaultProxy } from '../tools/fault-proxy';
import { freeDay, runPunch } from '../fixtures/cli-harness';

/*
 * The black hole is the fault proxy (test/tools/fault-proxy.ts) in front of the sandbox: in `blackhole` mode it
 * accepts every connection, reads the request and never answers; in `pass` mode it forwards as a reverse proxy does,
 * naming the service's own host and port. (A bare TCP pipe would carry the proxy's port in the Host header, which the
 * demo service refuses: it answers only to its own address.)
 */
let sandbox: Sandbox;
let hole: FaultProxy;
let dataDir: string;
let jobName: string;
beforeAll(async () => {
  sandbox = await startSandbox();
  hole = await FaultProxy.start(sandbox.url);
  await hole.setMode('blackhole');
  dataDir = mkdtempSync(join(tmpdir(), 'punch-net-'));
  jobName = sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sandbox.demoUser))!.jobName;
});
afterAll(async () => {
  await hole?.close();
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const env = (over: Record<string, string> = {}) => ({
  PUNCH_BASE_URL: hole.url,
  PUNCH_TOKEN: sandbox.demoToken,
  PUNCH_USER: sandbox.demoUser,
  PUNCH_DATA_DIR: dataDir,
  XDG_CONFIG_HOME: join(dataDir, 'xdg'),
  ...over,
});
/**
 * Runs punch and measures how long it waited on the black hole: from its first request's arrival to the moment it gave
 * up on its last (closed the connection), the span its own deadlines bound. Its start-up and its work around the
 * requests are not this test's subject, and a busy machine stretches them (a whole run took 25 s at load 17, while
 * its wait on the service was what it is on an idle one), so the whole run is not the measure.
 */
const timed = async (args: string[], e = env()) => {
  const before = hole.log().length;
  const started = Date.now();
  const r = await runPunch(args, e);
  const wholeRunMs = Date.now() - started;
  // the proxy hears each connection close a moment after punch has ended
  await hole.until((log) => log.slice(before).every((x) => x.mode !== 'blackhole' || x.closedAt !== undefined), 10_000);
  const held = hole
    .log()
    .slice(before)
    .filter((x) => x.mode === 'blackhole');
  const waitedMs = held.length === 0 ? 0 : Math.max(...held.map((x) => x.closedAt!)) - Math.min(...held.map((x) => x.at));
  return { ...r, held: held.length, seconds: waitedMs / 1000, wholeRun: wholeRunMs / 1000 };
};

describe('punch under a black hole, cold cache', () => {
  let day: string;

  it('log gives up on the service within 15 s, queued, saying why and that the rules are checked before sending', async () => {
    day = freeDay(sandbox.state(), sandbox.demoUser, 150);
    const r = await timed(['log', '--job-name', jobName, '--date', day, '--hours', '01:30', '--description', 'black hole']);
    console.log(
      `punch log under a black hole, cold cache: waited ${r.seconds.toFixed(1)} s on ${r.held} requests (the whole run ${r.wholeRun.toFixed(1)} s)`,
    );
    expect(r.held).toBeGreaterThan(0); // it did ask the service (the wait measured is a real one)
    expect(r.seconds).toBeLessThan(15);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('queued');
    expect(lines[1]).toMatch(
      new RegExp(
        `^Queued \\(the service does not answer\\): 01:30 on \\w{3} \\d+ \\w{3}, ${jobName}\\. It will be sent when the service is reachable; \`punch sync\` sends it now\\.$`,
      ),
    );
    expect(r.stdout).toContain("The company's rules could not be read yet, so it is checked against them before it is sent.");
  }, 90_000);

  it('log by a job id no cached list knows gives up on the service within 15 s and is queued too (the job is checked before sending)', async () => {
    const r = await timed([
      'log',
      '--job',
      '999999999999999999',
      '--date',
      day,
      '--hours',
      '00:15',
      '--description',
      'unknown job',
      '--json',
    ]);
    expect(r.held).toBeGreaterThan(0);
    expect(r.seconds).toBeLessThan(15);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout) as LogResult).toMatchObject({ state: 'queued', unchecked: true });
  }, 90_000);

  it('status measures within 15 s: exit 2, "the service does not answer"', async () => {
    const r = await timed(['status']);
    expect(r.held).toBeGreaterThan(0);
    expect(r.seconds).toBeLessThan(15);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/Connection:\s+not reachable: the service does not answer/);
    expect(r.stderr).toMatch(/^punch: the service cannot be used now: the service does not answer\./);
  }, 90_000);

  it('the entries wait plainly queued (never sent, nothing ambiguous), and are checked and sent once the service answers', async () => {
    const outbox = JSON.parse((await runPunch(['outbox', '--json'], env())).stdout) as OutboxEntry[];
    expect(outbox.map((e) => [e.state, e.unchecked, e.maybeSent])).toEqual([
      ['queued', true, undefined],
      ['queued', true, undefined],
    ]);
    expect(sandbox.requests().filter((x) => x.method === 'POST')).toEqual([]);

    await hole.setMode('pass');
    const sync = await runPunch(['sync'], env());
    expect(sync.code).toBe(3); // the unknown job is refused by the company's rules, with their words
    const after = JSON.parse((await runPunch(['outbox', '--json'], env())).stdout) as OutboxEntry[];
    const refused = after.find((e) => e.state === 'needs-attention')!;
    expect(refused.message).toMatch(
      /^Not sent: your company's rules could not be checked when this time was logged, and it breaks them\. Job: that job is not in your job list/,
    );
    expect(refused.field).toBe('job'); // the Fix form opens on the job
    expect(refused.resolutions).toEqual(['fix', 'retry', 'discard']);
    expect(sandbox.state().timeLogs.filter((l) => l.description === 'black hole')).toHaveLength(1);
    expect(sandbox.state().timeLogs.filter((l) => l.description === 'unknown job')).toHaveLength(0);
    await hole.setMode('blackhole');
  }, 60_000);
});

describe('punch status names the cause', () => {
  it('online: exit 0', async () => {
    const r = await runPunch(['status', '--json'], env({ PUNCH_BASE_URL: sandbox.url }));
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as AppStatus).network).toMatchObject({ cause: 'online' });
  }, 30_000);

  it('an invalid token: token-rejected, "sign in again", exit 2', async () => {
    const r = await runPunch(['status'], env({ PUNCH_BASE_URL: sandbox.url, PUNCH_TOKEN: 'not-a-valid-token' }));
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/Connection:\s+the service rejected the sign-in: sign in again/);
    expect(r.stderr).toMatch(/Sign in again: `punch login/);
  }, 30_000);

  it('the network works but nothing answers at the service\'s address: "the service is not answering", never "no network"', async () => {
    // a port that was just in use and is closed now: the host answers, refusing (what a stopped service looks like)
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const url = `http://127.0.0.1:${port}`;
    const [human, json] = await Promise.all([
      runPunch(['status'], env({ PUNCH_BASE_URL: url })),
      runPunch(['status', '--json'], env({ PUNCH_BASE_URL: url })),
    ]);
    expect(human.code).toBe(2);
    expect(human.stdout).toMatch(/Connection:\s+not reachable: the service is not answering; the network is fine/);
    expect(human.stderr).toMatch(/^punch: the service cannot be used now: the service is not answering/);
    expect(human.stdout + human.stderr).not.toContain('no network');
    expect(JSON.parse(json.stdout) as AppStatus).toMatchObject({ online: false, network: { cause: 'service-down' } });
  }, 30_000);

  it('an unknown host: offline-dns, exit 2', async () => {
    const r = await runPunch(['status', '--json'], env({ PUNCH_BASE_URL: 'http://punchcard-no-such-host.invalid' }));
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout) as AppStatus).toMatchObject({ online: false, network: { cause: 'offline-dns' } });
  }, 30_000);
});
