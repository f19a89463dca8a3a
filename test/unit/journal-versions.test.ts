/**
 * Journal files of format versions 2 and 3, as those versions of Punchcard wrote them (test/fixtures/journal-versions,
 * made by `make.mts` with the older trees' own writers): they open as they are, without a damage report, into the
 * document those versions read back, and the next compaction writes them as version 4 (the snapshot's rows and
 * entries as tables, src/core/journal/table.ts), which reads back the same document and goes on taking changes.
 * @inner src/core/journal/file/index.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JournalFile, JOURNAL_FILE } from '../../src/core/journal/file';
import { createLedger, type Journal } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox';
import { listDamage } from '../../src/core/store';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/journal-versions');
const clock = wallClock(() => Date.UTC(2026, 10, 20, 9));
const plain = (j: Readonly<Journal>) => JSON.parse(JSON.stringify(j)) as Journal;
const kinds = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line.slice(9)) as { t: string }).t);

describe.each([2, 3])('a journal of format version %i', (version) => {
  const fixture = fs.readFileSync(path.join(FIXTURES, `v${version}.journal`));
  const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, `v${version}.expected.json`), 'utf8')) as Journal;

  function opened(): string {
    const dir = tempDir('punch-versions-');
    fs.writeFileSync(path.join(dir, JOURNAL_FILE), fixture, { mode: 0o600 });
    return dir;
  }

  it('opens as it is: the document that version read back, no damage, the file untouched', () => {
    const dir = opened();
    const ledger = createLedger(dir, clock);
    expect(fixture.toString('latin1')).toContain(`"version":${version}`);
    expect(plain(ledger.read())).toEqual(expected);
    expect(ledger.health()).toMatchObject({ damage: [], tornTails: 0 });
    expect(listDamage(dir)).toEqual([]);
    expect(fs.readFileSync(path.join(dir, JOURNAL_FILE)).equals(fixture)).toBe(true);
    ledger.close();
  });

  it('is written as version 4 at its next compaction, smaller, and reads back the same document', () => {
    const dir = opened();
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(file.doc));
    const text = fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8');
    expect(text).toMatch(/^[0-9a-f]{8} \{"t":"header","format":"punchcard-outbox","version":4,/);
    expect(kinds(text)).toEqual(['header', 'rows', 'ops', 'snapshot']);
    expect(text.length).toBeLessThan(fixture.length * 0.6);
    const ledger = createLedger(dir, clock);
    expect(plain(ledger.read())).toEqual(expected);
    expect(listDamage(dir)).toEqual([]);
    // and goes on from there: a change is appended to the version 4 file, read by another process as well
    const row = ledger.change((j) =>
      recordAdd(j, { workDate: '2026-11-20', hours: '00:15', jobName: 'Website Redesign', billingStatus: 'Billable' }, 5000),
    );
    expect(kinds(fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8')).at(-1)).toBe('change');
    const other = createLedger(dir, clock).read();
    expect(other.rows[row.localId]).toEqual(row);
    expect(other.ops).toHaveLength(expected.ops.length + 1);
    ledger.close();
  });
});
