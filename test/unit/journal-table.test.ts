/**
 * The tables a snapshot of format version 4 writes its rows and entries as (src/core/journal/table.ts, src/core/journal/table-records.ts): a list of
 * objects reads back exactly (fields, their order, their values, whatever shapes the objects have), a table that is
 * not one reads as nothing, and a table record whose row or entry lacks what it must hold is refused as a change record
 * with that row would be.
 * @inner src/core/journal/table.ts, src/core/journal/table-records.ts, src/core/journal/file/index.ts, src/core/journal/stored.ts
 */
import { describe, expect, it } from 'vitest';
import { fromTable, toTable } from '../../src/core/journal/table';
import { opsRecord, parseTableRecord, rowsRecord } from '../../src/core/journal/table-records';
import { JournalFile } from '../../src/core/journal/file';
import { createLedger, emptyJournal, type Journal, type LedgerRow } from '../../src/core/journal';
import { isOp, isRow } from '../../src/core/journal/stored';
import { recordAdd } from '../../src/core/outbox';
import { rng } from '../fixtures/journal-steps';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const asRecord = (t: object) => JSON.parse(JSON.stringify(t)) as Record<string, unknown>;

/** Objects of random shapes: fields left out, in another order, of every JSON kind, texts repeated or not. */
function randomObjects(r: () => number, n: number): Record<string, unknown>[] {
  const names = ['a', 'b', 'workDate', 'hours', 'n', 'flag', 'list', 'obj', 'constructor', 'x y'];
  const values = [
    () => `text ${Math.floor(r() * 3)}`,
    () => `unique ${r()}`,
    () => Math.floor(r() * 1e13),
    () => -Math.floor(r() * 100),
    () => r(),
    () => r() > 0.5,
    () => null,
    () => [],
    () => [1, 'two'],
    () => ({ nested: { deep: r() > 0.5 } }),
    () => 'ünïcødé 東京',
  ];
  return Array.from({ length: n }, () => {
    const o: Record<string, unknown> = {};
    const order = [...names].sort(() => r() - 0.5);
    for (const k of order) if (r() > 0.3) o[k] = values[Math.floor(r() * values.length)]();
    return o;
  });
}

describe('a list of objects as a table', () => {
  it('reads back every object exactly, its fields in the order written, whatever shapes and values they have', () => {
    const r = rng(7);
    for (let round = 0; round < 100; round++) {
      const items = randomObjects(r, Math.floor(r() * 40));
      const back = fromTable(asRecord(toTable(items)));
      expect(JSON.stringify(back)).toBe(JSON.stringify(items));
    }
  });

  it('writes a column of one value once, repeated texts as a dictionary and whole numbers as differences', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({
      day: '2026-11-20',
      job: `job ${i % 3}`,
      at: 1795000000000 + i * 7,
      note: `n${i}`,
    }));
    const t = toTable(items);
    expect(t.keys).toEqual(['day', 'job', 'at', 'note']);
    expect(t.cols[0]).toEqual({ c: '2026-11-20' });
    expect(t.cols[1]).toEqual({ d: ['job 0', 'job 1', 'job 2'], i: items.map((_, i) => i % 3) });
    expect(t.cols[2]).toEqual({ n: [1795000000000, ...Array<number>(99).fill(7)] });
    expect(t.cols[3]).toEqual(items.map((o) => o.note));
    expect(t.shapes).toBeUndefined();
    expect(fromTable(asRecord(t))).toEqual(items);
  });

  it('reads a table that is not one as nothing: a column too short or too long, an index out of its list, a field twice or __proto__', () => {
    const good = asRecord(toTable([{ a: 'x', b: 1 }, { b: 2 }, { a: 'x', b: 3 }]));
    expect(fromTable(good)).toEqual([{ a: 'x', b: 1 }, { b: 2 }, { a: 'x', b: 3 }]);
    const broken: Array<(t: Record<string, unknown>) => void> = [
      (t) => (t.n = 4),
      (t) => (t.n = -1),
      (t) => ((t.cols as unknown[])[1] = { n: [1, 1] }),
      (t) => ((t.cols as unknown[])[1] = [1, 2, 3, 4]),
      (t) => ((t.cols as unknown[])[1] = { d: ['one'], i: [0, 1, 0] }),
      (t) => ((t.cols as unknown[])[1] = { c: { an: 'object' } }),
      (t) => ((t.cols as unknown[])[1] = { n: [1, 0.5, 1] }),
      (t) => (t.keys = ['a', 'a']),
      (t) => (t.keys = ['__proto__', 'b']),
      (t) => ((t.s as number[])[0] = 9),
      (t) => ((t.shapes as number[][])[0] = [0, 0]),
      (t) => delete t.s,
      (t) => (t.cols = 'no'),
    ];
    for (const change of broken) {
      const t = structuredClone(good);
      change(t);
      expect(fromTable(t), JSON.stringify(t)).toBeUndefined();
    }
  });
});

describe('the table records of a snapshot', () => {
  const doc: Journal = emptyJournal();
  for (let i = 0; i < 5; i++)
    recordAdd(doc, { workDate: '2026-11-20', hours: '01:00', jobName: 'Job', billingStatus: 'Billable' }, 1000 + i);
  const rows = Object.values(doc.rows);

  it('reads back the rows and entries written', () => {
    expect(parseTableRecord(asRecord(rowsRecord(rows)) as never)).toEqual({ t: 'rows', rows });
    expect(parseTableRecord(asRecord(opsRecord(doc.ops)) as never)).toEqual({ t: 'ops', ops: doc.ops });
  });

  it('refuses a record with one row whose hours are not HH:MM, or one entry without its state, as damage', () => {
    const bad: LedgerRow[] = [...rows.slice(0, 4), { ...rows[4], hours: 'two hours' }];
    expect(parseTableRecord(asRecord(rowsRecord(bad)) as never)).toBeUndefined();
    const noState = doc.ops.map((o, i) => (i === 2 ? { ...o, state: undefined } : o));
    expect(parseTableRecord(asRecord(opsRecord(noState as never)) as never)).toBeUndefined();
    const filed = { ...rows[1], localId: '' };
    expect(parseTableRecord(asRecord(rowsRecord([rows[0], filed])) as never)).toBeUndefined();
  });

  it('accepts a table exactly when the schemas accept each of its rows and entries: removed fields, wrong types, bad days and hours', () => {
    const wrong: unknown[] = [undefined, null, '', 'x', 0, 1.5, true, [], {}, '2026-02-30', '25:00', '1:00', 'queued?'];
    let refused = 0;
    for (const [record, items, one] of [
      [rowsRecord, rows, isRow],
      [opsRecord, doc.ops, isOp],
    ] as const) {
      for (const key of Object.keys(items[2])) {
        for (const value of wrong) {
          const bad = { ...items[2], [key]: value } as Record<string, unknown>;
          if (value === undefined) delete bad[key];
          const list = items.map((x, i) => (i === 2 ? bad : x));
          const accepted = one(bad);
          if (!accepted) refused++;
          expect(parseTableRecord(asRecord(record(list as never)) as never) !== undefined, `${key}: ${JSON.stringify(value)}`).toBe(
            accepted,
          );
        }
      }
    }
    expect(refused).toBeGreaterThan(60);
  });

  it('keeps, through a snapshot, a field a newer Punchcard wrote on some rows and entries only', () => {
    const dir = tempDir('punch-table-');
    const newer = structuredClone(doc);
    const first = Object.keys(newer.rows)[1];
    newer.rows[first] = { ...newer.rows[first], ...({ laterField: { kept: true } } as object) };
    newer.ops[3] = { ...newer.ops[3], ...({ laterFlag: 'as written' } as object) };
    const file = new JournalFile({ dataDir: dir, now: () => 9000 });
    file.locked(() => file.writeWhole(newer));
    const back = createLedger(
      dir,
      wallClock(() => 9000),
    ).read();
    expect(JSON.parse(JSON.stringify(back))).toEqual(JSON.parse(JSON.stringify(newer)));
    expect(back.rows[first]).toMatchObject({ laterField: { kept: true } });
    expect(back.ops[3]).toMatchObject({ laterFlag: 'as written' });
  });
});
