/**
 * The quick test of a record read at start (src/core/journal/stored.ts): it lets a record through without zod only
 * when zod's schemas would accept it too, so it can make a start faster but never let in a damaged record (which the
 * damaged-file check must report, not read). And it does pass what the journal writes, or it would speed up nothing.
 * @inner src/core/journal/stored.ts, src/core/journal/file/index.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLedger, type Journal } from '../../src/core/journal';
import { JOURNAL_FILE } from '../../src/core/journal/file';
import { parseRecord, quickTestPasses, schemasAccept } from '../../src/core/journal/stored';
import { randomStep, rng } from '../fixtures/journal-steps';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));

/** The records of a journal file made by 200 of the outbox's own rules, then compacted once. */
function writtenRecords(): unknown[] {
  const dir = tempDir('punch-record-check-');
  const ledger = createLedger(dir, clock);
  const r = rng(25);
  for (let t = 1, steps = 0; steps < 200; t++) {
    const step = randomStep(r, ledger.read() as Journal, t);
    if (!step) continue;
    steps++;
    try {
      ledger.change((d) => step(d));
    } catch {
      // a rule that refuses changes nothing
    }
  }
  const lines = readFileSync(join(dir, JOURNAL_FILE), 'utf8').split('\n').filter(Boolean);
  ledger.close();
  return lines.map((line) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as unknown); // `<crc32> <json>`
}

const WRONG: unknown[] = [undefined, null, '', 'x', 0, -1, 1.5, Number.NaN, Infinity, true, [], {}, [1], { a: 1 }];
const BAD_TEXT: unknown[] = ['2026-02-30', '2026-11-18T00:00', '25:00', '1:00', '01:60', 'queued?', 'add '];

/** Every record the damage can make of one: each key (at every depth) removed or given a wrong value. */
function* damaged(value: unknown, r: () => number): Generator<unknown> {
  if (typeof value !== 'object' || value === null) return;
  const keys = Object.keys(value);
  for (const key of keys) {
    const copy = (): Record<string, unknown> => structuredClone(value) as Record<string, unknown>;
    const gone = copy();
    delete gone[key];
    yield gone;
    for (const wrong of [...WRONG, ...BAD_TEXT]) {
      if (r() > 0.35) continue; // a third of them on each key, chosen by a fixed seed: enough, and quick
      const c = copy();
      c[key] = wrong;
      yield c;
    }
    const inner = (value as Record<string, unknown>)[key];
    for (const d of damaged(inner, r)) {
      const c = copy();
      c[key] = d;
      yield c;
    }
  }
}

describe('the quick test of a record read at start', () => {
  const records = writtenRecords();

  it('passes every header, change and snapshot record the journal writes, so they skip zod', () => {
    const kinds = records.map((rec) => (rec as { t: string }).t);
    expect(kinds.filter((t) => t === 'change').length).toBeGreaterThan(50);
    expect(kinds).toContain('header');
    for (const rec of records) expect(quickTestPasses(rec), JSON.stringify(rec).slice(0, 200)).toBe(true);
  });

  it('never passes a damaged record the schemas refuse: removed keys, wrong types, bad days and hours, a row filed under another id', () => {
    const r = rng(2025);
    let refused = 0;
    let tried = 0;
    for (const rec of records.slice(0, 60)) {
      const extra: unknown[] = [];
      const rows = (rec as { rows?: Record<string, unknown> }).rows;
      const firstId = rows && Object.keys(rows)[0];
      if (firstId) extra.push({ ...(rec as object), rows: { ...rows, 'L-other': rows[firstId] } });
      for (const bad of [...damaged(rec, r), ...extra]) {
        tried++;
        const accepted = schemasAccept(bad);
        if (!accepted) refused++;
        if (quickTestPasses(bad)) expect(accepted, JSON.stringify(bad).slice(0, 300)).toBe(true);
        // what the reader decides is the schemas' decision, whichever path it took
        expect(parseRecord(bad) !== undefined).toBe(accepted);
      }
    }
    expect(tried).toBeGreaterThan(2000);
    expect(refused).toBeGreaterThan(500);
  });
});
