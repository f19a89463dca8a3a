/**
 * Compaction of the outbox journal (src/core/journal/compaction.ts): a compacted journal reads back whole, and a
 * record damaged in it loses at most a batch of logs (100), which the damage report counts; a journal compacted one
 * record per entry (as earlier versions wrote it) still loads as it was; and the file is rewritten once the changes
 * appended since it was last written outnumber a quarter of the live rows and operations, not before, so a start
 * never reads a tail longer than that.
 * @inner src/core/journal/file/index.ts, src/core/journal/format.ts, src/core/journal/table.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalFile, JOURNAL_FILE } from '../../src/core/journal/file';
import { encodeRecord, headerRecord } from '../../src/core/journal/format';
import { fromTable } from '../../src/core/journal/table';
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
function documentOf(n: number): Journal {
  const doc = emptyJournal();
  for (let i = 0; i < n; i++) recordAdd(doc, fields(i), 1000 + i);
  return doc;
}

/** The adds of the entries a snapshot wrote (version 4: the entries' tables), in order: null where the row's values stand. */
function writtenAdds(text: string): unknown[] {
  const records = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line.slice(9)) as Record<string, unknown>);
  return records.filter((r) => r.t === 'ops').flatMap((r) => fromTable(r)!.map((op) => op.add));
}

describe('compaction', () => {
  it('reads a compacted journal back whole; a record damaged in its middle loses at most 100 logs, which the report counts and offers to log again', () => {
    const dir = tempDir('punch-compact-');
    const doc = documentOf(250);
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(doc));
    expect(plain(createLedger(dir, clock).read())).toEqual(plain(doc));
    // a bad disk changes a byte in the first logs the file holds (a crash only ever cuts the end)
    const bytes = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8');
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), bytes.replace('"log 1"', '"log X"'));
    const damaged = createLedger(dir, clock);
    const kept = Object.keys(damaged.read().rows).length;
    expect(kept).toBeGreaterThanOrEqual(150);
    expect(kept).toBeLessThan(250);
    // an entry waiting with its log's values is written without them (version 3): it goes with its log's record
    expect(damaged.read().ops).toHaveLength(kept);
    const [report] = listDamage(dir);
    expect(report.outcome).toContain(`${kept} outbox entries recovered (${kept} queued) and ${kept} time logs`);
    expect(report.offer?.logs).toHaveLength(250 - kept);
    expect(report.outcome).toMatch(/log anything missing again/);
  });

  it('offers the logs of a table whose JSON a changed byte broke, from the columns that still parse', () => {
    const dir = tempDir('punch-compact-');
    const doc = documentOf(250);
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(doc));
    // the first table of rows: a byte of its times (after the logs' ids) changed so that its JSON no longer parses
    const lines = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8').split('\n');
    const first = lines.findIndex((l) => l.includes('{"t":"rows"'));
    const at = lines[first].lastIndexOf('{"n":[');
    lines[first] = `${lines[first].slice(0, at)}{"n" [${lines[first].slice(at + 6)}`;
    expect(() => JSON.parse(lines[first].slice(9))).toThrow();
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), lines.join('\n'));
    const damaged = createLedger(dir, clock);
    expect(Object.keys(damaged.read().rows)).toHaveLength(150);
    const [report] = listDamage(dir);
    expect(report.offer?.logs).toHaveLength(100);
    expect(report.offer?.logs[0]).toEqual(fields(0));
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

  it('opens a file of format version 2 (every add with its own values) as it is, and writes it as version 4 at its next compaction', () => {
    const dir = tempDir('punch-compact-');
    const doc = documentOf(30);
    const lines = [encodeRecord({ ...headerRecord(1), version: 2 })];
    lines.push(encodeRecord({ t: 'change', rows: doc.rows }), encodeRecord({ t: 'change', ops: doc.ops }));
    lines.push(encodeRecord({ t: 'snapshot', rows: 30, ops: 30, seq: doc.seq }));
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), lines.join(''), { mode: 0o600 });
    const ledger = createLedger(dir, clock);
    expect(plain(ledger.read())).toEqual(plain(doc));
    expect(listDamage(dir)).toEqual([]);
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(file.doc));
    const text = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8');
    expect(text).toMatch(/"version":4/);
    expect(writtenAdds(text).filter((a) => a === null)).toHaveLength(30);
    expect(plain(createLedger(dir, clock).read())).toEqual(plain(doc));
    ledger.close();
  });

  it("writes an add as its row's values only when they are the same, and reads every entry back with its own values", () => {
    const dir = tempDir('punch-compact-');
    const doc = documentOf(4);
    // an add sent (maybe) and then changed: the row holds the new hours, the add what was sent
    doc.ops[1] = { ...doc.ops[1], maybeSent: true, state: 'sending' };
    recordEdit(doc, doc.ops[1].localId, { hours: '02:00' }, 3000);
    // an add with a field its row does not hold, and a row with a field its add does not
    doc.ops[2] = { ...doc.ops[2], add: { ...doc.ops[2].add!, workItem: 'W-1' } };
    doc.rows[doc.ops[3].localId] = { ...doc.rows[doc.ops[3].localId], jobId: 'J-9' };
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(doc));
    const text = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8');
    // the first add only: the second was sent before its row changed, the third and fourth differ from their rows, the fifth is an edit
    expect(writtenAdds(text).map((a) => a === null)).toEqual([true, false, false, false, false]);
    expect(plain(createLedger(dir, clock).read())).toEqual(plain(doc));
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
    const written = fs.readFileSync(path.join(dir, JOURNAL_FILE));
    expect(held.pending()).toBe(0); // not worth compacting: no compaction waits
    await held.advance(5);
    // not rewritten yet: the file is what was appended, byte for byte
    expect(fs.readFileSync(path.join(dir, JOURNAL_FILE)).equals(written)).toBe(true);
    for (let i = 48; i < 52; i++) ledger.change((j) => recordEdit(j, id, { description: `edit ${i}` }, 2000 + i));
    const grown = fs.statSync(path.join(dir, JOURNAL_FILE)).size;
    await held.advance(5); // the compaction's delay (delayMs) on the clock
    // rewritten as what it holds: smaller than the log of its changes, and a start reads the same logs
    expect(fs.statSync(path.join(dir, JOURNAL_FILE)).size).toBeLessThan(grown);
    expect(fs.readFileSync(path.join(dir, JOURNAL_FILE)).subarray(0, written.length).equals(written)).toBe(false);
    expect(plain(createLedger(dir, clock).read())).toEqual(plain(ledger.read()));
    expect(createLedger(dir, clock).read().rows[id].description).toBe('edit 51');
    ledger.close();
  });
});
