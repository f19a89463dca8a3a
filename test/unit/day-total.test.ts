/**
 * The day's total for the maximum per day: this device's ledger plus the service's logs of that day known from the
 * week's timesheet, each log counted once (src/core/week/day-total.ts), as a table over a real journal.
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts, src/core/outbox/resolutions.ts, src/core/week/week-merge.ts
 */
import { describe, expect, it } from 'vitest';
import type { TimeLog } from '../../src/shared/domain';
import { tempDir } from '../fixtures/temp-dirs';
import { createLedger, type LogFields } from '../../src/core/journal';
import { recordAdd, recordDelete, recordEdit } from '../../src/core/outbox/operations';
import { markAmbiguous, markApplied, markSending } from '../../src/core/outbox/send-steps';
import { markRecordedOp } from '../../src/core/outbox/resolutions';
import { mergeWeek } from '../../src/core/week/week-merge';
import { dayTotalWithService } from '../../src/core/week';
import { wallClock } from '../fixtures/test-timers';

const DAY = '2026-11-16';
const fields = (over: Partial<LogFields> = {}): LogFields => ({
  workDate: DAY,
  hours: '01:00',
  jobId: 'J1',
  jobName: 'Design',
  billingStatus: 'Billable',
  description: 'work',
  ...over,
});
const serviceLog = (timeLogId: string, over: Partial<TimeLog> = {}): TimeLog => ({
  timeLogId,
  workDate: DAY,
  hours: '02:00',
  jobId: 'J1',
  jobName: 'Design',
  billingStatus: 'Billable',
  description: 'elsewhere',
  ...over,
});
const fresh = () =>
  createLedger(
    tempDir('punch-day-total-'),
    wallClock(() => 1_000),
  );

describe('the minutes already on a day', () => {
  it("adds the service's logs of that day to the ledger's", () => {
    const l = fresh();
    l.change((j) => recordAdd(j, fields(), 1));
    const logs = [serviceLog('T1'), serviceLog('T2', { hours: '00:30' }), serviceLog('T3', { workDate: '2026-11-17' })];
    expect(dayTotalWithService(l.read(), DAY, logs)).toBe(60 + 120 + 30);
  });

  it('counts a log once when the ledger knows it by its service id, with the ledger values (an edit may be pending)', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields({ hours: '03:00' }), 1));
    l.change((j) => {
      markSending(j, j.ops[0].id, 2);
      markApplied(j, j.ops[0].id, 3, { timeLogId: 'T1' });
    });
    expect(dayTotalWithService(l.read(), DAY, [serviceLog('T1', { hours: '02:00' })])).toBe(180);
    // the row being edited leaves out its service log too
    expect(dayTotalWithService(l.read(), DAY, [serviceLog('T1')], { excludingLocalId: row.localId })).toBe(0);
  });

  it('lets an add that may have reached the service take its matching service log out of the count', () => {
    const l = fresh();
    l.change((j) => {
      recordAdd(j, fields({ description: 'elsewhere', hours: '02:00' }), 1);
      markSending(j, j.ops[0].id, 2);
    });
    expect(dayTotalWithService(l.read(), DAY, [serviceLog('T9')])).toBe(120);
  });

  it('counts both when an identical add has certainly not been sent yet (two equal logs are two logs)', () => {
    const l = fresh();
    l.change((j) => recordAdd(j, fields({ description: 'elsewhere', hours: '02:00' }), 1));
    expect(dayTotalWithService(l.read(), DAY, [serviceLog('T9')])).toBe(240);
  });

  it('leaves out a log being deleted, here and on the service', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    l.change((j) => {
      markSending(j, j.ops[0].id, 2);
      markApplied(j, j.ops[0].id, 3, { timeLogId: 'T1' });
    });
    l.change((j) => recordDelete(j, row.localId, 4));
    expect(dayTotalWithService(l.read(), DAY, [serviceLog('T1')])).toBe(0);
  });

  it("counts only the current account's rows", () => {
    const l = fresh();
    l.change((j) => recordAdd(j, fields(), 1, 'sandbox|http://a|maya'));
    expect(dayTotalWithService(l.read(), DAY, [], { account: 'service|http://b|maya' })).toBe(0);
    expect(dayTotalWithService(l.read(), DAY, [], { account: 'sandbox|http://a|maya' })).toBe(60);
  });

  it('counts a log marked recorded by hand ("It is there") once, also after an edit the service never got, and in the week view', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields({ description: 'elsewhere', hours: '02:00' }), 1));
    l.change((j) => {
      markSending(j, j.ops[0].id, 2);
      markAmbiguous(j, j.ops[0].id, 3);
      markRecordedOp(j, j.ops[0].id, 4);
    });
    const logs = [serviceLog('T9'), serviceLog('T8', { hours: '00:30' })];
    expect(dayTotalWithService(l.read(), DAY, logs)).toBe(120 + 30);
    const week = mergeWeek(l.read(), DAY, { account: '', fetchedAt: 0, logs }, true, '');
    expect(week.logs.map((x) => [x.localId, x.timeLogId, x.hours])).toEqual([
      [row.localId, 'T9', '02:00'],
      ['S-T8', 'T8', '00:30'],
    ]);
    expect(week.totalHours).toBe('02:30');
    // an edit of it waits (no service id yet): the service still holds the values it confirmed
    l.change((j) => recordEdit(j, row.localId, { hours: '01:00' }, 5));
    expect(dayTotalWithService(l.read(), DAY, logs)).toBe(60 + 30);
  });

  it("lets two identical rows claim two distinct service logs, and a third log stays the service's own", () => {
    const l = fresh();
    l.change((j) => {
      for (let i = 0; i < 2; i++) {
        recordAdd(j, fields({ description: 'elsewhere', hours: '02:00' }), 1 + i);
        markSending(j, j.ops[i].id, 5);
      }
    });
    const logs = [serviceLog('T1'), serviceLog('T2'), serviceLog('T3')];
    expect(dayTotalWithService(l.read(), DAY, logs)).toBe(3 * 120);
    const week = mergeWeek(l.read(), DAY, { account: '', fetchedAt: 0, logs }, true, '');
    expect(week.logs.map((x) => x.timeLogId).sort()).toEqual(['T1', 'T2', 'T3']);
  });
});
