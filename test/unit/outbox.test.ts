/**
 * The outbox's rules as tables: compaction, dependencies, outcomes and the user's resolutions, over the real
 * journal in a temporary directory (the ledger production uses: src/core/journal/ledger.ts).
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts, src/core/outbox/resolutions.ts
 */
import { describe, expect, it } from 'vitest';
import { tempDir } from '../fixtures/temp-dirs';
import { dayTotalWithService } from '../../src/core/week';
import { createLedger, type LogFields } from '../../src/core/journal';
import { syncStateOf, toOutboxEntry } from '../../src/core/outbox';
import { recordAdd, recordDelete, recordEdit } from '../../src/core/outbox/operations';
import {
  AMBIGUOUS_ADD_MESSAGE,
  ENDPOINT,
  markAbsent,
  markAmbiguous,
  markApplied,
  markRefused,
  markRetry,
  markSending,
  nextOperation,
} from '../../src/core/outbox/send-steps';
import { ADD_DISCARDED_BEFORE_DELETE, discardOp, fixOp, markRecordedOp, retryOp } from '../../src/core/outbox/resolutions';
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
const clock = wallClock(() => 1_000);
const fresh = () => createLedger(tempDir('punch-outbox-'), clock);
const never = () => false;

describe('compaction', () => {
  it('keeps an edit made offline inside the queued add', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    l.change((j) => recordEdit(j, row.localId, { hours: '02:00' }, 2));
    l.change((j) => recordEdit(j, row.localId, { description: 'better' }, 3));
    expect(l.read().ops).toHaveLength(1);
    expect(l.read().ops[0].add).toMatchObject({ hours: '02:00', description: 'better', jobName: 'Design' });
    expect(l.read().rows[row.localId]).toMatchObject({ hours: '02:00', description: 'better' });
  });

  it('removes a never-sent add, its edits and its ledger row when it is deleted', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    l.change((j) => recordEdit(j, row.localId, { hours: '02:00' }, 2));
    expect(l.change((j) => recordDelete(j, row.localId, 3))).toBe('removed');
    expect(l.read().ops).toEqual([]);
    expect(l.read().rows).toEqual({});
  });

  it('folds consecutive edits of a synced log into one edit', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const add = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, add, 2);
      markApplied(j, add, 3, { timeLogId: 'T1' });
    });
    l.change((j) => recordEdit(j, row.localId, { hours: '03:00' }, 4));
    l.change((j) => recordEdit(j, row.localId, { description: 'x' }, 5));
    const pending = l.read().ops.filter((o) => o.state !== 'synced');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'edit', patch: { hours: '03:00', description: 'x' } });
  });

  it('queues an edit separately while its add is in flight, and folds it back in when the add surely did not go', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const add = l.read().ops[0].id;
    l.change((j) => markSending(j, add, 2));
    l.change((j) => recordEdit(j, row.localId, { hours: '04:00' }, 3));
    expect(l.read().ops.map((o) => o.kind)).toEqual(['add', 'edit']);
    l.change((j) => markRetry(j, add, 4, 'ECONNREFUSED'));
    expect(l.read().ops).toHaveLength(1);
    expect(l.read().ops[0].add?.hours).toBe('04:00');
  });

  it('drops unsent edits of a synced log when it is deleted, and queues one delete', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const add = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, add, 2);
      markApplied(j, add, 3, { timeLogId: 'T1' });
    });
    l.change((j) => recordEdit(j, row.localId, { hours: '03:00' }, 4));
    expect(l.change((j) => recordDelete(j, row.localId, 5))).toBe('queued');
    expect(
      l
        .read()
        .ops.filter((o) => o.state !== 'synced')
        .map((o) => o.kind),
    ).toEqual(['delete']);
    expect(dayTotalWithService(l.read(), '2026-11-16', [])).toBe(0);
  });
});

describe('what is sent next', () => {
  it('holds edits back until their add has a timeLogId, but lets other logs pass a refused add', () => {
    const l = fresh();
    const a = l.change((j) => recordAdd(j, fields(), 1));
    const b = l.change((j) => recordAdd(j, fields({ description: 'b' }), 1));
    const addA = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, addA, 2);
      markAmbiguous(j, addA, 3);
    }); // maybe sent: an edit cannot fold into it
    l.change((j) => recordEdit(j, a.localId, { hours: '02:00' }, 4));
    const next = nextOperation(l.read(), never);
    expect(next.ready && next.op.localId).toBe(b.localId);
    l.change((j) => markRefused(j, next.ready ? next.op.id : '', 5, '8002: too many hours'));
    expect(nextOperation(l.read(), never).ready).toBe(false);
    expect(syncStateOf(l.read(), a.localId)).toBe('needs-attention');
  });

  it('skips operations whose endpoint is paused by a rate limit and still offers the others', () => {
    const l = fresh();
    const a = l.change((j) => recordAdd(j, fields(), 1));
    const add = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, add, 2);
      markApplied(j, add, 3, { timeLogId: 'T1' });
    });
    l.change((j) => recordAdd(j, fields({ description: 'new' }), 4));
    l.change((j) => recordEdit(j, a.localId, { hours: '02:00' }, 5));
    const next = nextOperation(l.read(), (e) => e === ENDPOINT.add);
    expect(next.ready && next.op.kind).toBe('edit');
  });

  it('never offers an entry made under another account to the current one', () => {
    const l = fresh();
    l.change((j) => recordAdd(j, fields(), 1, 'sandbox|http://a|maya'));
    const b = l.change((j) => recordAdd(j, fields({ description: 'b' }), 2, 'service|http://b|liam'));
    const next = nextOperation(l.read(), never, 'service|http://b|liam');
    expect(next.ready && next.op.localId).toBe(b.localId);
    l.change((j) => {
      markSending(j, j.ops[1].id, 3);
      markApplied(j, j.ops[1].id, 4, { timeLogId: 'T' });
    });
    expect(nextOperation(l.read(), never, 'service|http://b|liam').ready).toBe(false);
    expect(dayTotalWithService(l.read(), '2026-11-16', [], { account: 'service|http://b|liam' })).toBe(60);
  });

  it('asks for reconciliation of an operation found in sending (a crash after the write-ahead mark)', () => {
    const dir = tempDir('punch-outbox-');
    const l = createLedger(dir, clock);
    l.change((j) => recordAdd(j, fields(), 1));
    l.change((j) => markSending(j, j.ops[0].id, 2));
    l.close();
    const reopened = createLedger(dir, clock);
    const next = nextOperation(reopened.read(), never);
    expect(next).toMatchObject({ ready: true, reconcile: true });
  });
});

describe('an operation found absent after a lost answer', () => {
  it("waits out its step (retryAt), counts its re-sends, holds its log's later entries, and forgets both once applied", () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const other = l.change((j) => recordAdd(j, fields({ description: 'other' }), 1));
    const id = l.read().ops[0].id;
    l.change((j) => markSending(j, id, 10));
    expect(l.read().ops[0]).toMatchObject({ sentAt: 10 });
    l.change((j) => markAbsent(j, id, 20, 5_010, 'Not found on the service: sending it again in 5 s.'));
    expect(l.read().ops[0]).toMatchObject({ state: 'queued', maybeSent: false, retryAt: 5_010, resends: 1 });
    const held = (now: number) => (op: { retryAt?: number }) => (op.retryAt ?? 0) > now;
    // held: the next ready one is the other log's add, never this one
    expect(nextOperation(l.read(), never, undefined, never, held(100))).toMatchObject({ ready: true, op: { localId: other.localId } });
    expect(nextOperation(l.read(), never, undefined, never, held(6_000))).toMatchObject({ ready: true, op: { localId: row.localId } });
    // an edit of the held add folds into it (it was not sent), and the add stays held
    l.change((j) => recordEdit(j, row.localId, { hours: '02:00' }, 30));
    expect(l.read().ops[0]).toMatchObject({ retryAt: 5_010, add: { hours: '02:00' } });
    // sent again: the step is over; found absent again: counted again; applied: both forgotten
    l.change((j) => markSending(j, id, 6_000));
    expect(l.read().ops[0].retryAt).toBeUndefined();
    l.change((j) => markAbsent(j, id, 6_010, 16_000, 'again'));
    expect(l.read().ops[0]).toMatchObject({ resends: 2, retryAt: 16_000 });
    l.change((j) => {
      markSending(j, id, 16_000);
      markApplied(j, id, 16_010, { timeLogId: 'T1' });
    });
    expect(l.read().ops.find((o) => o.id === id)).not.toHaveProperty('retryAt');
  });
});

describe('the user resolves an entry', () => {
  function ambiguous() {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const id = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, id, 2);
      markAmbiguous(j, id, 3);
    });
    return { l, row, id };
  }

  it('shows an ambiguous add with the explanation and the three choices', () => {
    const { l } = ambiguous();
    const entry = toOutboxEntry(l.read(), l.read().ops[0]);
    expect(entry).toMatchObject({
      state: 'needs-attention',
      message: AMBIGUOUS_ADD_MESSAGE,
      resolutions: ['mark-recorded', 'retry', 'discard'],
    });
  });

  it('sends again without reconciling only once after "Send again", and reconciles again after a crash', () => {
    const { l, id } = ambiguous();
    l.change((j) => retryOp(j, id, 4));
    expect(nextOperation(l.read(), never)).toMatchObject({ ready: true, reconcile: false });
    l.change((j) => markSending(j, id, 5));
    expect(nextOperation(l.read(), never)).toMatchObject({ ready: true, reconcile: true });
  });

  it('keeps the log and stops trying when it is marked as recorded', () => {
    const { l, row, id } = ambiguous();
    l.change((j) => markRecordedOp(j, id, 4));
    expect(syncStateOf(l.read(), row.localId)).toBe('synced');
    expect(l.read().rows[row.localId]).toMatchObject({ description: 'work', hours: '01:00' });
  });

  it('removes the log with its add when the add is discarded', () => {
    const { l, row, id } = ambiguous();
    l.change((j) => discardOp(j, id, 4));
    expect(l.read().rows[row.localId]).toBeUndefined();
    expect(l.read().ops).toEqual([]);
  });

  it('keeps the delete, to be checked by hand, when a maybe-sent add is discarded after the log was deleted', () => {
    const { l, row, id } = ambiguous();
    l.change((j) => recordDelete(j, row.localId, 4));
    const del = l.read().ops.find((o) => o.kind === 'delete')!;
    expect(toOutboxEntry(l.read(), l.read().ops[0])).toMatchObject({ kind: 'add', maybeSent: true });
    l.change((j) => discardOp(j, id, 5));
    // the add is gone; the delete stays, and says what to do, because the log may be in the service
    expect(l.read().ops.map((o) => o.id)).toEqual([del.id]);
    const entry = toOutboxEntry(l.read(), l.read().ops[0]);
    expect(entry).toMatchObject({
      kind: 'delete',
      state: 'needs-attention',
      message: ADD_DISCARDED_BEFORE_DELETE,
      resolutions: ['discard'],
    });
    expect(entry.hours).toBe(row.hours);
    expect(nextOperation(l.read(), never)).toEqual({ ready: false });
    expect(l.read().rows[row.localId]).toMatchObject({ pendingDelete: true });
    // discarding that too leaves nothing behind: not a log restored that Punchcard never confirmed
    l.change((j) => discardOp(j, del.id, 6));
    expect(l.read().ops).toEqual([]);
    expect(l.read().rows[row.localId]).toBeUndefined();
  });

  it('does not call a refused add maybe-sent, and discarding it removes its log', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const id = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, id, 2);
      markRefused(j, id, 3, 'Job is closed.');
    });
    expect(toOutboxEntry(l.read(), l.read().ops[0]).maybeSent).toBeUndefined();
    l.change((j) => discardOp(j, id, 4));
    expect(l.read().ops).toEqual([]);
    expect(l.read().rows[row.localId]).toBeUndefined();
  });

  it('reverts the log to the values the service has when an edit is discarded, and restores it when a delete is', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const add = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, add, 2);
      markApplied(j, add, 3, { timeLogId: 'T1' });
    });
    l.change((j) => recordEdit(j, row.localId, { hours: '05:00' }, 4));
    const edit = l.read().ops.find((o) => o.kind === 'edit')!.id;
    l.change((j) => discardOp(j, edit, 5));
    expect(l.read().rows[row.localId].hours).toBe('01:00');
    l.change((j) => recordDelete(j, row.localId, 6));
    const del = l.read().ops.find((o) => o.kind === 'delete')!.id;
    l.change((j) => discardOp(j, del, 7));
    expect(l.read().rows[row.localId].pendingDelete).toBeUndefined();
  });

  it('puts a fixed refused add back in the queue with the new values', () => {
    const l = fresh();
    const row = l.change((j) => recordAdd(j, fields(), 1));
    const id = l.read().ops[0].id;
    l.change((j) => {
      markSending(j, id, 2);
      markRefused(j, id, 3, '8002: too many');
    });
    l.change((j) => fixOp(j, id, { hours: '00:30' }, 4));
    expect(l.read().ops[0]).toMatchObject({ state: 'queued', add: { hours: '00:30' } });
    expect(l.read().rows[row.localId].hours).toBe('00:30');
  });
});

describe('durability and housekeeping', () => {
  // A write the disk refuses leaves the document and the file as they were: outbox-journal.test.ts proves it on the file.
  it('has a change on disk before change() returns: a start right after finds it', () => {
    const dir = tempDir('punch-outbox-');
    const l = createLedger(dir, clock);
    const row = l.change((j) => recordAdd(j, fields({ description: 'on disk' }), 1));
    const next = createLedger(dir, clock);
    expect(next.read().rows[row.localId]).toMatchObject({ description: 'on disk', hours: '01:00' });
    expect(next.read().ops).toHaveLength(1);
    next.close();
    l.close();
  });

  it('keeps only the latest 50 synced entries for display', () => {
    const l = fresh();
    for (let i = 0; i < 60; i++) {
      l.change((j) => {
        recordAdd(j, fields({ description: `n${i}` }), i);
        const op = j.ops[j.ops.length - 1];
        markSending(j, op.id, i);
        markApplied(j, op.id, i, { timeLogId: `T${i}` });
      });
    }
    expect(l.read().ops).toHaveLength(50);
    expect(Object.keys(l.read().rows)).toHaveLength(60);
    expect(l.read().ops[0].add?.description).toBe('n10');
  });
});
