/**
 * Review finding: discarding an edit must leave the ledger row with the values the service has or will have (what
 * was confirmed, or what its add will send, plus the edits still on their way), not the discarded edit's values.
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts, src/core/outbox/resolutions.ts
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../fixtures/temp-dirs';
import { createLedger, type LogFields } from '../../src/core/journal';
import { recordAdd, recordEdit } from '../../src/core/outbox/operations';
import { markAmbiguous, markApplied, markSending } from '../../src/core/outbox/send-steps';
import { discardOp, markRecordedOp } from '../../src/core/outbox/resolutions';
import { wallClock } from '../fixtures/test-timers';

const fields = (over: Partial<LogFields> = {}): LogFields => ({
  workDate: '2026-11-16',
  hours: '01:00',
  jobId: 'J1',
  jobName: 'Design',
  billingStatus: 'Billable',
  description: 'work',
  ...over,
});
const fresh = () =>
  createLedger(
    tempDir('punch-discard-edit-'),
    wallClock(() => 1_000),
  );

describe('discarding an edit', () => {
  it("reverts the row to its add's values when the add has not been confirmed yet (answer lost)", () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const add = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, add, 2);
      markAmbiguous(j, add, 3);
    });
    l.change((j) => recordEdit(j, row.localId, { hours: '04:00' }, 4));
    const edit = l.read().ops.find((o) => o.kind === 'edit')!.id;
    l.change((j) => discardOp(j, edit, 5));
    expect(l.read().rows[row.localId].hours).toBe('01:00');
    // the user then finds the add on the service: the ledger and the service agree
    l.change((j) => markRecordedOp(j, add, 6));
    expect(l.read().rows[row.localId]).toMatchObject({ hours: '01:00', remote: { hours: '01:00' } });
  });

  it('keeps an edit still in flight when a later queued edit is discarded', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const add = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, add, 2);
      markApplied(j, add, 3, { timeLogId: 'T1' });
    });
    l.change((j) => recordEdit(j, row.localId, { hours: '02:00' }, 4));
    const first = l.read().ops.find((o) => o.kind === 'edit')!.id;
    l.change((j) => markSending(j, first, 5));
    l.change((j) => recordEdit(j, row.localId, { description: 'second thoughts' }, 6));
    const second = l.read().ops.find((o) => o.kind === 'edit' && o.id !== first)!.id;
    l.change((j) => discardOp(j, second, 7));
    l.change((j) => markApplied(j, first, 8));
    expect(l.read().rows[row.localId]).toMatchObject({
      hours: '02:00',
      description: 'work',
      remote: { hours: '02:00', description: 'work' },
    });
  });
});
