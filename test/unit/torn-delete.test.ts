/**
 * A torn delete (src/core/journal/torn-end.ts `tornDeletes`): the last record of the journal, a delete of a log the
 * file still holds, cut short by a disk that lost the end of the file after the write returned. Cut off, the log
 * would stay and be sent although the user deleted it; so once the record names its log and the delete, it is
 * reported and offered ("Delete it" / "Keep it"), at every byte where it can end. A record that takes a row away and
 * is cut before its log's id is whole is offered once what is left of the id fits one log of the file, and before that
 * said ("a delete may not have been saved; check the week"), never dropped in silence; cut before it says it takes a
 * row away, nothing tells a delete: cut off quietly. A record that takes away a row the service confirmed deleted is
 * no delete of the user's: never offered.
 * @inner src/core/journal/file/index.ts, src/core/outbox/operations.ts, src/core/outbox/send-steps.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger, type Journal } from '../../src/core/journal';
import { JOURNAL_FILE } from '../../src/core/journal/file';
import { recordAdd, recordDelete } from '../../src/core/outbox/operations';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { listDamage } from '../../src/core/store';
import { wallClock } from '../fixtures/test-timers';
import { fields } from '../fixtures/log-fields';

const clock = wallClock(() => Date.UTC(2026, 10, 20, 9, 30));
const dirs: string[] = [];
/**
 * Memory-backed when the system has one (/dev/shm, tmpfs): each cut opens a ledger whose repair writes and fsyncs a
 * fresh journal, a kept copy and a report, hundreds of times a test. On a disk those fsyncs were most of the file's
 * time (15-30 s under the suite's load); on tmpfs they return at once, and what is checked (the bytes read back, the
 * rows and reports) is the same.
 */
const scratch = fs.existsSync('/dev/shm') && fs.statSync('/dev/shm').isDirectory() ? '/dev/shm' : os.tmpdir();
function dataDir(): string {
  const d = fs.mkdtempSync(path.join(scratch, 'punch-torn-delete-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const fileOf = (dir: string) => path.join(dir, JOURNAL_FILE);
const plain = (j: Readonly<Journal>) => JSON.parse(JSON.stringify(j)) as Journal;

/**
 * Logs `a` and `b` (b synced as T-b when `synced`), then `last` appended as one more change: the file's bytes, where
 * its last record starts, and the document before that record.
 */
function journalThen(synced: boolean, last: (j: Journal, b: string) => void): { full: Buffer; start: number; before: Journal; b: string } {
  const dir = dataDir();
  const ledger = createLedger(dir, clock);
  ledger.change((j) => recordAdd(j, fields('a'), 1));
  const b = ledger.change((j) => recordAdd(j, fields('b'), 2)).localId;
  if (synced) {
    ledger.change((j) => markSending(j, j.ops[1].id, 3));
    ledger.change((j) => markApplied(j, j.ops[1].id, 4, { timeLogId: 'T-b' }));
  }
  const before = plain(ledger.read());
  const start = fs.statSync(fileOf(dir)).size;
  ledger.change((j) => {
    last(j, b);
  });
  ledger.close();
  return { full: fs.readFileSync(fileOf(dir)), start, before, b };
}

/** Opens a ledger over a journal of exactly `bytes`: its reports, and its rows then. */
function reopened(bytes: Buffer) {
  const dir = dataDir();
  fs.writeFileSync(fileOf(dir), bytes);
  const ledger = createLedger(dir, clock);
  const rows = plain(ledger.read()).rows;
  ledger.close();
  return { reports: listDamage(dir), rows };
}

const deleteOfB = {
  localId: expect.any(String),
  workDate: '2026-11-16',
  hours: '01:00',
  jobName: 'Job',
  billingStatus: 'Billable',
  description: 'b',
};

describe('a torn delete of a log the file holds', () => {
  it('of a log the service has: cut before its row says "pendingDelete":true, dropped quietly; after, reported and offered', () => {
    const { full, start, before, b } = journalThen(true, (j, id) => void recordDelete(j, id, 5));
    const text = full.toString('latin1');
    // the member is whole once the character after `true` (a comma or the row's `}`) is read
    const told = text.indexOf('"pendingDelete":true', start) + '"pendingDelete":true'.length + 1;
    expect(told).toBeGreaterThan(start + 40);
    let offered = 0;
    for (let end = start + 1; end < full.length - 1; end++) {
      const { reports, rows } = reopened(full.subarray(0, end));
      if (end < told) {
        // the file holds the log as it was before the delete
        expect(rows, `cut at ${end}`).toEqual(before.rows);
        expect(reports, `cut at ${end}`).toEqual([]);
        continue;
      }
      expect(reports, `cut at ${end}`).toHaveLength(1);
      const [r] = reports;
      // as it was before the delete, held for the user's answer
      expect(rows, `cut at ${end}`).toEqual({ ...before.rows, [b]: { ...before.rows[b], deleteOffered: r.id } });
      expect(r.reason).toBe('its last record was cut short, and it holds a delete of a log that the file still holds');
      expect(r.offer?.logs).toEqual([]);
      expect(r.offer?.edits).toBeUndefined();
      expect(r.offer?.deletes, `cut at ${end}`).toEqual([{ ...deleteOfB, localId: b }]);
      expect(r.outcome).toContain(
        'seems to hold 1 delete of a log that was not saved (01:00 on Mon 16 Nov, Job ("b")): delete it or keep it',
      );
      // the record lost is the delete offered: only the offer is said, not "log anything missing again"
      expect(r.outcome, `cut at ${end}`).not.toMatch(/record could not be read|log anything missing again/);
      offered++;
    }
    // from the member to the record's last byte: every cut is offered
    expect(offered).toBe(full.length - 1 - told);
  });

  it('of a log never sent (its row taken away): quiet until the record says it takes a row away; then said (nothing missing, a delete maybe not saved), and offered once what is left of the id fits one log', () => {
    const { full, start, before, b } = journalThen(false, (j, id) => {
      expect(recordDelete(j, id, 5)).toBe('removed');
    });
    const a = Object.keys(before.rows).find((id) => id !== b)!;
    const text = full.toString('latin1');
    expect(text.slice(start + 9)).toMatch(/^\{"t":"change","rowsGone":\["/);
    // the record differs from a new log's or an edit's start (`{"t":"change","rows":{`) at its `G`
    const saysGone = start + 9 + '{"t":"change","rowsG'.length;
    const idAt = text.indexOf('"rowsGone":["', start) + '"rowsGone":["'.length;
    // where what is left of b's id no longer fits a's too (both are `L-` and a random UUID)
    let sameUntil = 0;
    while (a[sameUntil] === b[sameUntil]) sameUntil++;
    const fitsOne = idAt + sameUntil + 1;
    let offered = 0;
    let said = 0;
    for (let end = start + 1; end < full.length - 1; end++) {
      const { reports, rows } = reopened(full.subarray(0, end));
      if (end < saysGone) {
        // as well a new log's start: nothing tells a delete
        expect(rows, `cut at ${end}`).toEqual(before.rows);
        expect(reports, `cut at ${end}`).toEqual([]);
        continue;
      }
      expect(reports, `cut at ${end}`).toHaveLength(1);
      if (end < fitsOne) {
        // a delete of a or of b: said, neither offered nor held (the user checks the week)
        expect(rows, `cut at ${end}`).toEqual(before.rows);
        expect(reports[0].reason, `cut at ${end}`).toBe(
          'its last record was cut short before it named its log: a delete may not have been saved; check the week, and delete the log again if it is still there',
        );
        expect(reports[0].offer?.deletes ?? [], `cut at ${end}`).toEqual([]);
        // the record lost took a log away: nothing is missing, so the outcome does not send the user to log again
        expect(reports[0].outcome, `cut at ${end}`).not.toMatch(/record could not be read|log anything missing again/);
        expect(reports[0].outcome, `cut at ${end}`).toContain(
          'what could not be read was a delete cut before it named its log: no log is missing, but one you deleted may still be there',
        );
        said++;
        continue;
      }
      expect(reports, `cut at ${end}`).toHaveLength(1);
      expect(reports[0].offer?.deletes, `cut at ${end}`).toEqual([{ ...deleteOfB, localId: b }]);
      expect(reports[0].outcome, `cut at ${end}`).not.toMatch(/record could not be read|log anything missing again/);
      // held for the answer: its add is not sent meanwhile (src/core/outbox/send-steps.ts `nextOperation`)
      expect(rows, `cut at ${end}`).toEqual({ ...before.rows, [b]: { ...before.rows[b], deleteOffered: reports[0].id } });
      offered++;
    }
    expect(said).toBe(fitsOne - saysGone);
    expect(offered).toBe(full.length - 1 - fitsOne);
  });

  it('is not offered when the record takes away a row the service confirmed deleted (nothing the user did is lost)', () => {
    const dir = dataDir();
    const ledger = createLedger(dir, clock);
    ledger.change((j) => recordAdd(j, fields('a'), 1));
    ledger.change((j) => markSending(j, j.ops[0].id, 2));
    ledger.change((j) => markApplied(j, j.ops[0].id, 3, { timeLogId: 'T-a' }));
    ledger.change((j) => void recordDelete(j, j.ops[0].localId, 4));
    ledger.change((j) => markSending(j, j.ops[1].id, 5));
    const start = fs.statSync(fileOf(dir)).size;
    ledger.change((j) => markApplied(j, j.ops[1].id, 6, {}));
    ledger.close();
    const full = fs.readFileSync(fileOf(dir));
    expect(full.toString('latin1').slice(start)).toContain('"rowsGone"');
    for (let end = start + 1; end < full.length - 1; end++) expect(reopened(full.subarray(0, end)).reports, `cut at ${end}`).toEqual([]);
  });
});
