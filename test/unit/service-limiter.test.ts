/** @inner src/core/service/pacing/limiter.ts */
import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/core/service/pacing/limiter';
import { RateLimitedError } from '../../src/core/service';
import { wallClock } from '../fixtures/test-timers';

/** A fake clock whose sleep advances time, so minutes of pacing run in microseconds. */
function fakeTime() {
  let t = 1_000_000;
  const sleeps: number[] = [];
  return {
    ...wallClock(() => t),
    advance: (ms: number) => {
      t += ms;
    },
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
  };
}

describe('the per-endpoint pacer', () => {
  it('never lets more than the limit start within any window, measured from when each answer arrived', async () => {
    const clock = fakeTime();
    const limiter = createLimiter({ clock, maxPauseWaitMs: 10_000 });
    const rule = { limit: 20, windowMs: 60_000 };
    const starts: number[] = [];
    const ends: number[] = [];
    for (let i = 0; i < 50; i++) {
      const slot = await limiter.acquire('timetracker/addtimelog', rule);
      starts.push(clock.now());
      clock.advance(100); // the request takes 100 ms
      ends.push(clock.now());
      slot.done();
    }
    for (let i = 20; i < 50; i++) {
      // request i may start only after request i-20 ended one window ago
      expect(starts[i] - ends[i - 20]).toBeGreaterThanOrEqual(60_000);
    }
    expect(starts[19] - starts[0]).toBeLessThan(60_000); // the first 20 go at once (no needless waiting)
  });

  it('keeps endpoints independent', async () => {
    const clock = fakeTime();
    const limiter = createLimiter({ clock, maxPauseWaitMs: 10_000 });
    const rule = { limit: 1, windowMs: 60_000 };
    (await limiter.acquire('timetracker/getjobs', rule)).done();
    const before = clock.now();
    (await limiter.acquire('timetracker/gettimesheet', rule)).done();
    expect(clock.now()).toBe(before);
    (await limiter.acquire('timetracker/getjobs', rule)).done();
    expect(clock.now() - before).toBeGreaterThanOrEqual(60_000);
  });

  it('holds a place while its request is still in flight', async () => {
    const clock = fakeTime();
    const limiter = createLimiter({ clock, maxPauseWaitMs: 10_000 });
    const rule = { limit: 1, windowMs: 1_000 };
    const first = await limiter.acquire('e', rule);
    let second = false;
    const pending = limiter.acquire('e', rule).then((s) => {
      second = true;
      return s;
    });
    // parked: the in-memory limiter books and queues in microtasks, so after one turn of the event loop a caller not
    // yet answered waits for the first's `done` (no timer of its own to wait out)
    await new Promise((r) => setImmediate(r));
    expect(second).toBe(false);
    clock.advance(5_000);
    first.done();
    const s = await pending;
    expect(second).toBe(true);
    // window counted from the end of the first request, not from its start
    expect(clock.now()).toBeGreaterThanOrEqual(1_006_000);
    s.done();
  });

  it('serves waiting callers in order', async () => {
    const clock = fakeTime();
    const limiter = createLimiter({ clock, maxPauseWaitMs: 10_000 });
    const rule = { limit: 2, windowMs: 1_000 };
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        const s = await limiter.acquire('e', rule);
        order.push(i);
        s.done();
      }),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('pauses only the endpoint that was rate limited, for the given time', async () => {
    const clock = fakeTime();
    const limiter = createLimiter({ clock, maxPauseWaitMs: 10_000 });
    const rule = { limit: 100, windowMs: 1_000 };
    limiter.pause('timetracker/getjobs', 3_000);
    const t0 = clock.now();
    (await limiter.acquire('timetracker/gettimesheet', rule)).done();
    expect(clock.now()).toBe(t0);
    (await limiter.acquire('timetracker/getjobs', rule)).done();
    expect(clock.now() - t0).toBe(3_000);
  });

  it('fails fast instead of waiting out a five-minute lock-out', async () => {
    const clock = fakeTime();
    const limiter = createLimiter({ clock, maxPauseWaitMs: 10_000 });
    const t0 = clock.now();
    limiter.pause('timetracker/addtimelog', 300_000);
    const err = await limiter.acquire('timetracker/addtimelog', { limit: 20, windowMs: 60_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfterMs).toBe(300_000);
    expect(clock.now()).toBe(t0);
    expect(limiter.pausedUntil('timetracker/addtimelog')).toBe(t0 + 300_000);
  });
});
