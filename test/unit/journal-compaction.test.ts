/**
 * Compaction of the outbox journal (src/core/journal/compaction.ts): a snapshot is written in records of up to
 * 100 rows or operations (a start reads few, large records), a journal compacted one record per entry (as earlier
 * versions wrote it) still loads as it was, and the file is compacted once the records appended since the last
 * snapshot outnumber a quarter of the live rows and operations, so a start never reads a tail longer than that.
 * @inner src/core/journal/file.ts, src/core/journal/format.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalFile, JOURNAL_FILE } from '../../src/core/journal/file';
import { encodeRecord, headerRecord } from '../../src/core/journal/format';
import { createLedger, emptyJournal, type Journal } from '../../src/core/journal';
import { recordAdd, recordEdit } from '../../src/core/outbox';
import { listDamage } from '../../src/core/store';
import { tempDir } from '../fixtures/temp-dirs';
import { testClock, wallClock } from '../fixtures/test-timers';

const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
const fields = (i: number) => ({
  workDate: `2026-11-${10 + (i % 9)}`,
  hours: '00:30',
  jobName: 'Job',
  billingStatus: 'Billable' as const,
  description: `log ${i}`,
});
const plain = (j: Readonly<Journal>) => JSON.parse(JSON.stringify(j)) as Journal;
const linesOf = (dir: string) =>
  fs
    .readFileSync(path.join(dir, JOURNAL_FILE), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l.slice(9)));

function documentOf(n: number): Journal {
  const doc = emptyJournal();
  for (let i = 0; i < n; i++) recordAdd(doc, fields(i), 1000 + i);
  return doc;
}

describe('compaction', () => {
  it('writes the snapshot in records of up to 100 rows or operations, and reads back the same document', () => {
    const dir = tempDir('punch-compact-');
    const doc = documentOf(250);
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(doc));
    const records = linesOf(dir);
    // header, 3 records of rows (100, 100, 50), 3 of operations, the mark
    expect(records.map((r) => r.t)).toEqual(['header', ...Array(6).fill('change'), 'snapshot']);
    expect(records.slice(1, 4).map((r) => Object.keys(r.rows).length)).toEqual([100, 100, 50]);
    expect(records.slice(4, 7).map((r) => r.ops.length)).toEqual([100, 100, 50]);
    expect(plain(createLedger(dir, clock).read())).toEqual(plain(doc));
  });

  it('loads a journal compacted one record per row and per operation, as earlier versions wrote it', () => {
    const dir = tempDir('punch-compact-');
    const doc = documentOf(30);
    const lines = [encodeRecord(headerRecord(1))];
    for (const [id, row] of Object.entries(doc.rows)) lines.push(encodeRecord({ t: 'change', rows: { [id]: row } }));
    for (const op of doc.ops) lines.push(encodeRecord({ t: 'change', ops: [op] }));
    lines.push(encodeRecord({ t: 'snapshot', rows: 30, ops: 30, seq: doc.seq }));
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), lines.join(''), { mode: 0o600 });
    const ledger = createLedger(dir, clock);
    expect(plain(ledger.read())).toEqual(plain(doc));
    expect(ledger.health()).toMatchObject({ damage: [], tornTails: 0 });
    expect(listDamage(dir)).toEqual([]);
    // and goes on from there: a change is appended to it as it is
    ledger.change((j) => recordAdd(j, fields(99), 5000));
    expect(createLedger(dir, clock).read().ops).toHaveLength(31);
    ledger.close();
  });

  it('compacts once the records since the last snapshot outnumber a quarter of the live entries, not before', async () => {
    const dir = tempDir('punch-compact-');
    const held = testClock(clock.now());
    const ledger = createLedger(dir, held, { compaction: { minRecords: 10, delayMs: 5 } });
    // 100 logs in one change: 200 live rows and operations, so a tail of 50 records is allowed
    ledger.change((j) => {
      for (let i = 0; i < 100; i++) recordAdd(j, fields(i), 1000 + i);
    });
    const id = Object.keys(ledger.read().rows)[0];
    for (let i = 0; i < 48; i++) ledger.change((j) => recordEdit(j, id, { description: `edit ${i}` }, 2000 + i));
    expect(held.pending()).toBe(0); // not worth compacting: no compaction waits
    await held.advance(5);
    expect(linesOf(dir).filter((r) => r.t === 'change')).toHaveLength(49); // 1 + 48 appended, not compacted
    for (let i = 48; i < 52; i++) ledger.change((j) => recordEdit(j, id, { description: `edit ${i}` }, 2000 + i));
    await held.advance(5);
    const records = linesOf(dir);
    expect(records.map((r) => r.t)).toEqual(['header', 'change', 'change', 'snapshot']);
    expect(createLedger(dir, clock).read().rows[id].description).toBe('edit 51');
    ledger.close();
  });
});
