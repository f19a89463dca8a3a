/**
 * A week whose service answer holds a log with a date in no form Punchcard reads (the sandbox's odd-date fault writes
 * "31-Foo-2026" on the answer's first time log): the week is read, not refused whole; the other logs are on their
 * days, the odd one is apart (`undatedLogs`, its date as it came) and the totals leave it out; the same through the
 * timesheet's details (a rejected week). Against the sandbox over HTTP, through the core's handlers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addWeeks, weekStartOf } from '../../src/shared/time/week';
import { parseHhmm, toHhmm } from '../../src/shared/time/hours';
import type { WeekView } from '../../src/shared/domain';
import { startHarness, type Harness } from '../fixtures/logging-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

let h: Harness;
const ODD = '31-Foo-2026';

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h?.close();
});

/** The week read afresh from the service (the kept copy would not show a new fault). */
const read = async (weeksBack = 1): Promise<WeekView> =>
  h.logging.handlers.getWeek({ date: addWeeks(weekStartOf(TEST_TODAY), -weeksBack), refresh: true });
const minus = (total: string, hours: string) => toHhmm(parseHhmm(total) - parseHhmm(hours));

describe('a week with a log the service dated oddly', () => {
  it("in the user's list of logs: the others on their days, that one apart, the totals without it", async () => {
    // two weeks back: not rejected, so only the list is read (a rejected week's details would give the log its day)
    const before = await read(2);
    expect(before.timesheet?.status).not.toBe('rejected');
    expect(before.logs.length).toBeGreaterThan(1);
    expect(before.undatedLogs).toBeUndefined();
    h.sandbox.fault({ kind: 'odd-date', workDate: ODD, match: 'gettimelogs' });
    const after = await read(2);
    expect(after.undatedLogs).toHaveLength(1);
    const odd = after.undatedLogs![0];
    expect(odd.rawWorkDate).toBe(ODD);
    const was = before.logs.find((l) => l.timeLogId === odd.timeLogId)!;
    expect(was, 'the odd log is one the week showed on its day').toBeDefined();
    expect(odd.hours).toBe(was.hours);
    expect(after.logs.map((l) => l.timeLogId).sort()).toEqual(
      before.logs
        .map((l) => l.timeLogId)
        .filter((id) => id !== odd.timeLogId)
        .sort(),
    );
    expect(after.totalHours).toBe(minus(before.totalHours, odd.hours));
    // read with its day again, it is back on it and no longer apart
    h.sandbox.fault(null);
    const again = await read(2);
    expect(again.undatedLogs).toBeUndefined();
    expect(again.totalHours).toBe(before.totalHours);
  });

  it("in a rejected week's details alone: not apart, as the list read its day", async () => {
    const before = await read();
    expect(before.timesheet?.status).toBe('rejected'); // its details are read too
    h.sandbox.fault({ kind: 'odd-date', workDate: ODD, match: 'gettimesheetdetails' });
    const after = await read();
    expect(after.undatedLogs).toBeUndefined();
    expect(after.logs.map((l) => l.timeLogId).sort()).toEqual(before.logs.map((l) => l.timeLogId).sort());
    expect(after.totalHours).toBe(before.totalHours);
  });
});
