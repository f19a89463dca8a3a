/**
 * A rejected log the user has changed since is `fixed` (src/core/week/week-merge.ts `rejectedAsOf`): the
 * service keeps it "rejected" until the week is resubmitted, so the week remembers what each rejected log held when
 * its rejection was first read, and a log that holds something else now (changed here, or on the service) is fixed.
 * @inner src/core/week/week-merge.ts, src/core/outbox/send-steps.ts
 */
import { describe, expect, it } from 'vitest';
import type { TimeLog } from '../../src/shared/domain';
import { createLedger } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { mergeWeek, rejectedAsOf } from '../../src/core/week/week-merge';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const WEEK = '2026-11-16';
const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
const log = (over: Partial<TimeLog> = {}): TimeLog => ({
  timeLogId: 'T1',
  workDate: '2026-11-18',
  hours: '08:00',
  jobId: 'J1',
  jobName: 'Design',
  billingStatus: 'Billable',
  description: 'work',
  approvalStatus: 'rejected',
  ...over,
});

describe('what a rejected log held when rejected', () => {
  it('is taken at the first read that shows it rejected, and carried while it stays rejected', () => {
    const first = rejectedAsOf([log(), log({ timeLogId: 'T2', approvalStatus: 'draft' })]);
    expect(Object.keys(first!)).toEqual(['T1']);
    // fixed on the service (other hours), read again: still what it held when rejected
    const again = rejectedAsOf([log({ hours: '06:00' })], { logs: [log()], rejectedAs: first });
    expect(again).toEqual(first);
  });

  it('starts afresh when it is rejected again after a resubmit, and is gone when nothing is rejected', () => {
    const first = rejectedAsOf([log()]);
    const resubmitted = [log({ hours: '06:00', approvalStatus: 'pending' })];
    expect(rejectedAsOf(resubmitted, { logs: [log()], rejectedAs: first })).toBeUndefined();
    const second = rejectedAsOf([log({ hours: '06:00' })], { logs: resubmitted });
    expect(second).not.toEqual(first);
    expect(second).toEqual(rejectedAsOf([log({ hours: '06:00' })]));
  });
});

describe('a rejected log in the week', () => {
  it("is fixed once it holds something else than when rejected (the service's copy), and stays rejected", () => {
    const j = createLedger(tempDir('punch-fixed-'), clock);
    const rejectedAs = rejectedAsOf([log(), log({ timeLogId: 'T2', workDate: '2026-11-19' })]);
    const service = (logs: TimeLog[]) => ({ account: '', fetchedAt: 3000, logs, rejectedAs });
    const week = mergeWeek(j.read(), WEEK, service([log({ hours: '06:00' }), log({ timeLogId: 'T2', workDate: '2026-11-19' })]), true, '');
    const byId = Object.fromEntries(week.logs.map((l) => [l.timeLogId, l]));
    expect(byId.T1).toMatchObject({ approvalStatus: 'rejected', fixed: true, hours: '06:00' });
    expect(byId.T2.approvalStatus).toBe('rejected');
    expect(byId.T2.fixed).toBeUndefined();
    j.close();
  });

  it('is fixed by a change made here, before the service has it', () => {
    const ledger = createLedger(tempDir('punch-fixed-'), clock);
    ledger.change((j) => {
      // the log as this device has it now: 06:00, confirmed by the service as T1 (its read showed 08:00, rejected)
      recordAdd(
        j,
        { workDate: '2026-11-18', hours: '06:00', jobId: 'J1', jobName: 'Design', billingStatus: 'Billable', description: 'work' },
        1000,
      );
      const add = j.ops[j.ops.length - 1].id;
      markSending(j, add, 1001);
      markApplied(j, add, 1002, { timeLogId: 'T1' });
    });
    const week = mergeWeek(
      ledger.read(),
      WEEK,
      { account: '', fetchedAt: 900, logs: [log()], rejectedAs: rejectedAsOf([log()]) },
      true,
      '',
    );
    const t1 = week.logs.filter((l) => l.timeLogId === 'T1');
    expect(t1).toHaveLength(1);
    expect(t1[0]).toMatchObject({ hours: '06:00', approvalStatus: 'rejected', fixed: true });
    ledger.close();
  });
});
