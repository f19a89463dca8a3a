/**
 * The rows' order a whole read of the journal hands the index (src/core/journal/indexes/held.ts `rowOrderOf`): an
 * opening's week takes its rows from one pass over that list, and the index of every day is built only by the first
 * rule. A change of entries only (the sync's note on an attempt while offline, at an opening) keeps the list: the week
 * read after it must not build the index of every day. A change that adds or removes a row drops it, and every answer
 * stays what a walk over the rows answers. Beside it, the rows the read found with a service id: the index of service
 * ids (the week's merge asks it at an opening) is built from those, not by a pass over every row, and answers as a
 * walk does whatever the later records did to them (an id given, taken away, a row removed). And each day's rows, noted
 * as the read reads them: the opening's week takes its rows from seven lists, in the map's order, as a walk finds them.
 * @inner src/core/journal/indexes/held.ts, src/core/journal/file/index.ts
 */
import { describe, expect, it } from 'vitest';
import {
  createLedger,
  findItem,
  rowsOnDays,
  rowsWithAnyTimeLogId,
  rowsWithTimeLogId,
  type Journal,
  type LedgerRow,
} from '../../src/core/journal';
import { daysRead, rowIndexes, rowOrderOf, rowsWithIdsRead } from '../../src/core/journal/indexes/held';
import { JournalFile } from '../../src/core/journal/file';
import { recordAdd } from '../../src/core/outbox';
import { addDays } from '../../src/shared/time/week';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
const DAY = '2026-11-16';
const days = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(DAY, i));

const fields = (workDate: string, hours = '00:30') => ({
  workDate,
  hours,
  jobId: 'J1',
  jobName: 'Job 1',
  billingStatus: 'Billable' as const,
});

/** A journal of `n` logs waiting over 20 days, written by one ledger and closed: its directory and the logs' ids. */
function journalOf(n: number): { dir: string; ids: string[] } {
  const dir = tempDir('punch-row-order-');
  const ledger = createLedger(dir, clock);
  const ids: string[] = [];
  ledger.change((j) => {
    for (let i = 0; i < n; i++) ids.push(recordAdd(j, fields(addDays(DAY, -10 + (i % 20))), 1000 + i).localId);
  });
  ledger.close();
  return { dir, ids };
}

/** The week's rows by a walk over the whole rows map, in its order. */
const walked = (j: Readonly<Journal>): string[] =>
  Object.values(j.rows)
    .filter((r: LedgerRow) => days.includes(r.workDate))
    .map((r) => r.localId);

/** Whether the index of every day was built for the ledger's current rows. */
const daysBuilt = (j: Readonly<Journal>): boolean => !!rowIndexes.get(j.rows)?.byDay;

describe("the rows' order of a whole read", () => {
  it('survives a change of entries only: the week after it is read in one pass, the index of every day not built', () => {
    const { dir, ids } = journalOf(400);
    const ledger = createLedger(dir, clock);
    const opened = ledger.read();
    expect(rowOrderOf(opened.rows)).toHaveLength(400);
    // what the sync notes on an entry it could not send (offline): the entry changes, no row does
    ledger.change((j) => {
      const op = findItem(j.ops, (o) => o.localId === ids[0])!;
      op.updatedAt = 5000;
      op.attempts.push({ at: 5000, outcome: 'retry', message: 'The service could not be reached.' });
    });
    const j = ledger.read();
    expect(j.ops[0].attempts).toHaveLength(1);
    expect(rowOrderOf(j.rows)).toHaveLength(400);
    expect(rowsOnDays(j, days).map((r) => r.localId)).toEqual(walked(j));
    expect(daysBuilt(j)).toBe(false);
    ledger.close();
  });

  it('survives a row replaced where it is, and the week then reads its new values', () => {
    const { dir, ids } = journalOf(200);
    const ledger = createLedger(dir, clock);
    ledger.read();
    ledger.change((j) => {
      j.rows[ids[3]] = { ...j.rows[ids[3]], hours: '01:15', workDate: days[2], updatedAt: 6000 };
    });
    const j = ledger.read();
    expect(rowOrderOf(j.rows)).toHaveLength(200);
    const week = rowsOnDays(j, days);
    expect(week.map((r) => r.localId)).toEqual(walked(j));
    expect(week.find((r) => r.localId === ids[3])?.hours).toBe('01:15');
    expect(daysBuilt(j)).toBe(false);
    ledger.close();
  });

  it('is dropped by a change that adds or removes a row, and the week is then read by the index, as a walk reads it', () => {
    const ledger = createLedger(journalOf(200).dir, clock);
    ledger.read();
    ledger.change((j) => {
      recordAdd(j, fields(days[1], '02:00'), 7000);
    });
    let j = ledger.read();
    expect(rowOrderOf(j.rows)).toBeUndefined();
    expect(
      rowsOnDays(j, days)
        .map((r) => r.localId)
        .sort(),
    ).toEqual(walked(j).sort());
    expect(daysBuilt(j)).toBe(true);

    const removing = journalOf(200);
    const other = createLedger(removing.dir, clock);
    other.read();
    other.change((d) => {
      delete d.rows[removing.ids[5]];
    });
    j = other.read();
    expect(rowOrderOf(j.rows)).toBeUndefined();
    expect(
      rowsOnDays(j, days)
        .map((r) => r.localId)
        .sort(),
    ).toEqual(walked(j).sort());
    ledger.close();
    other.close();
  });
});

describe('the rows a whole read found with a service id', () => {
  it('are the only rows the index of service ids starts from, and it answers as a walk, whatever later records did to them', () => {
    const { dir, ids } = journalOf(300);
    const writer = createLedger(dir, clock);
    writer.read();
    // in later change records: two rows given an id, one of them removed after, one given an id then another, one
    // given an id then losing it
    writer.change((j) => {
      for (const [k, id] of [
        [0, 'T0'],
        [1, 'T1'],
        [2, 'T2'],
        [3, 'T3'],
      ] as const)
        j.rows[ids[k]] = { ...j.rows[ids[k]], timeLogId: id };
    });
    writer.change((j) => {
      delete j.rows[ids[1]];
      j.rows[ids[2]] = { ...j.rows[ids[2]], timeLogId: 'T2b' };
      const { timeLogId: _gone, ...rest } = j.rows[ids[3]];
      j.rows[ids[3]] = rest;
    });
    writer.close();

    const ledger = createLedger(dir, clock);
    const j = ledger.read();
    expect(new Set(rowsWithIdsRead.get(j.rows))).toEqual(new Set([ids[0], ids[1], ids[2], ids[3]]));
    const walk = Object.values(j.rows).filter((r) => r.timeLogId);
    expect(
      rowsWithAnyTimeLogId(j)
        .map((r) => r.localId)
        .sort(),
    ).toEqual(walk.map((r) => r.localId).sort());
    expect(
      rowsWithAnyTimeLogId(j)
        .map((r) => r.timeLogId)
        .sort(),
    ).toEqual(['T0', 'T2b']);
    for (const t of ['T0', 'T1', 'T2', 'T2b', 'T3'])
      expect(rowsWithTimeLogId(j, t).map((r) => r.localId)).toEqual(walk.filter((r) => r.timeLogId === t).map((r) => r.localId));
    // a change that touches a row (a send confirmed: a row gains its id) drops the list; the index built follows it
    ledger.change((d) => {
      d.rows[ids[10]] = { ...d.rows[ids[10]], timeLogId: 'T10' };
    });
    const after = ledger.read();
    expect(rowsWithIdsRead.get(after.rows)).toBeUndefined();
    expect(rowsWithTimeLogId(after, 'T10').map((r) => r.localId)).toEqual([ids[10]]);
    ledger.close();
  });
});

describe('the days a whole read noted', () => {
  /** Every week from 12 days before DAY to 5 after, as a walk over the rows map finds its rows, in the map's order. */
  function expectWeeksAsWalked(j: Readonly<Journal>): void {
    for (let shift = -12; shift <= 5; shift++) {
      const week = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(DAY, shift + i));
      const walk = Object.values(j.rows).filter((r) => week.includes(r.workDate));
      expect(rowsOnDays(j, week), `week from ${week[0]}`).toEqual(walk);
    }
  }

  it('give the weeks of an opening as a walk does: on appended records, a snapshot, rows replaced on their day', () => {
    const { dir, ids } = journalOf(400);
    const writer = createLedger(dir, clock);
    writer.change((j) => {
      j.rows[ids[7]] = { ...j.rows[ids[7]], hours: '01:15', updatedAt: 6000 }; // replaced on its own day
      recordAdd(j, fields(days[3], '00:45'), 6001); // a new row after them
    });
    writer.close();
    let ledger = createLedger(dir, clock);
    let j = ledger.read();
    expect(daysRead.get(j.rows)?.get(days[3])?.length).toBeGreaterThan(1);
    expectWeeksAsWalked(j);
    expect(daysBuilt(j)).toBe(false);
    ledger.close();

    // the same rows as a snapshot's tables, read again
    const file = new JournalFile({ dataDir: dir, now: () => clock.now() });
    file.locked(() => file.writeWhole(file.doc));
    ledger = createLedger(dir, clock);
    j = ledger.read();
    expect(daysRead.get(j.rows)).toBeDefined();
    expectWeeksAsWalked(j);
    ledger.close();
  });

  it('are dropped by a record that moved a row to another day, or by a change that touches a row, and the weeks stay as walked', () => {
    const { dir, ids } = journalOf(300);
    const writer = createLedger(dir, clock);
    writer.change((j) => {
      j.rows[ids[4]] = { ...j.rows[ids[4]], workDate: days[5], updatedAt: 6000 };
    });
    writer.close();
    const moved = createLedger(dir, clock);
    expect(daysRead.get(moved.read().rows)).toBeUndefined();
    expectWeeksAsWalked(moved.read());
    moved.close();

    const other = journalOf(300);
    const ledger = createLedger(other.dir, clock);
    expect(daysRead.get(ledger.read().rows)).toBeDefined();
    ledger.change((j) => {
      j.rows[other.ids[9]] = { ...j.rows[other.ids[9]], workDate: days[1], updatedAt: 6000 };
    });
    const j = ledger.read();
    expect(daysRead.get(j.rows)).toBeUndefined();
    expectWeeksAsWalked(j);
    ledger.close();
  });
});
