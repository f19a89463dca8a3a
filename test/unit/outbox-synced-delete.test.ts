/**
 * A log deleted and the delete synced: its row goes, but the delete (and the log's synced edits) stay listed in the
 * outbox's "sent" group a while. They keep the day, hours and job the list shows (the entry's `shown`), through a
 * restart and a compaction; an entry an older Punchcard wrote without it still loads, and lists without a day.
 * @inner src/core/outbox/send-steps.ts, src/core/journal/file/index.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLedger, type Journal, type Ledger, type LogFields } from '../../src/core/journal';
import { JournalFile, JOURNAL_FILE } from '../../src/core/journal/file';
import { outboxWindow, recordAdd, recordDelete, recordEdit, toOutboxEntry } from '../../src/core/outbox';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { listDamage } from '../../src/core/store';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const fields: LogFields = {
  workDate: '2026-11-16',
  hours: '01:00',
  jobId: 'J1',
  jobName: 'Design',
  billingStatus: 'Billable',
  description: 'work',
};
const clock = wallClock(() => 1_000);

/** Sends the log's next entry and marks it applied, as the sync engine does. */
function sendNext(l: Ledger, at: number): void {
  const id = l.read().ops.find((o) => o.state !== 'synced')!.id;
  l.change((j) => {
    markSending(j, id, at);
    markApplied(j, id, at + 1, { timeLogId: 'T1' });
  });
}

/** A log added, edited (hours) and deleted, each synced: the row is gone, its three entries listed as sent. */
function deletedAndSynced(dir: string): Ledger {
  const l = createLedger(dir, clock);
  const row = l.change((j) => recordAdd(j, fields, 1));
  sendNext(l, 2);
  l.change((j) => recordEdit(j, row.localId, { hours: '02:30' }, 10));
  sendNext(l, 11);
  l.change((j) => recordDelete(j, row.localId, 20));
  sendNext(l, 21);
  return l;
}

const listed = (j: Readonly<Journal>) =>
  outboxWindow(j, undefined, 0, 50).entries.map((e) => ({ kind: e.kind, workDate: e.workDate, hours: e.hours, jobName: e.jobName }));

const SENT = [
  { kind: 'delete', workDate: '2026-11-16', hours: '02:30', jobName: 'Design' },
  { kind: 'edit', workDate: '2026-11-16', hours: '02:30', jobName: 'Design' },
  { kind: 'add', workDate: '2026-11-16', hours: '01:00', jobName: 'Design' },
];

describe('a synced delete in the outbox', () => {
  it("keeps its log's day, hours and job after the row goes, and so does the log's synced edit", () => {
    const l = deletedAndSynced(tempDir('punch-sentdel-'));
    expect(l.read().rows).toEqual({});
    expect(l.read().ops.map((o) => o.state)).toEqual(['synced', 'synced', 'synced']);
    expect(listed(l.read())).toEqual(SENT);
    // the add has its own values: it keeps nothing more
    expect(l.read().ops[0].shown).toBeUndefined();
    l.close();
  });

  it('keeps them through a restart and through a compaction (the snapshot written as tables)', () => {
    const dir = tempDir('punch-sentdel-');
    deletedAndSynced(dir).close();
    const again = createLedger(dir, clock);
    expect(listed(again.read())).toEqual(SENT);
    again.close();
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(file.doc));
    expect(fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8')).toContain('"shown"');
    const compacted = createLedger(dir, clock);
    expect(listed(compacted.read())).toEqual(SENT);
    expect(listDamage(dir)).toEqual([]);
    compacted.close();
  });
});

describe('a synced edit of a log the ledger prunes (a day and a last change over 16 weeks old)', () => {
  it('keeps the day, hours and job when the row goes', () => {
    const l = createLedger(tempDir('punch-sentdel-'), clock);
    const old = l.change((j) => recordAdd(j, { ...fields, workDate: '2026-01-05' }, 1));
    sendNext(l, 2);
    l.change((j) => recordEdit(j, old.localId, { description: 'later' }, 10));
    sendNext(l, 11);
    // a send months later prunes the old row (docs/outbox.md "Keeping the ledger bounded")
    l.change((j) => recordAdd(j, fields, 20));
    sendNext(l, Date.UTC(2026, 10, 20, 12));
    expect(l.read().rows[old.localId]).toBeUndefined();
    const edit = l.read().ops.find((o) => o.kind === 'edit')!;
    expect(toOutboxEntry(l.read(), edit)).toMatchObject({ workDate: '2026-01-05', hours: '01:00', jobName: 'Design' });
    l.close();
  });
});

describe('an entry written without `shown` (a journal of an older Punchcard)', () => {
  /** The same journal as an older Punchcard wrote it: whole, with no entry holding `shown`. */
  function older(): string {
    const dir = tempDir('punch-sentdel-');
    deletedAndSynced(dir).close();
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole({ ...file.doc, ops: file.doc.ops.map(({ shown: _, ...op }) => op) }));
    expect(fs.readFileSync(path.join(dir, JOURNAL_FILE), 'utf8')).not.toContain('"shown"');
    return dir;
  }

  it('loads without damage, and lists the delete without a day (never a made-up one)', () => {
    const dir = older();
    const l = createLedger(dir, clock);
    expect(l.health()).toMatchObject({ damage: [], tornTails: 0 });
    expect(listDamage(dir)).toEqual([]);
    expect(l.read().ops).toHaveLength(3);
    const [del, edit] = l.read().ops.slice(1).reverse();
    expect(toOutboxEntry(l.read(), del)).toMatchObject({ kind: 'delete', state: 'synced', workDate: '' });
    expect(toOutboxEntry(l.read(), del).hours).toBeUndefined();
    // the edit still says the hours it changed
    expect(toOutboxEntry(l.read(), edit)).toMatchObject({ kind: 'edit', workDate: '', hours: '02:30' });
    l.close();
  });

  it('goes on taking changes: a new log deleted and synced keeps its day beside the old entries', () => {
    const l = createLedger(older(), clock);
    const row = l.change((j) => recordAdd(j, { ...fields, workDate: '2026-11-17' }, 30));
    sendNext(l, 31);
    l.change((j) => recordDelete(j, row.localId, 40));
    sendNext(l, 41);
    expect(listed(l.read())[0]).toEqual({ kind: 'delete', workDate: '2026-11-17', hours: '01:00', jobName: 'Design' });
    l.close();
  });
});
