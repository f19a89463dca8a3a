/**
 * How long a batch will take, said before it starts (service/pacing/limiter.ts `estimateMs`, used by "Approve N" and `punch
 * approve <id>...`): from the places of the endpoint's window already taken (by any process of the account), any pause
 * the service ordered, and the batch's own requests freeing places one window after each goes.
 * @inner src/core/service/pacing/limiter.ts, src/core/team/decision-pace.ts
 */
import { describe, expect, it } from 'vitest';
import { createLimiter } from '../../src/core/service/pacing/limiter';
import { estimateDecisions } from '../../src/core/team/decision-pace';
import { wallClock } from '../fixtures/test-timers';

const RULE = { limit: 20, windowMs: 60_000 };
const SLACK = 5;

function limiterAt(start = 1_000_000) {
  let t = start;
  const limiter = createLimiter({
    clock: {
      ...wallClock(() => t),
      sleep: async (ms) => {
        t += ms;
      },
    },
    maxPauseWaitMs: 10 * 60_000,
  });
  return {
    limiter,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe('estimateMs', () => {
  it('is 0 while the window has room for all of them', async () => {
    const { limiter } = limiterAt();
    expect(limiter.estimateMs('timetracker/approvetimesheet', RULE, 20)).toBe(0);
  });

  it('waits for the oldest places to free, then for its own: 25 go in two windows', async () => {
    const { limiter, advance } = limiterAt();
    // 10 decisions a second apart, answered at once
    for (let i = 0; i < 10; i++) {
      (await limiter.acquire('timetracker/approvetimesheet', RULE)).done();
      advance(1_000);
    }
    // 10 places left now; the 11th waits for the first place, 10 s ago... freeing 50 s from now
    expect(limiter.estimateMs('timetracker/approvetimesheet', RULE, 10)).toBe(0);
    expect(limiter.estimateMs('timetracker/approvetimesheet', RULE, 11)).toBe(50_000 + SLACK);
    // 25: the 11th to 20th wait for the 10 older places (50-59 s), the 21st to 25th for the first of its own batch
    expect(limiter.estimateMs('timetracker/approvetimesheet', RULE, 25)).toBe(60_000 + SLACK);
    // another endpoint's places do not count
    expect(limiter.estimateMs('timetracker/gettimesheet', RULE, 20)).toBe(0);
  });

  it('counts a pause the service ordered, and nothing for an endpoint that is not paced', async () => {
    const { limiter } = limiterAt();
    limiter.pause('timetracker/approvetimesheet', 90_000);
    expect(limiter.estimateMs('timetracker/approvetimesheet', RULE, 1)).toBe(90_000);
    expect(limiter.estimateMs('timetracker/approvetimesheet', { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 }, 50)).toBe(90_000);
  });
});

describe('the words before "Approve N"', () => {
  it('says a few seconds when it may all go now, and how long and why when the minute is full', () => {
    expect(estimateDecisions({ paceEstimate: () => ({ waitMs: 0, rule: RULE }) }, 3).words).toBe('This takes a few seconds.');
    expect(estimateDecisions({ paceEstimate: () => ({ waitMs: 65_000, rule: RULE }) }, 25).words).toBe(
      'This takes about 2 minutes: the service takes about 20 decisions a minute.',
    );
    expect(estimateDecisions({ paceEstimate: () => ({ waitMs: 25_000, rule: { limit: 2, windowMs: 1_000 } }) }, 6).words).toBe(
      'This takes about 30 seconds: the service takes about 2 decisions a second.',
    );
  });
});
