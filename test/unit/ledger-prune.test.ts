/**
 * Keeping the journal bounded (docs/outbox.md): a synced ledger row whose day and last change are both more than
 * 16 weeks back goes when the next entry is synced; a row with an unfinished outbox entry stays, whatever its age.
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts, src/core/outbox/housekeeping.ts
 */
import { expect, it } from 'vitest';
import { tempDir } from '../fixtures/temp-dirs';
import { createLedger, type Journal, type LogFields } from '../../src/core/journal';
import { recordAdd, recordEdit } from '../../src/core/outbox/operations';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { KEEP_LEDGER_WEEKS } from '../../src/core/outbox/housekeeping';
import { addDays, localDate } from '../../src/shared/time/week';
import { wallClock } from '../fixtures/test-timers';

const NOW = new Date(2026, 10, 20, 12).getTime();
const LONG_AGO = NOW - (KEEP_LEDGER_WEEKS + 1) * 7 * 86_400_000;
const TODAY = localDate(NOW);
const OLDEST = addDays(TODAY, -7 * KEEP_LEDGER_WEEKS);
const fields = (workDate: string, description: string): LogFields => ({
  workDate,
  hours: '01:00',
  jobId: 'J1',
  jobName: 'Design',
  billingStatus: 'Billable',
  description,
});
const sync = (j: Journal, localId: string, timeLogId: string, at: number) => {
  const op = j.ops.find((o) => o.localId === localId && o.state !== 'synced')!;
  markSending(j, op.id, at);
  markApplied(j, op.id, at, { timeLogId });
};

it('drops old synced rows once another entry syncs, and keeps recent, recently changed and still-waiting ones', () => {
  const l = createLedger(
    tempDir('punch-prune-'),
    wallClock(() => NOW),
  );
  // logged and synced long ago
  const old = l.change((j) => recordAdd(j, fields(addDays(OLDEST, -1), 'old and synced'), LONG_AGO));
  const edge = l.change((j) => recordAdd(j, fields(OLDEST, 'exactly 16 weeks back'), LONG_AGO));
  const waiting = l.change((j) => recordAdd(j, fields(addDays(OLDEST, -30), 'old, edit pending'), LONG_AGO));
  l.change((j) => {
    sync(j, old.localId, 'T1', LONG_AGO);
    sync(j, edge.localId, 'T2', LONG_AGO);
    sync(j, waiting.localId, 'T3', LONG_AGO);
  });
  expect(Object.keys(l.read().rows)).toHaveLength(3);
  // its edit has not reached the service yet
  l.change((j) => recordEdit(j, waiting.localId, { hours: '02:00' }, LONG_AGO));
  // an old day touched today
  const touched = l.change((j) => recordAdd(j, fields(addDays(OLDEST, -2), 'old day, logged today'), NOW));
  l.change((j) => sync(j, touched.localId, 'T4', NOW));

  const recent = l.change((j) => recordAdd(j, fields(TODAY, 'today'), NOW));
  l.change((j) => sync(j, recent.localId, 'T9', NOW));
  const rows = l.read().rows;
  expect(rows[old.localId]).toBeUndefined();
  expect(rows[edge.localId]).toMatchObject({ description: 'exactly 16 weeks back', timeLogId: 'T2' });
  expect(rows[touched.localId]).toMatchObject({ description: 'old day, logged today', timeLogId: 'T4' });
  expect(rows[waiting.localId]).toMatchObject({ hours: '02:00' });
  expect(rows[recent.localId]).toMatchObject({ description: 'today', timeLogId: 'T9' });
});
