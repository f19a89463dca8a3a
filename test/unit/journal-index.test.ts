/**
 * The ledger's indexes (src/core/journal/indexes/index.ts): the rows of a day, the rows by service id and without one,
 * a log's operations, an operation by its id, and the unfinished operations counted by state and account (the status). They must answer what a walk over the whole document answers, after every change made in this
 * process, after changes another process appended, and inside a change (on the draft, with what the rule wrote); and
 * a change with the day's questions must not walk the whole ledger (that is what they are for).
 * @inner src/core/journal/change.ts, src/core/journal/file/index.ts, src/core/journal/indexes/index.ts, src/core/outbox/operations.ts, src/core/outbox/send-steps.ts, src/core/outbox/ledger-queries.ts
 */
import { describe, expect, it } from 'vitest';
import { draftChange } from '../../src/core/journal/change';
import {
  findItem,
  itemsToRead,
  removeItems,
  createLedger,
  emptyJournal,
  opById,
  opsOf,
  minutesOn,
  rowsBefore,
  rowsMaybeOnService,
  rowsOn,
  rowsOnDays,
  rowsWithAnyTimeLogId,
  rowsWithoutTimeLogId,
  rowsWithTimeLogId,
  type Journal,
  type LedgerRow,
} from '../../src/core/journal';
import { holdIndexes } from '../../src/core/journal/indexes';
import { JournalFile } from '../../src/core/journal/file';
import { recordAdd } from '../../src/core/outbox/operations';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { countByState } from '../../src/core/outbox/ledger-queries';
import { dayTotalWithService } from '../../src/core/week';
import { addDays } from '../../src/shared/time/week';
import { parseHhmm } from '../../src/shared/time/hours';
import { tempDir } from '../fixtures/temp-dirs';
import { randomStep, rng } from '../fixtures/journal-steps';
import { wallClock } from '../fixtures/test-timers';

const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
/** Which rows' minutes a day's total takes: every account's, one account's (and rows of none), rows of no account. */
const ACCOUNT_TESTS: Array<[string, (account: string) => boolean]> = [
  ['every account', () => true],
  ['maya', (a) => a === '' || a === 'sandbox|maya@demo.test'],
  ['rows of no account', (a) => a === ''],
];
const byId = (rows: readonly LedgerRow[]) => JSON.stringify([...rows].sort((a, b) => a.localId.localeCompare(b.localId)));

/** Every question of the index against the same question answered by walking the whole document. */
function expectIndexesRight(j: Readonly<Journal>, where: string): void {
  const rows = Object.values(j.rows);
  const days = new Set(rows.map((r) => r.workDate).concat('2026-11-01', '2026-11-15', '2026-12-01'));
  for (const day of days) {
    expect(byId(rowsOn(j, day)), `${where}: rows on ${day}`).toBe(byId(rows.filter((r) => r.workDate === day)));
    expect(byId(rowsBefore(j, day)), `${where}: rows before ${day}`).toBe(byId(rows.filter((r) => r.workDate < day)));
  }
  for (const id of new Set(
    rows
      .map((r) => r.timeLogId)
      .filter((x): x is string => !!x)
      .concat('T-none'),
  )) {
    expect(byId(rowsWithTimeLogId(j, id)), `${where}: rows with ${id}`).toBe(byId(rows.filter((r) => r.timeLogId === id)));
  }
  expect(byId(rowsWithAnyTimeLogId(j)), `${where}: rows with a service id`).toBe(byId(rows.filter((r) => r.timeLogId)));
  expect(byId(rowsWithoutTimeLogId(j)), `${where}: rows without a service id`).toBe(byId(rows.filter((r) => !r.timeLogId)));
  const ops = itemsToRead(j.ops);
  // the day's minutes by account, and the rows that may claim a service log, against walks over every row and entry
  for (const day of days)
    for (const [name, mine] of ACCOUNT_TESTS) {
      const walked = rows
        .filter((r) => r.workDate === day && !r.pendingDelete && mine(r.account ?? ''))
        .reduce((t, r) => t + parseHhmm(r.hours), 0);
      expect(minutesOn(j, day, mine), `${where}: minutes on ${day} for ${name}`).toBe(walked);
    }
  const maybeOnService = rows.filter((r) => {
    if (r.timeLogId) return false;
    const add = ops.find((o) => o.localId === r.localId && o.kind === 'add' && o.state !== 'synced');
    return !add || add.maybeSent;
  });
  const maybe = (row: LedgerRow) => {
    const add = ops.find((o) => o.localId === row.localId && o.kind === 'add' && o.state !== 'synced');
    return !add || add.maybeSent;
  };
  expect(byId(rowsMaybeOnService(j, maybe)), `${where}: rows that may hold a service log`).toBe(byId(maybeOnService));
  for (const localId of new Set([...ops.map((o) => o.localId), ...Object.keys(j.rows)])) {
    expect(JSON.stringify(opsOf(j, localId)), `${where}: operations of ${localId}`).toBe(
      JSON.stringify(ops.filter((o) => o.localId === localId)),
    );
  }
}

/** The status's counts by the index, against the same counts made entry by entry on a copy the ledger does not hold. */
function expectCountsRight(j: Readonly<Journal>, where: string): void {
  const walked = JSON.parse(JSON.stringify(j)) as Journal;
  for (const account of [undefined, 'sandbox|maya@demo.test', 'service|https://x.test|liam@x.test'])
    expect(countByState(j, account), `${where}: counts for ${account ?? 'every account'}`).toEqual(countByState(walked, account));
  for (const op of itemsToRead(j.ops)) expect(opById(j, op.id), `${where}: ${op.id} by its id`).toBe(op);
  expect(opById(j, 'op-none')).toBeUndefined();
}

describe('the ledger indexes', () => {
  it('answer what a walk answers, after each of 300 random rules, in another process reading along, and inside the change', () => {
    const dir = tempDir('punch-index-');
    const writer = createLedger(dir, clock);
    const reader = createLedger(dir, clock);
    const r = rng(7);
    let steps = 0;
    for (let t = 1; steps < 300; t++) {
      const step = randomStep(r, writer.read() as Journal, t);
      if (!step) continue;
      steps++;
      try {
        writer.change((d) => {
          const out = step(d);
          expectIndexesRight(d, `inside the change of step ${steps}`);
          return out;
        });
      } catch (e) {
        if ((e as Error).name === 'AssertionError') throw e;
        // a rule that refuses (a log deleted meanwhile, an entry in flight) changes nothing
      }
      expectIndexesRight(writer.read(), `after step ${steps}`);
      expectCountsRight(writer.read(), `after step ${steps}`);
      if (steps % 7 === 0) {
        expectIndexesRight(reader.read(), `read by the other ledger after step ${steps}`);
        expectCountsRight(reader.read(), `read by the other ledger after step ${steps}`);
      }
    }
    expect(Object.keys(writer.read().rows).length).toBeGreaterThan(10);
    expect(new Set(Object.values(writer.read().rows).map((row) => row.workDate)).size).toBeGreaterThan(3);
    // a fresh start reads the file whole and builds them again; a day's rows in the rows map's order (the index of a
    // whole read walks the ids in the order the records put them, not the map), as a snapshot and as records
    for (const compacted of [false, true]) {
      if (compacted) {
        const file = new JournalFile({ dataDir: dir, now: () => clock.now() });
        file.locked(() => file.writeWhole(file.doc));
      }
      const restarted = createLedger(dir, clock).read();
      // a week's rows before any rule built the index of days (an opening's week: one pass), then by that index; each
      // day's in the rows map's order (the merge sorts by day, then job, and keeps that order among equals)
      const week = ['2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18'];
      const byDay = (rows: readonly LedgerRow[]) => [...rows].sort((a, b) => a.workDate.localeCompare(b.workDate)).map((r) => r.localId);
      const inWeek = byDay(Object.values(restarted.rows).filter((r) => week.includes(r.workDate)));
      expect(inWeek.length).toBeGreaterThan(0);
      expect(byDay(rowsOnDays(restarted, week)), 'the week before the index of days').toEqual(inWeek);
      expectIndexesRight(restarted, `after a restart${compacted ? ' on a compacted file' : ''}`);
      expect(byDay(rowsOnDays(restarted, week)), 'the week by the index of days').toEqual(inWeek);
      for (const day of new Set(Object.values(restarted.rows).map((r) => r.workDate)))
        expect(
          rowsOn(restarted, day).map((r) => r.localId),
          `the order of ${day}`,
        ).toEqual(
          Object.values(restarted.rows)
            .filter((r) => r.workDate === day)
            .map((r) => r.localId),
        );
    }
    writer.close();
    reader.close();
  });

  it('answer the as-you-type check with 2,000 entries of one day waiting without asking a row: the sum and the claimants come from the index', () => {
    const ledger = createLedger(tempDir('punch-index-day-'), clock);
    const day = '2026-11-18';
    ledger.change((j) => {
      for (let i = 0; i < 2000; i++)
        recordAdd(j, { workDate: day, hours: '00:01', jobName: 'J', billingStatus: 'Billable' }, i, 'sandbox|maya@demo.test');
    });
    const j = ledger.read();
    const asked: string[] = [];
    const claimants = rowsMaybeOnService(j, (row) => (asked.push(row.localId), true));
    expect(claimants).toEqual([]);
    expect(asked).toEqual([]);
    expect(minutesOn(j, day, () => true)).toBe(2000);
    // one of them maybe sent (its answer lost): it alone may claim a service log
    const first = j.ops[0].id;
    ledger.change((d) => markSending(d, first, 5));
    expect(rowsMaybeOnService(ledger.read(), () => true).map((r) => r.localId)).toEqual([ledger.read().ops[0].localId]);
    expect(asked).toEqual([]);
    ledger.close();
  });

  it("count each account's unfinished entries apart, also when a log's account changes or its row goes", () => {
    const ledger = createLedger(tempDir('punch-index-accounts-'), clock);
    const maya = 'sandbox|maya@demo.test';
    const liam = 'service|https://x.test|liam@x.test';
    const log = () => ({ workDate: '2026-11-18', hours: '01:00', jobName: 'J', billingStatus: 'Billable' as const });
    const [a, b] = ledger.change((j) => [recordAdd(j, log(), 1, maya).localId, recordAdd(j, log(), 1, liam).localId]);
    ledger.change((j) => recordAdd(j, log(), 1)); // made before accounts were recorded: any account's
    expect(countByState(ledger.read(), maya)).toEqual({ queued: 2, sending: 0, needsAttention: 0, otherAccounts: 1 });
    expectCountsRight(ledger.read(), 'three accounts');
    const first = ledger.read().ops[0].id;
    ledger.change((j) => markSending(j, first, 2));
    expect(countByState(ledger.read(), maya)).toEqual({ queued: 1, sending: 1, needsAttention: 0, otherAccounts: 1 });
    // the log of liam's entry taken over by maya (a repair by hand): its entry counts as maya's from then on
    ledger.change((j) => {
      j.rows[b].account = maya;
    });
    expect(countByState(ledger.read(), maya)).toEqual({ queued: 2, sending: 1, needsAttention: 0, otherAccounts: 0 });
    // a row gone while its entry waits: the entry is any account's (as a walk over the entries says)
    ledger.change((j) => {
      delete j.rows[a];
    });
    expectCountsRight(ledger.read(), 'a row gone');
    expect(countByState(ledger.read(), liam)).toEqual({ queued: 1, sending: 1, needsAttention: 0, otherAccounts: 1 });
    ledger.close();
  });

  it('log as fast on a ledger of 10,000 logs as on one of 500: a change and its day read only that day', () => {
    /** The median time of what logTime and a sync step do on a ledger of `n` logs (over a year, all sent). */
    function perLog(n: number): number {
      let doc: Journal = emptyJournal();
      for (let i = 0; i < n; i++) {
        const localId = `L-${i}`;
        const values = { workDate: addDays('2026-01-01', i % 365), hours: '00:10', jobName: 'J', billingStatus: 'Billable' as const };
        doc.rows[localId] = { localId, ...values, timeLogId: `S-${i}`, remote: values, createdAt: i, updatedAt: i };
      }
      holdIndexes(doc);
      const day = '2026-11-18';
      // a log the outbox does not know on that day (made on the service's web page)
      const elsewhere = {
        timeLogId: 'W-1',
        workDate: day,
        hours: '05:00',
        jobId: 'X',
        jobName: 'Other',
        billingStatus: 'Billable' as const,
      };
      const before = dayTotalWithService(doc, day, [elsewhere]);
      const times: number[] = [];
      for (let i = 0; i < 120; i++) {
        const started = performance.now();
        doc = draftChange(doc, (d) => {
          dayTotalWithService(d, day, [elsewhere]);
          return recordAdd(d, { workDate: day, hours: '00:10', jobName: 'J', billingStatus: 'Billable' }, 100_000 + i);
        }).commit();
        const id = doc.ops[doc.ops.length - 1].id;
        doc = draftChange(doc, (d) => markSending(d, id, 200_000 + i)).commit();
        doc = draftChange(doc, (d) => markApplied(d, id, 300_000 + i, { timeLogId: `T${i}` })).commit();
        if (i >= 20) times.push(performance.now() - started); // the first ones warm the code up
      }
      expect(dayTotalWithService(doc, day, [elsewhere]), 'the day counts every log once').toBe(before + 120 * 10);
      return times.sort((x, y) => x - y)[times.length >> 1];
    }
    const small = perLog(500);
    const large = perLog(10_000);
    // a walk of every row (or of every entry for each row) per change made this grow with the ledger, 20 times here
    expect(large / small, `${large.toFixed(3)} ms a log at 10,000 against ${small.toFixed(3)} ms at 500`).toBeLessThan(4);
  });
});

describe('arrays inside a change', () => {
  const op = (id: number, localId: string) => ({ id: `op-${id}`, localId, n: 0 });

  it('removes elements without losing what was written to the others, and keeps a removed draft closed', () => {
    const base = { version: 1 as const, rows: {}, seq: 0, ops: [op(1, 'a'), op(2, 'b'), op(3, 'a'), op(4, 'c')] } as unknown as Journal;
    let removed: { n: number } | undefined;
    const { diff, commit } = draftChange(base, (d) => {
      const ops = d.ops as unknown as Array<{ id: string; localId: string; n: number }>;
      findItem(ops, (o) => o.id === 'op-4')!.n = 4;
      removed = findItem(ops, (o) => o.id === 'op-1')!;
      removed.n = 1;
      removeItems(ops, (o) => o.localId === 'a');
      findItem(ops, (o) => o.id === 'op-2')!.n = 2;
      expect(itemsToRead(ops).map((o) => `${o.id}:${o.n}`)).toEqual(['op-2:2', 'op-4:4']);
    });
    const next = commit();
    expect(next.ops.map((o) => `${o.id}:${(o as unknown as { n: number }).n}`)).toEqual(['op-2:2', 'op-4:4']);
    expect(diff.opsGone).toEqual(['op-1', 'op-3']);
    expect(base.ops.map((o) => (o as unknown as { n: number }).n)).toEqual([0, 0, 0, 0]);
    expect(() => {
      removed!.n = 9;
    }).toThrow(/after its change ended/);
  });
});
