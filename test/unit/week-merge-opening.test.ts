/**
 * The week's merge at an opening with a backlog (src/core/week/week-merge.ts): a week the service never showed (offline
 * since the start) asks no question of the rows that hold a service id, so the opening makes no pass over every row
 * to build that index; a week the service did show still matches each of its logs to the row that holds its id.
 * @inner src/core/week/week-merge.ts, src/core/journal/indexes/held.ts, src/core/outbox/send-steps.ts
 */
import { describe, expect, it } from 'vitest';
import type { TimeLog } from '../../src/shared/domain';
import { createLedger, type LogFields } from '../../src/core/journal';
import { rowIndexes } from '../../src/core/journal/indexes/held';
import { recordAdd } from '../../src/core/outbox';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { mergeWeek } from '../../src/core/week/week-merge';
import { addDays } from '../../src/shared/time/week';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const WEEK = '2026-11-16';
const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
const fields = (workDate: string, over: Partial<LogFields> = {}): LogFields => ({
  workDate,
  hours: '00:30',
  jobId: 'J1',
  jobName: 'Design',
  billingStatus: 'Billable',
  description: 'work',
  ...over,
});

/** A journal of 300 logs waiting over 30 days and one log the service confirmed as T1, reopened as at a start. */
function reopened(): { ledger: ReturnType<typeof createLedger>; confirmed: string } {
  const dir = tempDir('punch-week-opening-');
  const writer = createLedger(dir, clock);
  let confirmed = '';
  writer.change((j) => {
    for (let i = 0; i < 300; i++) recordAdd(j, fields(addDays(WEEK, -20 + (i % 30))), 1000 + i);
    const row = recordAdd(j, fields(addDays(WEEK, 2), { hours: '02:00' }), 2000);
    confirmed = row.localId;
    const add = j.ops[j.ops.length - 1].id;
    markSending(j, add, 2001);
    markApplied(j, add, 2002, { timeLogId: 'T1' });
  });
  writer.close();
  return { ledger: createLedger(dir, clock), confirmed };
}

const idsBuilt = (rows: object): boolean => !!rowIndexes.get(rows)?.byTimeLogId;

describe("the week's merge at an opening", () => {
  it('of a week the service never showed builds no index of service ids, and shows every row of the week', () => {
    const { ledger } = reopened();
    const j = ledger.read();
    const week = mergeWeek(j, WEEK, undefined, false, '');
    const inWeek = Object.values(j.rows).filter((r) => r.workDate >= WEEK && r.workDate <= addDays(WEEK, 6));
    expect(week.logs.map((l) => l.localId).sort()).toEqual(inWeek.map((r) => r.localId).sort());
    expect(idsBuilt(j.rows)).toBe(false);
    ledger.close();
  });

  it("of a week the service showed matches its log to the row that holds its id: one log, not the row and the service's copy", () => {
    const { ledger, confirmed } = reopened();
    const j = ledger.read();
    const logs: TimeLog[] = [
      { timeLogId: 'T1', workDate: addDays(WEEK, 2), hours: '02:00', jobId: 'J1', jobName: 'Design', billingStatus: 'Billable' },
    ];
    const week = mergeWeek(j, WEEK, { account: '', fetchedAt: 3000, logs }, true, '');
    const t1 = week.logs.filter((l) => l.timeLogId === 'T1');
    expect(t1.map((l) => l.localId)).toEqual([confirmed]);
    expect(idsBuilt(j.rows)).toBe(true);
    ledger.close();
  });
});
