/**
 * What a torn last record may have been (src/core/journal/torn-end.ts): the entries a cut before the mark names its
 * entry may have marked `sending` are every entry the sync engine could have picked, whatever the accounts, paused
 * endpoints, backoff steps and claims (checked against the engine's own pick, `nextOperation`, on random outboxes);
 * and a record that reads as something else than a mark is none.
 * @inner src/core/journal/torn-end.ts, src/core/journal/format.ts, src/core/outbox/operations.ts, src/core/outbox/send-steps.ts
 */
import { describe, expect, it } from 'vitest';
import { current, emptyJournal, type Journal } from '../../src/core/journal';
import { encodeRecord } from '../../src/core/journal/format';
import { mayBeMarkedNext, tornSendingMarks } from '../../src/core/journal/torn-end';
import { recordAdd, recordDelete, recordEdit } from '../../src/core/outbox/operations';
import { markAbsent, markApplied, markRefused, markSending, nextOperation } from '../../src/core/outbox/send-steps';

/** A small deterministic generator (the same outboxes on every run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ACCOUNTS = ['sandbox|http://a|u', 'service|http://b|v', undefined];
const KINDS = ['timetracker/addtimelog', 'timetracker/edittimelog', 'timetracker/deletetimelog'];

/** An outbox after `steps` random rules: adds under three accounts, edits, deletes, sends, refusals, backoff steps. */
function randomOutbox(rnd: () => number, steps: number): Journal {
  const j = structuredClone(emptyJournal()) as Journal;
  for (let i = 0; i < steps; i++) {
    const now = 1_000 + i;
    const r = rnd();
    const ids = Object.keys(j.rows);
    const some = ids[Math.floor(rnd() * ids.length)];
    const op = j.ops[Math.floor(rnd() * j.ops.length)];
    try {
      if (r < 0.35 || ids.length === 0) {
        const account = ACCOUNTS[Math.floor(rnd() * ACCOUNTS.length)];
        recordAdd(
          j,
          { workDate: '2026-11-16', hours: '01:00', jobName: 'Job', billingStatus: 'Billable', description: `d${i}` },
          now,
          account,
        );
      } else if (r < 0.5) recordEdit(j, some, { hours: `0${1 + Math.floor(rnd() * 8)}:00` }, now);
      else if (r < 0.57) recordDelete(j, some, now);
      else if (op && op.state === 'queued' && r < 0.7) markSending(j, op.id, now);
      else if (op && op.state === 'sending' && r < 0.8) markApplied(j, op.id, now, { timeLogId: `T-${i}` });
      else if (op && op.state === 'sending' && r < 0.85) markAbsent(j, op.id, now, now + 5_000, 'absent');
      else if (op && op.state !== 'synced' && r < 0.9) markRefused(j, op.id, now, 'refused');
      else if (op && op.state === 'needs-attention' && op.maybeSent) op.resendApproved = true;
      if (op && op.state === 'queued' && rnd() < 0.1) op.resendApproved = op.maybeSent || undefined;
    } catch {
      /* a rule that refuses (an edit of a deleted log): the outbox stays as it was */
    }
  }
  return j;
}

describe('the entries a torn mark may have been for', () => {
  it('include every entry the engine could have marked sending, for any account, paused endpoints, backoff and claims', () => {
    const rnd = random(25);
    let picks = 0;
    let sizes = 0;
    const outboxes: Journal[] = [];
    for (let n = 0; n < 300; n++) {
      const j = randomOutbox(rnd, 5 + Math.floor(rnd() * 40));
      outboxes.push(j);
      const candidates = new Set(mayBeMarkedNext(j));
      sizes += candidates.size;
      for (let k = 0; k < 20; k++) {
        const paused = new Set(KINDS.filter(() => rnd() < 0.3));
        const held = new Set(j.ops.filter(() => rnd() < 0.3).map((o) => o.id));
        const elsewhere = new Set(j.ops.filter(() => rnd() < 0.3).map((o) => o.id));
        const account = ACCOUNTS[Math.floor(rnd() * 2)];
        const next = nextOperation(
          j,
          (e) => paused.has(e),
          account,
          (o) => elsewhere.has(o.id),
          (o) => held.has(o.id),
        );
        // the engine marks `sending` and sends as it is only an entry not to be reconciled first
        if (!next.ready || next.reconcile || next.op.state !== 'queued') continue;
        picks++;
        expect(candidates.has(next.op.id), `${next.op.id} in ${JSON.stringify(current(j).ops.map((o) => [o.id, o.kind, o.state]))}`).toBe(
          true,
        );
      }
    }
    expect(picks).toBeGreaterThan(1_000);
    const waiting = outboxes.reduce((n, j) => n + j.ops.filter((o) => o.state === 'queued').length, 0) / 300;
    console.info(`torn-end: ${(sizes / 300).toFixed(1)} entries checked on average, of ${waiting.toFixed(1)} queued`);
    // a handful, not every entry waiting
    expect(sizes / 300).toBeLessThan(6);
  });

  it('are the first of a backlog, not the backlog: 1,000 adds waiting under one account give one entry to check', () => {
    const j = structuredClone(emptyJournal()) as Journal;
    for (let i = 0; i < 1_000; i++)
      recordAdd(
        j,
        { workDate: '2026-11-16', hours: '00:10', jobName: 'Job', billingStatus: 'Billable', description: `b${i}` },
        i,
        ACCOUNTS[0],
      );
    expect(mayBeMarkedNext(j)).toEqual([j.ops[0].id]);
  });

  it('are none when the cut record reads as a new log, an edit or another state, and the named entry when it names one', () => {
    const j = structuredClone(emptyJournal()) as Journal;
    const a = recordAdd(j, { workDate: '2026-11-16', hours: '01:00', jobName: 'Job', billingStatus: 'Billable' }, 1, 'x');
    recordAdd(j, { workDate: '2026-11-17', hours: '02:00', jobName: 'Job', billingStatus: 'Billable' }, 2, 'x');
    const [first, second] = j.ops.map((o) => o.id);
    const torn = (record: object, keep: number) => {
      const line = Buffer.from(encodeRecord(record as never).slice(0, keep));
      return tornSendingMarks(line, { start: 0, end: line.length, terminated: false, why: 'midRecord' }, j);
    };
    const mark = { t: 'change', ops: [{ ...j.ops[1], state: 'sending', maybeSent: true }] };
    // cut inside its id: each entry the engine could have picked whose id begins so (the first add takes the turn)
    expect(torn(mark, 12)).toEqual([first]);
    expect(torn(mark, 9 + '{"t":"change","ops":[{"id":"op-00000'.length)).toEqual([first]);
    expect(torn(mark, 9 + '{"t":"change","ops":[{"id":"op-000002'.length)).toEqual([]);
    expect(torn(mark, 9 + '{"t":"change","ops":[{"id":"op-000002"'.length)).toEqual([second]);
    expect(torn(mark, 200)).toEqual([second]);
    // rows first (a new log, an edit, an answer): no mark
    expect(torn({ t: 'change', rows: { [a.localId]: a } }, 40)).toEqual([]);
    // the entry's state readable and not `sending` (a failed attempt noted): no mark
    expect(torn({ t: 'change', ops: [{ ...j.ops[1], state: 'queued', attempts: [{ at: 3, outcome: 'retry' }] }] }, 200)).toEqual([]);
  });
});
