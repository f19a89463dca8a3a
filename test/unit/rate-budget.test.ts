/**
 * The budget file shared by every process on a data directory (account/rate-budget.ts) under the limiter
 * (service/pacing/limiter.ts). Several limiters over one file stand for several processes; the clock is injected, so the
 * window math is exact and minutes of pacing take microseconds.
 * @inner src/core/account/rate-budget.ts, src/core/service/pacing/limiter.ts, src/core/service/pacing/budget-record.ts
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountBudget, budgetFile, budgetKeyOf, budgetPathOf, budgetPauses, parseBudget } from '../../src/core/account/rate-budget';
import { pacingFromEnvironment, parseRateRule } from '../../src/core/account';
import { accountKeyOf, RateLimitedError } from '../../src/core/service';
import { createLimiter } from '../../src/core/service/pacing/limiter';
import type { BudgetStore } from '../../src/core/service/pacing/budget-record';
import { wallClock } from '../fixtures/test-timers';
import { waitUntil } from '../fixtures/wait-until';

const ADD = 'timetracker/addtimelog';
const rule = { limit: 3, windowMs: 10_000 };
const account = { kind: 'service', baseUrl: 'https://people.example.test/people', user: 'maya@example.test' } as const;

let dir: string;
let path: string;
let t: number;
const now = () => t;
const sleeps: number[] = [];
const sleep = async (ms: number) => {
  sleeps.push(ms);
  t += ms;
};

/** One "process": its own limiter over the shared file. */
const processOn = (budget: BudgetStore, extra: { inFlightMaxMs?: number; maxWaitMs?: number } = {}) =>
  createLimiter({ clock: { ...wallClock(now), sleep }, maxPauseWaitMs: 10_000, budget, ...extra });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'punch-budget-'));
  path = budgetPathOf(dir, budgetKeyOf(account));
  t = 1_700_000_000_000;
  sleeps.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the shared budget file', () => {
  it('lets several processes together start at most the limit within any window', async () => {
    const budget = () => budgetFile(path, { now });
    const procs = [processOn(budget()), processOn(budget()), processOn(budget())];
    const starts: number[] = [];
    // round robin: each "process" sends in turn, every request takes 200 ms
    for (let i = 0; i < 12; i++) {
      const slot = await procs[i % 3].acquire(ADD, rule);
      starts.push(t);
      t += 200;
      slot.done();
    }
    for (let i = rule.limit; i < starts.length; i++) {
      // request i starts only after request i-3 ENDED one window ago, whichever process sent either
      expect(starts[i] - (starts[i - rule.limit] + 200)).toBeGreaterThanOrEqual(rule.windowMs);
    }
    expect(starts[2] - starts[0]).toBeLessThan(1_000); // the first three go at once
  });

  it('keeps a place of another process while its request is in flight, and counts it from its answer', async () => {
    const a = processOn(budgetFile(path, { now }));
    const one = { limit: 1, windowMs: 1_000 };
    const slot = await a.acquire(ADD, one);
    t += 5_000; // a's request is slow
    // b cannot know when a's answer comes: it waits a window at a time; a's answer arrives during b's second wait
    const bSleeps: number[] = [];
    let answeredAt = 0;
    const b = createLimiter({
      maxPauseWaitMs: 10_000,
      budget: budgetFile(path, { now }),
      clock: {
        ...wallClock(now),
        sleep: async (ms) => {
          bSleeps.push(ms);
          t += ms;
          if (bSleeps.length === 2) {
            slot.done();
            answeredAt = t;
          }
        },
      },
    });
    const s = await b.acquire(ADD, one);
    expect(bSleeps.slice(0, 2)).toEqual([1_005, 1_005]);
    expect(t).toBeGreaterThanOrEqual(answeredAt + 1_000);
    expect(t).toBeLessThan(answeredAt + 1_100);
    s.done();
  });

  it('queues waiting processes first come first served, each sleeping until its own place frees (no herd)', async () => {
    const a = processOn(budgetFile(path, { now }));
    const answers: number[] = [];
    for (let i = 0; i < rule.limit; i++) {
      const slot = await a.acquire(ADD, rule);
      t += 1_000;
      answers.push(t);
      slot.done();
    }
    const held: Array<{ ms: number; wake: () => void }> = [];
    const waiter = () =>
      createLimiter({
        maxPauseWaitMs: 10_000,
        budget: budgetFile(path, { now }),
        clock: {
          ...wallClock(now),
          sleep: (ms) =>
            new Promise<void>((wake) => {
              held.push({ ms, wake });
            }),
        },
      });
    let bGot = false;
    const b = waiter()
      .acquire(ADD, rule)
      .then((slot) => {
        bGot = true;
        return slot;
      });
    // each waiter's sleep is the event it is waiting (a fixed 5 ms pause raced the file lock on a busy machine)
    await waitUntil('the first waiter to sleep', () => held.length === 1);
    const c = waiter().acquire(ADD, rule);
    await waitUntil('the second waiter to sleep', () => held.length === 2);
    // b waits for the first place to free, c for the second: different times, so they do not wake together
    expect(held.map((h) => h.ms)).toEqual([answers[0] + rule.windowMs + 5 - t, answers[1] + rule.windowMs + 5 - t]);
    expect(parseBudget(readFileSync(path, 'utf8'))?.endpoints[ADD].waiting).toHaveLength(2);
    // the first place frees: a newcomer does not jump the queue...
    t = answers[0] + rule.windowMs + 5;
    const newcomer = await processOn(budgetFile(path, { now }))
      .acquire(ADD, rule, { maxWaitMs: 0 })
      .catch((e: unknown) => e);
    expect(newcomer).toBeInstanceOf(RateLimitedError);
    expect(bGot).toBe(false);
    // ...the first waiter gets it
    held[0].wake();
    (await b).done();
    expect(parseBudget(readFileSync(path, 'utf8'))?.endpoints[ADD].waiting).toHaveLength(1);
    t = answers[1] + rule.windowMs + 5;
    held[1].wake();
    (await c).done();
    expect(parseBudget(readFileSync(path, 'utf8'))?.endpoints[ADD].waiting).toBeUndefined();
  });

  it('closes the place of a process that died before its answer (counted from when that was seen)', async () => {
    mkdirSync(dirname(path), { recursive: true });
    // pid 2^22 + 1 is above Linux's pid_max: surely not running
    writeFileSync(
      path,
      JSON.stringify({ v: 1, endpoints: { [ADD]: { places: [{ at: t - 60_000, open: '4194305:1:1' }], windowMs: 1_000 } } }),
    );
    const p = processOn(budgetFile(path, { now }));
    const seenAt = t;
    (await p.acquire(ADD, { limit: 1, windowMs: 1_000 })).done();
    expect(t - seenAt).toBeGreaterThanOrEqual(1_000); // not forever, but not a burst either
    expect(t - seenAt).toBeLessThan(1_100);
  });

  it('keeps the place of a process that died before its answer until its request could no longer be admitted', async () => {
    mkdirSync(dirname(path), { recursive: true });
    // sent 10 s ago by a process now dead (pid above Linux's pid_max): its request may still sit in the service's socket
    writeFileSync(
      path,
      JSON.stringify({ v: 1, endpoints: { [ADD]: { places: [{ at: t - 10_000, open: '4194305:1:1' }], windowMs: 1_000 } } }),
    );
    const p = processOn(budgetFile(path, { now }), { inFlightMaxMs: 35_000 });
    const seenAt = t;
    (await p.acquire(ADD, { limit: 1, windowMs: 1_000 })).done();
    // counted as answered 35 s after it was sent (25 s from now), free one window later; not closed when seen dead
    expect(t - seenAt).toBeGreaterThanOrEqual(26_000);
    expect(t - seenAt).toBeLessThan(27_100);
  });

  it('keeps the place of a request that ended without an answer (timeout, abort) as in flight, not closed at its end', async () => {
    const a = processOn(budgetFile(path, { now }), { inFlightMaxMs: 20_000 });
    const b = processOn(budgetFile(path, { now }), { inFlightMaxMs: 20_000 });
    const sentAt = t;
    const slot = await a.acquire(ADD, { limit: 1, windowMs: 1_000 });
    t += 500;
    slot.done({ unanswered: true });
    // the other process waits until the place can no longer be counted late (sent + 20 s) and one window more
    (await b.acquire(ADD, { limit: 1, windowMs: 1_000 })).done();
    expect(t - sentAt).toBeGreaterThanOrEqual(21_000);
    // an answered request frees its place one window after the answer, as ever
    const answeredAt = t;
    (await b.acquire(ADD, { limit: 1, windowMs: 1_000 })).done();
    expect(t - answeredAt).toBeLessThan(1_100);
  });

  it('counts a place in flight longer than a request can take as answered at that limit', async () => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, JSON.stringify({ v: 1, endpoints: { [ADD]: { places: [{ at: t - 40_000, open: `${process.pid}:999:1` }] } } }));
    const p = processOn(budgetFile(path, { now }), { inFlightMaxMs: 35_000 });
    const before = t;
    (await p.acquire(ADD, { limit: 1, windowMs: 10_000 })).done();
    // answered (at the latest) at -5 s: free 10 s later
    expect(t - before).toBeGreaterThanOrEqual(5_000);
    expect(t - before).toBeLessThan(5_100);
  });

  it('treats a damaged file as a full window (never a burst after losing the record) and rewrites it', async () => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{"v":1,"endpoints":{"timetracker/addtim');
    const p = processOn(budgetFile(path, { now }));
    const before = t;
    (await p.acquire(ADD, rule)).done();
    expect(t - before).toBeGreaterThanOrEqual(rule.windowMs);
    const rewritten = parseBudget(readFileSync(path, 'utf8'));
    expect(rewritten?.lostAt).toBe(before);
    expect(rewritten?.endpoints[ADD].places).toHaveLength(1);
    // a cache of pacing, not user data: nothing kept aside, no damage report
    expect(existsSync(join(dir, 'damaged'))).toBe(false);
    // after that one window, the remembered loss no longer holds anything back
    const t1 = t;
    (await p.acquire(ADD, rule)).done();
    (await p.acquire(ADD, rule)).done();
    expect(t).toBe(t1);
  });

  it('is owner-only, replaced whole, and leaves no temp files', async () => {
    const p = processOn(accountBudget(dir, account, now));
    for (let i = 0; i < 3; i++) (await p.acquire(ADD, rule)).done();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dirname(path))).toEqual([path.split('/').pop()]);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ v: 1, account: budgetKeyOf(account) });
  });

  it('never brings back a data directory that was removed (a late answer after close): nothing is written', async () => {
    const p = processOn(budgetFile(path, { now }));
    const slot = await p.acquire(ADD, rule);
    rmSync(dir, { recursive: true, force: true });
    slot.done();
    p.pause(ADD, 1_000);
    expect(existsSync(dir)).toBe(false);
  });

  it('a pause recorded by one process holds every other: it fails fast, saying until when, and sends nothing', async () => {
    const a = processOn(budgetFile(path, { now }));
    const b = processOn(budgetFile(path, { now }));
    a.pause(ADD, 300_000);
    const err = await b.acquire(ADD, rule).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterMs).toBe(300_000);
    expect((err as Error).message).toMatch(
      /^The service asked Punchcard to slow down \(sending a new log\): it can go again in 5 min \(at \d\d:\d\d\)\.$/,
    );
    expect(b.pausedUntil(ADD)).toBe(t + 300_000);
    expect(b.pausedUntil()).toBe(t + 300_000);
    expect(b.pausedUntil('timetracker/getjobs')).toBe(0);
    expect(budgetPauses(dir, account, t)).toEqual({ [ADD]: t + 300_000 });
    // another endpoint goes on
    (await b.acquire('timetracker/getjobs', rule)).done();
    // a short pause is waited out
    t += 295_000;
    (await b.acquire(ADD, rule)).done();
    expect(sleeps.at(-1)).toBe(5_000);
    expect(budgetPauses(dir, account, t)).toEqual({});
  });

  it('an unpaced endpoint (the local sandbox) still honours a pause, without booking anything', async () => {
    const p = processOn(budgetFile(path, { now }));
    const unpaced = { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 };
    for (let i = 0; i < 5; i++) (await p.acquire(ADD, unpaced)).done();
    expect(existsSync(path)).toBe(false);
    p.pause(ADD, 2_000);
    (await p.acquire(ADD, unpaced)).done();
    expect(sleeps).toEqual([2_000]);
  });

  it('a write fails fast instead of waiting longer than it may (nothing booked)', async () => {
    const p = processOn(budgetFile(path, { now }));
    for (let i = 0; i < 3; i++) (await p.acquire(ADD, rule)).done();
    const err = await p.acquire(ADD, rule, { maxWaitMs: 5_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as Error).message).toMatch(
      /paces its requests to the service \(at most 3 per 10 s for sending a new log\); nothing was sent, the next one can go in 1[01] s\./,
    );
    expect(JSON.parse(readFileSync(path, 'utf8')).endpoints[ADD].places).toHaveLength(3);
  });

  it('does not believe times in the future (a clock set back does not block for hours)', async () => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      JSON.stringify({ v: 1, endpoints: { [ADD]: { places: [{ at: t + 3_600_000 }], pausedUntil: t + 48 * 3_600_000 } } }),
    );
    const p = processOn(budgetFile(path, { now }));
    const before = t;
    (await p.acquire(ADD, { limit: 1, windowMs: 1_000 })).done();
    expect(t - before).toBeLessThan(1_100);
  });
});

describe("the budget's account and settings", () => {
  it("is the outbox's account: the built-in sandbox is one account whatever its port", () => {
    const sandboxA = {
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:40001',
      user: 'maya@demo',
      authMethod: 'none',
      authScheme: 'Zoho-oauthtoken',
      signedIn: true,
    } as const;
    const sandboxB = { ...sandboxA, baseUrl: 'http://127.0.0.1:40002' };
    for (const a of [account, sandboxA, sandboxB]) expect(budgetKeyOf(a)).toBe(accountKeyOf({ account: () => a }));
    expect(budgetPathOf(dir, budgetKeyOf(sandboxA))).toBe(budgetPathOf(dir, budgetKeyOf(sandboxB)));
    expect(budgetPathOf(dir, budgetKeyOf(account))).not.toBe(budgetPathOf(dir, budgetKeyOf({ ...account, user: 'sam@example.test' })));
  });

  it('reads PUNCH_RATE_LIMIT and PUNCH_RATE_BUDGET', () => {
    expect(parseRateRule('20/6s')).toEqual({ limit: 20, windowMs: 6_000 });
    expect(parseRateRule('20/1m')).toEqual({ limit: 20, windowMs: 60_000 });
    expect(parseRateRule('5/2000ms')).toEqual({ limit: 5, windowMs: 2_000 });
    expect(() => parseRateRule('fast')).toThrow(/PUNCH_RATE_LIMIT="fast" is not a rate/);
    expect(pacingFromEnvironment({})).toBeUndefined();
    expect(pacingFromEnvironment({ PUNCH_RATE_LIMIT: '5/2s', PUNCH_RATE_BUDGET: 'off' })).toEqual({
      policy: { timetrackerRate: { limit: 5, windowMs: 2_000 } },
      sharedBudget: false,
    });
    expect(() => pacingFromEnvironment({ PUNCH_RATE_BUDGET: 'maybe' })).toThrow(/PUNCH_RATE_BUDGET/);
  });
});
