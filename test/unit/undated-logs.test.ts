/** @inner src/core/service/wire/normalize.ts, src/core/service/wire/fields.ts, src/core/sync/reconcile.ts */
/**
 * A time log whose day the service wrote in no form Punchcard reads ("31-Foo-2026", or none): a timesheet's details
 * read for a manager keep the other logs and keep that one apart, with its date as it came; the answers a
 * reconciliation searches (the list of the user's logs, a single log) still refuse it, and a log kept apart never
 * matches the add it might be, so an add whose answer was lost is neither sent again nor taken as recorded.
 * Read with the real wire readers and the real reconciliation; the service's answers are the wire payloads.
 */
import { describe, expect, it } from 'vitest';
import { toOptionalTimeLog, toTimeLogs, toTimesheetDetail } from '../../src/core/service/wire/normalize';
import { ShapeError } from '../../src/core/service/wire/fields';
import { reconcile } from '../../src/core/sync/reconcile';
import { emptyJournal, type OutboxOp } from '../../src/core/journal';
import type { ServiceClient } from '../../src/core/service';

const sheet = {
  recordId: '412',
  timesheetName: 'Week 47',
  status: 'Pending',
  totalHours: '09:00',
  billableHours: '09:00',
  fromDate: '2026-11-16',
  toDate: '2026-11-22',
  employeeName: 'Maya Patel',
};
const wireLog = (timelogId: string, workDate: unknown, hours = '04:30') => ({
  timelogId,
  workDate,
  hours,
  jobId: '99',
  jobName: 'Website',
  billingStatus: 'Billable',
  description: 'copy review',
  approvalStatus: 'Pending',
});

describe("a timesheet's details with a log whose day cannot be read", () => {
  it('keep the other logs, and that one apart with its date as it came', () => {
    const detail = toTimesheetDetail({ timesheet: sheet, timeLogs: [wireLog('1', '17-Nov-2026'), wireLog('2', '31-Foo-2026')] });
    expect(detail.timeLogs.map((l) => [l.timeLogId, l.workDate])).toEqual([['1', '2026-11-17']]);
    expect(detail.undatedLogs).toEqual([
      {
        timeLogId: '2',
        rawWorkDate: '31-Foo-2026',
        hours: '04:30',
        jobId: '99',
        jobName: 'Website',
        billingStatus: 'Billable',
        description: 'copy review',
        approvalStatus: 'pending',
      },
    ]);
  });

  it('keep a log with no date, or a day no calendar has, apart too; none when every day reads', () => {
    const detail = toTimesheetDetail({
      timesheet: sheet,
      timeLogs: [wireLog('1', ''), wireLog('2', undefined), wireLog('3', '2026-02-30')],
    });
    expect(detail.timeLogs).toEqual([]);
    expect(detail.undatedLogs?.map((l) => l.rawWorkDate)).toEqual(['', '', '2026-02-30']);
    expect(toTimesheetDetail({ timesheet: sheet, timeLogs: [wireLog('1', '2026-11-17')] })).not.toHaveProperty('undatedLogs');
  });

  it('are still refused whole for a log wrong in another way (no id, hours that are not hours)', () => {
    expect(() => toTimesheetDetail({ timesheet: sheet, timeLogs: [wireLog('1', '31-Foo-2026'), wireLog('', '2026-11-17')] })).toThrow(
      /time log id is missing/,
    );
    expect(() => toTimesheetDetail({ timesheet: sheet, timeLogs: [wireLog('1', '31-Foo-2026', 'soon')] })).toThrow(/hours "soon"/);
  });
});

describe('the answers a reconciliation searches', () => {
  it('refuse a log whose day cannot be read: the list of the user logs and a single log', () => {
    expect(() => toTimeLogs([wireLog('1', '2026-11-17'), wireLog('2', '31-Foo-2026')])).toThrow(ShapeError);
    expect(() => toOptionalTimeLog([wireLog('2', '31-Foo-2026')])).toThrow(ShapeError);
  });
});

/** A service whose answers are these payloads, read by the real wire readers. */
function serviceAnswering(answers: { list?: unknown; details?: unknown }): ServiceClient {
  const client: Partial<ServiceClient> = {
    timeLogListSupported: () => (answers.list === undefined ? false : true),
    allTimeLogs: async () => toTimeLogs(answers.list),
    allTimesheets: async () => [{ ...sheet, recordId: '412', status: 'pending', billableHours: '09:00' }],
    timesheetDetails: async () => toTimesheetDetail(answers.details),
  };
  return client as ServiceClient;
}

describe('an add whose answer was lost, when the service shows the same log with a day it cannot read', () => {
  // the add is exactly the log the service holds, but the service wrote its day oddly: it may be the add, or not
  const add = { workDate: '2026-11-17', jobId: '99', jobName: 'Website', hours: '04:30', billable: true, description: 'copy review' };
  const op = { localId: 'op-1', kind: 'add', add, state: 'sending', attempts: [] } as unknown as OutboxOp;
  const journal = emptyJournal();

  it("in the user's list of logs: nothing is decided (not sent again, not taken as recorded); the entry keeps waiting", async () => {
    const client = serviceAnswering({ list: [wireLog('7', '17-Foo-2026')] });
    await expect(reconcile(client, 'maya@x.test', journal, op)).rejects.toThrow(ShapeError);
  });

  it("in a timesheet's details (a service without the list): not a match, so the user is asked, nothing sent", async () => {
    const client = serviceAnswering({ details: { timesheet: sheet, timeLogs: [wireLog('7', '17-Foo-2026')] } });
    const r = await reconcile(client, 'maya@x.test', journal, op);
    expect(r.outcome).toBe('unknown');
    // the same log with its day readable is found: the difference is the day alone
    const readable = serviceAnswering({ details: { timesheet: sheet, timeLogs: [wireLog('7', '2026-11-17')] } });
    expect(await reconcile(readable, 'maya@x.test', journal, op)).toEqual({ outcome: 'applied', timeLogId: '7' });
  });
});
