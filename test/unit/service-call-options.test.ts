/**
 * Per-call options passed explicitly (`CallOptions`, the last parameter of every client method; `narrowCall` in
 * src/core/service/http/call-options.ts): a deadline or an AbortSignal ends a request in flight against a server that
 * accepts the connection and never answers, and the user is told which it was (out of time, or stopped); one value
 * made with `narrowCall` bounds several calls by one deadline; a call made without options keeps the policy's timeout
 * whatever other calls around it were given.
 * @inner src/core/service/pacing/policy.ts
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, NetworkError, deadlineIn, narrowCall, untilAborted, type ClientPolicy } from '../../src/core/service';
import { ACTION_WRITE, DEFAULT_POLICY, SANDBOX_POLICY, writeTimeoutOf } from '../../src/core/service/pacing/policy';
import { testClock, type TestClock } from '../fixtures/test-timers';

let server: net.Server | undefined;
const sockets = new Set<net.Socket>();
/**
 * Requests received, and how many of their connections the client closed (a request given up ends its socket).
 * Counted by request, not by connection: fetch may open a spare connection that carries nothing.
 */
let accepted = 0;
let closedByClient = 0;
// Node loads its HTTP client on the first fetch (50-150 ms, far more while other test files keep the cores busy): done
// once here, so the deadlines of a few hundred ms below measure the calls and not that loading.
beforeAll(async () => {
  await fetch('http://127.0.0.1:1').catch(() => undefined);
});
afterEach(async () => {
  const done = new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  for (const s of sockets) s.destroy();
  sockets.clear();
  await done;
  server = undefined;
  accepted = 0;
  closedByClient = 0;
});

/** A real server that accepts every connection, reads the request, and never answers a byte. */
async function blackHole(): Promise<string> {
  server = net.createServer((socket) => {
    let asked = false;
    sockets.add(socket);
    // read and never answered
    socket.on('data', () => {
      if (!asked) {
        asked = true;
        accepted++;
      }
    });
    socket.on('close', () => {
      if (asked) closedByClient++;
      sockets.delete(socket);
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The client on a test clock (test/fixtures/test-timers.ts): its timeouts and deadlines run out when the test advances
 * the clock, not before, so each test says to the millisecond when a call ends. The black hole is a real socket.
 */
let clock: TestClock;
beforeEach(() => {
  clock = testClock(0);
});
const client = (url: string, policy: Partial<ClientPolicy> = {}) =>
  createServiceClient({
    baseUrl: url,
    getToken: async () => 't',
    clock,
    policy: { ...SANDBOX_POLICY, timeoutMs: 30_000, backoffBaseMs: 1, ...policy },
  });
const entry = { user: 'u@x.test', workDate: '2026-01-05', hours: '01:00', jobName: 'J' };
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as NetworkError,
  );
/**
 * Waits (up to `ms` of real time) for something a real socket does: the request arriving, its connection closing. It
 * goes on the moment it holds; the bound is only for a state that never comes, far above what a loaded machine takes
 * (2 s ran out on one with every core busy).
 */
const until = async (ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  // kept: a poll of a socket's state, bounded by `end`, naming what it waited for
  while (!ok()) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms in vain for ${ok.toString()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};
/** Rejects after `ms` of real time, naming what did not come. */
const failAfter = (ms: number, what: string) =>
  new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`waited ${ms} ms in vain for ${what}`)), ms).unref());
/** How a call stands: 'pending' until it settles. */
function watched(p: Promise<unknown>): { state: () => string } {
  let state = 'pending';
  p.then(
    () => (state = 'answered'),
    () => (state = 'failed'),
  );
  return { state: () => state };
}
/** A few turns of the event loop: an abort that fired has reached the call's promise. */
const settleIo = () => new Promise((r) => setImmediate(r)).then(() => new Promise((r) => setImmediate(r)));

describe('a deadline', () => {
  it('ends a read in flight at its deadline and not a millisecond before, no retries inside, said as "did not answer in time"', async () => {
    const c = client(await blackHole());
    const read = c.settings({ withinMs: 300, readRetries: 0 });
    const seen = watched(read);
    await until(() => accepted === 1);
    await clock.advance(299);
    await settleIo();
    expect(seen.state()).toBe('pending');
    await clock.advance(1);
    const err = await failure(read);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ kind: 'timeout', inPlainWords: 'the service did not answer in time' });
    expect(err.message).toBe("The service did not answer in time while reading your company's settings. Nothing was changed.");
    expect(accepted).toBe(1);
    await until(() => closedByClient === 1);
    expect(closedByClient).toBe(1); // the request was ended, not left hanging
  });

  it('takes an absolute deadline on the clock the same way (deadlineIn)', async () => {
    const c = client(await blackHole());
    const read = c.settings({ deadline: deadlineIn(clock, 300), readRetries: 0 });
    const seen = watched(read);
    await until(() => accepted === 1);
    await clock.advance(299);
    await settleIo();
    expect(seen.state()).toBe('pending');
    await clock.advance(1);
    expect(await failure(read)).toMatchObject({ name: 'NetworkError', kind: 'timeout' });
  });

  it('holds one deadline for every call given the same narrowed options: the second call is not sent', async () => {
    const c = client(await blackHole());
    const action = narrowCall(clock, { withinMs: 300, readRetries: 0 });
    const first = failure(c.settings(action));
    await until(() => accepted === 1);
    await clock.advance(300);
    expect((await first).kind).toBe('timeout');
    const second = await failure(c.allJobs({}, action));
    expect(second).toMatchObject({ kind: 'timeout', applied: 'no' });
    expect(second.message).toBe('Gave up before reading the job list: no time was left (it took too long). Nothing was sent.');
    expect(accepted).toBe(1);
  });

  it("is not inherited: a write started as a bounded read fails ends at the policy's write timeout, not the read's deadline", async () => {
    const c = client(await blackHole());
    let write: { state: () => string } | undefined;
    // the sync engine woken by a read's failure: its write has no deadline but the policy's write timeout (10 s)
    const read = c.settings({ withinMs: 200, readRetries: 0 }).catch(() => {
      write = watched(c.addTimeLog(entry));
    });
    await until(() => accepted === 1);
    await clock.advance(200);
    await read;
    await until(() => accepted === 2);
    expect(writeTimeoutOf({ ...SANDBOX_POLICY, timeoutMs: 30_000 })).toBe(10_000);
    await clock.advance(10_000 - 1);
    await settleIo();
    expect(write!.state()).toBe('pending');
    await clock.advance(1);
    await until(() => write!.state() !== 'pending');
    expect(write!.state()).toBe('failed');
  });

  it("gives a write up after the policy's writeTimeoutMs, sooner than a read's timeoutMs, as maybe applied", async () => {
    const c = client(await blackHole(), { writeTimeoutMs: 300 });
    const write = failure(c.addTimeLog(entry));
    await until(() => accepted === 1);
    await clock.advance(300);
    expect(await write).toMatchObject({ name: 'NetworkError', applied: 'unknown', kind: 'timeout' });
    // a read keeps the longer timeout: pending until its 30 s (no retry after it, so its end is seen)
    const read = watched(c.settings({ readRetries: 0 }));
    await until(() => accepted === 2);
    await clock.advance(30_000 - 1);
    await settleIo();
    expect(read.state()).toBe('pending');
    await clock.advance(1);
    await until(() => read.state() !== 'pending');
    expect(read.state()).toBe('failed');
  });

  it('bounds a user action that writes (ACTION_WRITE): the write within 7 s, the whole action within 12 s', () => {
    expect(ACTION_WRITE).toMatchObject({ withinMs: 12_000, timeoutMs: 7_000, readRetries: 0 });
    expect(writeTimeoutOf(DEFAULT_POLICY)).toBe(10_000);
    expect(writeTimeoutOf({ ...DEFAULT_POLICY, timeoutMs: 1_500 })).toBe(1_500); // never above the request timeout
  });
});

describe('an AbortSignal', () => {
  it('aborts a read in flight, ends its connection, and the user reads that it was stopped', async () => {
    const c = client(await blackHole());
    const stop = new AbortController();
    const read = failure(c.settings({ signal: stop.signal, readRetries: 0 }));
    await until(() => accepted === 1);
    stop.abort();
    // the test clock does not move, so the read's 30 s timeout never comes: only the abort can end it (bounded in real
    // time only so that a read the abort did not end fails by name, far above what a loaded machine takes)
    const err = await Promise.race([read, failAfter(10_000, 'the read to end on the abort')]);
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'cancelled', inPlainWords: 'it was stopped before the service answered' });
    expect(err.message).toBe(
      "Stopped while reading your company's settings: it was cancelled before the service answered. Nothing was changed.",
    );
    await until(() => closedByClient === 1);
    expect(closedByClient).toBe(1);
  });

  it('aborts a write in flight as maybe applied (settled like a lost answer, never re-sent blindly)', async () => {
    const c = client(await blackHole());
    const stop = new AbortController();
    const write = failure(c.addTimeLog(entry, { signal: stop.signal }));
    await until(() => accepted === 1);
    stop.abort();
    const err = await write;
    expect(err).toMatchObject({ name: 'NetworkError', kind: 'cancelled', applied: 'unknown' });
    expect(err.message).toMatch(
      /^Stopped while sending a new log: it was cancelled before the service answered\. It may or may not have been applied\.$/,
    );
    expect(accepted).toBe(1); // not sent again
  });

  it('sends nothing when it was aborted before the call', async () => {
    const c = client(await blackHole());
    const stop = new AbortController();
    stop.abort();
    const err = await failure(c.addTimeLog(entry, { signal: stop.signal }));
    expect(err).toMatchObject({ kind: 'cancelled', applied: 'no' });
    expect(err.message).toBe('Stopped before sending a new log: it was cancelled. Nothing was sent.');
    expect(accepted).toBe(0);
  });

  it("stops one caller's wait for a shared answer without ending the work (untilAborted)", async () => {
    let finish!: (v: string) => void;
    const shared = new Promise<string>((r) => {
      finish = r;
    });
    const stop = new AbortController();
    const mine = failure(untilAborted(shared, stop.signal));
    stop.abort();
    expect(await mine).toMatchObject({ name: 'NetworkError', kind: 'cancelled', applied: 'no' });
    finish('the answer');
    expect(await shared).toBe('the answer');
  });
});

describe('narrowCall', () => {
  it('narrows every limit and never widens one: earliest deadline, shortest attempt, fewest retries, any signal', () => {
    const a = new AbortController();
    const b = new AbortController();
    const soon = deadlineIn(clock, 1_000);
    const call = narrowCall(clock, { withinMs: 60_000, timeoutMs: 7_000, readRetries: 2, signal: a.signal }, undefined, {
      deadline: soon,
      timeoutMs: 9_000,
      readRetries: 0,
      signal: b.signal,
    });
    expect(call.deadline).toBe(soon);
    expect(call).toMatchObject({ timeoutMs: 7_000, readRetries: 0 });
    expect(call.withinMs).toBeUndefined(); // counted into the deadline once, here
    expect(call.signal!.aborted).toBe(false);
    b.abort();
    expect(call.signal!.aborted).toBe(true);
    expect(narrowCall(clock)).toEqual({});
  });
});
