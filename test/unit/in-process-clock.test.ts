/**
 * `punch` run in the test's process (test/fixtures/cli-in-process.ts) moves Date and the monotonic clock for the whole
 * process while a command runs. A command that never ends must not leave them moved for the tests, and the files,
 * after it in the same worker (vitest.config.ts `isolate: false`), nor hold the runs queued behind it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { withShiftedClocks } from '../fixtures/cli-in-process';

const RealDate = Date;
const realHrtime = process.hrtime.bigint;
const DAY = 86_400_000;
/** A command's work that never ends, noting how far its clock was moved. */
const hangs = (seen: { movedBy?: number }) => () => {
  seen.movedBy = Date.now() - RealDate.now();
  return new Promise<never>(() => {});
};
const movedBy = async () => Date.now() - RealDate.now();

// the second test reads what the first left: in this order, whatever `--sequence.shuffle` says
describe('a command run in this process that never ends, in a test', { shuffle: false }, () => {
  const seen: { movedBy?: number } = {};

  // `fails`: this test is meant to time out, the command still hanging, as a test of a hung command would
  it.fails('holds its test until the test times out', { timeout: 200 }, async () => {
    const run = withShiftedClocks({ TEST_CLOCK_OFFSET_MS: String(-30 * DAY) }, hangs(seen), 'punch (a command that never ends)');
    await expect.poll(() => seen.movedBy).toBeDefined();
    expect(globalThis.Date).not.toBe(RealDate); // moved while it runs
    await run;
  });

  it('leaves Date and the monotonic clock real once its test is over, and the next run goes on', async () => {
    expect(seen.movedBy).toBeCloseTo(-30 * DAY, -4); // it ran on the moved clock
    expect(globalThis.Date).toBe(RealDate);
    expect(process.hrtime.bigint).toBe(realHrtime);
    // not held behind the hung command: runs on its own moved clock, then puts it back
    expect(await withShiftedClocks({ TEST_CLOCK_OFFSET_MS: String(DAY) }, movedBy, 'punch (the next)')).toBeCloseTo(DAY, -4);
    expect(globalThis.Date).toBe(RealDate);
  });
});

describe('a command run in this process that never ends, in a hook', () => {
  const seen: { movedBy?: number } = {};
  let error: unknown;
  beforeAll(async () => {
    const tenDays = { TEST_CLOCK_OFFSET_MS: String(10 * DAY) };
    error = await withShiftedClocks(tenDays, hangs(seen), 'punch timer stop (in this process)', 100).catch((e: unknown) => e);
  });

  it('fails after its deadline, naming the command, with Date and the monotonic clock real again', () => {
    expect(seen.movedBy).toBeCloseTo(10 * DAY, -4);
    expect(String(error)).toMatch(/punch timer stop \(in this process\) did not end within 100 ms; the clocks are put back/);
    expect(globalThis.Date).toBe(RealDate);
    expect(process.hrtime.bigint).toBe(realHrtime);
  });
});
