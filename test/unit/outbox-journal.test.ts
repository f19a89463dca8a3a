/**
 * The outbox journal file (src/core/journal/file/index.ts, through the ledger): records read back, a torn last
 * record (a crash mid-append) dropped at every byte where it can end, and every kind of damage kept aside byte for
 * byte, reported, and recovered from as far as it goes; the old outbox.json imported once; compaction; a failed write.
 * @inner src/core/journal/file/index.ts, src/core/journal/format.ts, src/core/outbox/operations.ts, src/core/outbox/send-steps.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPACT_DELAY_MS, createLedger, type Journal, type Ledger } from '../../src/core/journal';
import { JournalFile, JOURNAL_FILE } from '../../src/core/journal/file';
import { encodeRecord } from '../../src/core/journal/format';
import { recordAdd, recordEdit } from '../../src/core/outbox/operations';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { listDamage } from '../../src/core/store';
import { testClock, wallClock } from '../fixtures/test-timers';
import { fields } from '../fixtures/log-fields';

const clock = wallClock(() => Date.UTC(2026, 10, 20, 9, 30));
const dirs: string[] = [];
function dataDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-journal-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const fileOf = (dir: string) => path.join(dir, JOURNAL_FILE);
const bytesOf = (dir: string) => fs.readFileSync(fileOf(dir));
const linesOf = (dir: string) => bytesOf(dir).toString('utf8').split('\n').filter(Boolean);
const plain = (j: Readonly<Journal>) => JSON.parse(JSON.stringify(j)) as Journal;
const descriptions = (j: Readonly<Journal>) => j.ops.map((o) => o.add?.description);

/** A journal of `names.length` adds (one change each); the document after each change. */
function journalOf(names: string[]): { dir: string; ledger: Ledger; after: Journal[] } {
  const dir = dataDir();
  const ledger = createLedger(dir, clock);
  const after: Journal[] = [];
  for (const n of names) {
    ledger.change((j) => recordAdd(j, fields(n), clock.now()));
    after.push(plain(ledger.read()));
  }
  ledger.close();
  return { dir, ledger, after };
}

/** Start and end (after the newline) of each line of the file. */
function recordsOf(buf: Buffer): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  for (let pos = 0; pos < buf.length;) {
    const nl = buf.indexOf(10, pos);
    const end = nl === -1 ? buf.length : nl + 1;
    out.push({ start: pos, end });
    pos = end;
  }
  return out;
}

/** Opens the ledger over a data directory whose journal holds exactly `bytes`. */
function openWith(bytes: Buffer | string, dir = dataDir()): { dir: string; ledger: Ledger } {
  fs.writeFileSync(fileOf(dir), bytes);
  return { dir, ledger: createLedger(dir, clock) };
}

describe('the journal file', () => {
  it('holds a header and one checksummed record per change, reads back the same document, and is owner-only', () => {
    const parent = dataDir();
    const dir = path.join(parent, 'new', 'data');
    const ledger = createLedger(dir, clock);
    expect(fs.existsSync(fileOf(dir))).toBe(false); // nothing written until the first change
    const a = ledger.change((j) => recordAdd(j, fields('a'), 1));
    ledger.change((j) => recordAdd(j, fields('b'), 2));
    ledger.change((j) => recordEdit(j, a.localId, { hours: '02:00' }, 3));
    ledger.change((j) => {
      markSending(j, j.ops[1].id, 4);
    });
    ledger.change((j) => {
      markApplied(j, j.ops[1].id, 5, { timeLogId: 'T-b' });
    });
    ledger.change((j) => Object.keys(j.rows).length); // reads only: nothing appended

    const lines = linesOf(dir);
    expect(lines).toHaveLength(1 + 1 + 5); // header, the empty snapshot mark of a new file, five changes
    expect(lines[0]).toMatch(/^[0-9a-f]{8} \{"t":"header","format":"punchcard-outbox","version":4,/);
    for (const line of lines) expect(`${line}\n`).toBe(encodeRecord(JSON.parse(line.slice(9))));
    expect(plain(createLedger(dir, clock).read())).toEqual(plain(ledger.read()));
    expect(descriptions(createLedger(dir, clock).read())).toEqual(['a', 'b']);
    expect(fs.statSync(fileOf(dir)).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir).sort()).toEqual([JOURNAL_FILE]); // no lock file or temp file left
  });

  it('leaves the document and the file as they were when the rule throws, or when the disk refuses the write', () => {
    const { dir } = journalOf(['a']);
    const ledger = createLedger(dir, clock);
    const before = ledger.read();
    const bytes = bytesOf(dir);
    expect(() =>
      ledger.change((j) => {
        recordAdd(j, fields('b'), 2);
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(ledger.read()).toBe(before);
    expect(bytesOf(dir).equals(bytes)).toBe(true);

    // disk full after half of the record: what was written is cut off again, the document stays
    const real = fs.writeSync;
    let calls = 0;
    vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, buf: Buffer, off?: number, len?: number) => {
      if (calls++ === 0) return real(fd, buf, off ?? 0, Math.floor((len ?? buf.length) / 2));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }) as typeof fs.writeSync);
    expect(() => ledger.change((j) => recordAdd(j, fields('c'), 3))).toThrow(/ENOSPC/);
    vi.restoreAllMocks();
    expect(ledger.read()).toBe(before);
    expect(bytesOf(dir).equals(bytes)).toBe(true);

    ledger.change((j) => recordAdd(j, fields('d'), 4));
    expect(descriptions(createLedger(dir, clock).read())).toEqual(['a', 'd']);
    expect(listDamage(dir)).toEqual([]);
  });

  it('a torn last record: cut before its log can be read, dropped quietly; cut after, reported and its log offered', () => {
    const { dir, after } = journalOf(['a', 'b', 'c', 'd']);
    const full = bytesOf(dir);
    const last = recordsOf(full).at(-1)!;
    // the last record adds 'd': its day, hours and job are readable from the end of its job's name on
    const readable = full.indexOf('"jobName":"Job"', last.start) + '"jobName":"Job"'.length;
    // cut before `{"t":"change","r` it cannot be told from the `sending` mark of an entry (`…"ops":[{"id":…`), which
    // may have been acknowledged and sent: every entry the engine could have picked is checked with the service first
    const unknown = last.start + '12345678 {"t":"change","'.length;
    let quiet = 0;
    let told = 0;
    for (let end = last.start; end < last.end; end++) {
      const { dir: torn, ledger } = openWith(full.subarray(0, end));
      const reports = listDamage(torn);
      if (end <= readable) {
        // a crash in the middle of the write looks the same and nothing of it can be offered: cut off, kept quietly
        expect(reports, `cut at ${end}`).toEqual([]);
        const checked = end > last.start && end <= unknown;
        expect(
          ledger.read().ops.map((o) => o.maybeSent),
          `cut at ${end}`,
        ).toEqual([checked, checked, checked]);
        expect(plain(ledger.read()), `cut at ${end}`).toEqual(
          checked ? { ...after[2], ops: after[2].ops.map((o) => ({ ...o, maybeSent: true })) } : after[2],
        );
        expect(ledger.health().tornTails, `cut at ${end}`).toBe(end === last.start ? 0 : 1);
        if (!checked) expect(bytesOf(torn).equals(full.subarray(0, last.start)), `cut at ${end}`).toBe(true);
        quiet++;
        continue;
      }
      // it may have been acknowledged before the disk lost its end: told, kept byte for byte, and offered again
      expect(reports, `cut at ${end}`).toHaveLength(1);
      const [r] = reports;
      expect(r.reason).toBe('its last record was cut short, and it holds a log found nowhere else in the file');
      expect(fs.readFileSync(r.keptAs).equals(full.subarray(0, end)), `cut at ${end}`).toBe(true);
      expect(r.offer?.logs, `cut at ${end}`).toHaveLength(1);
      expect(r.offer?.logs[0], `cut at ${end}`).toMatchObject({ workDate: '2026-11-16', hours: '01:00', jobName: 'Job' });
      expect(descriptions(plain(ledger.read())), `cut at ${end}`).toEqual(['a', 'b', 'c']);
      told++;
    }
    expect(quiet + told).toBeGreaterThan(300); // every byte of a ~400-byte record
    expect(quiet).toBeGreaterThan(50);
    expect(told).toBeGreaterThan(200);
  });

  it('a torn `sending` mark: its entry (or, cut before its id, each the engine could have picked) is checked with the service, never sent blindly', () => {
    const { dir, after } = journalOf(['a', 'b']);
    const ledger = createLedger(dir, clock);
    ledger.change((j) => markSending(j, j.ops[1].id, clock.now()));
    ledger.close();
    const full = bytesOf(dir);
    const last = recordsOf(full).at(-1)!;
    const named = full.indexOf('"id":"op-000002"', last.start) + '"id":"op-00000'.length;
    for (let end = last.start + 1; end < last.end; end++) {
      const { dir: torn, ledger: reopened } = openWith(full.subarray(0, end));
      expect(listDamage(torn), `cut at ${end}`).toEqual([]);
      expect(reopened.health().tornTails, `cut at ${end}`).toBe(1);
      // nothing a user logged is in it; the rows without an account are in every account's turn, so before the id
      // is readable both entries may have been the one marked
      const j = plain(reopened.read());
      expect(j.rows, `cut at ${end}`).toEqual(after[1].rows);
      expect(j.ops.map((o) => o.state)).toEqual(['queued', 'queued']);
      expect(
        j.ops.map((o) => o.maybeSent),
        `cut at ${end}`,
      ).toEqual([end <= named, true]);
      // the file says so: a reader from scratch sees the same
      expect(plain(createLedger(torn, clock).read()), `cut at ${end}`).toEqual(j);
    }
  });

  it('a torn edit of a log the file holds: cut before its row is whole, dropped quietly; after, reported and the change offered (and only it: nothing said missing)', () => {
    const { dir, after } = journalOf(['a', 'b']);
    const ledger = createLedger(dir, clock);
    const id = ledger.read().ops[0].localId;
    ledger.change((j) => recordEdit(j, id, { hours: '02:30', description: 'a, longer' }, clock.now()));
    ledger.close();
    const full = bytesOf(dir);
    const last = recordsOf(full).at(-1)!;
    const text = full.toString('latin1');
    // the row is whole once its object closes: its last field, then `}`
    const whole = text.indexOf('}', text.indexOf('"updatedAt"', last.start)) + 1;
    let told = 0;
    for (let end = last.start + 1; end < last.end; end++) {
      const { dir: torn, ledger: reopened } = openWith(full.subarray(0, end));
      const reports = listDamage(torn);
      // either way the file holds the log as it was before the change
      expect(plain(reopened.read()).rows, `cut at ${end}`).toEqual(after[1].rows);
      if (end < whole) {
        expect(reports, `cut at ${end}`).toEqual([]);
        continue;
      }
      expect(reports, `cut at ${end}`).toHaveLength(1);
      const [r] = reports;
      expect(r.reason).toBe(
        'its last record was cut short, and it holds a change of a log that the file holds as it was before the change',
      );
      expect(r.offer?.logs).toEqual([]);
      expect(r.offer?.edits, `cut at ${end}`).toEqual([
        {
          localId: id,
          workDate: '2026-11-16',
          hours: '02:30',
          jobName: 'Job',
          billingStatus: 'Billable',
          description: 'a, longer',
          was: { workDate: '2026-11-16', hours: '01:00', billingStatus: 'Billable', description: 'a' },
        },
      ]);
      expect(r.outcome).toContain(
        'seems to hold 1 change of a log that was not made (02:30 on Mon 16 Nov, Job ("a, longer"), where the file holds 01:00 on Mon 16 Nov, Job ("a")): make it again or discard it',
      );
      // the record lost is the change offered: no log is missing, so nothing sends the user to log again
      expect(r.outcome, `cut at ${end}`).not.toMatch(/record could not be read|log anything missing again/);
      told++;
    }
    expect(told).toBeGreaterThan(100);
  });

  it('cuts a torn end quietly when its writer died holding the lock (a kill splits a write at a page boundary): never acknowledged, nothing offered or checked', () => {
    const { dir, after } = journalOf(['a', 'b', 'c', 'd']);
    const full = bytesOf(dir);
    const last = recordsOf(full).at(-1)!;
    // the writer of the last record was killed in the middle of it: its lock is left, naming a pid that is gone
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const leftLock = () => fs.writeFileSync(`${fileOf(dir)}.lock`, JSON.stringify({ pid: dead, at: Date.now(), token: 'killed' }));
    for (const end of [last.start + 20, last.start + 100, last.end - 20]) {
      fs.writeFileSync(fileOf(dir), full.subarray(0, end));
      leftLock();
      const ledger = createLedger(dir, clock);
      expect(listDamage(dir), `cut at ${end}`).toEqual([]);
      expect(ledger.health().tornTails, `cut at ${end}`).toBe(1);
      expect(plain(ledger.read()), `cut at ${end}`).toEqual(after[2]);
      expect(fs.existsSync(`${fileOf(dir)}.lock`)).toBe(false);
    }
    // the same cut with the lock released as it is after every change: the disk lost an acknowledged record, offered
    fs.writeFileSync(fileOf(dir), full.subarray(0, last.end - 20));
    createLedger(dir, clock);
    expect(listDamage(dir).map((r) => r.offer?.logs.length)).toEqual([1]);
  });

  it('keeps a whole last record with a bad checksum as damage: reported, kept byte for byte, and its log offered again', () => {
    const { dir, after } = journalOf(['a', 'b', 'c', 'd']);
    const full = bytesOf(dir);
    const last = recordsOf(full).at(-1)!;
    // one byte changed in place, the same length, the newline kept: 'd' becomes 'e' in the entry's description
    const damaged = Buffer.from(full);
    const at = damaged.lastIndexOf('"description":"d"');
    damaged[at + '"description":"'.length] = 'e'.charCodeAt(0);
    expect(damaged.length).toBe(full.length);
    expect(damaged[last.end - 1]).toBe(10);
    const { ledger } = openWith(damaged, dir);
    expect(ledger.health().tornTails).toBe(0);
    const [r] = listDamage(dir);
    expect(r.reason).toBe('its last record could not be read (it does not match its checksum)');
    expect(fs.readFileSync(r.keptAs).equals(damaged)).toBe(true);
    expect(r.acknowledgedAt).toBeUndefined();
    // what it seems to hold, read without trusting it: the row's own values ('d'), offered, never applied
    expect(r.offer).toEqual({ logs: [fields('d')] });
    expect(r.outcome).toContain('seems to hold 1 log not recovered (01:00 on Mon 16 Nov, Job ("d"))');
    // the rest as it was; the unsent entries are checked with the service first (the bad record may have sent one)
    const j = plain(ledger.read());
    expect(descriptions(j)).toEqual(descriptions(after[2]));
    expect(j.ops.map((o) => o.maybeSent)).toEqual([true, true, true]);
  });

  it('leaves a bad end alone while reading without the lock (a writer may be at it), and cuts it before the next append', () => {
    const { dir } = journalOf(['a']);
    const ledger = createLedger(dir, clock);
    fs.appendFileSync(fileOf(dir), '0000abcd {"t":"change","ops":[{"id":"op-00');
    const size = fs.statSync(fileOf(dir)).size;
    expect(descriptions(ledger.read())).toEqual(['a']);
    expect(fs.statSync(fileOf(dir)).size).toBe(size);
    ledger.change((j) => recordAdd(j, fields('b'), 2));
    expect(ledger.health().tornTails).toBe(1);
    expect(descriptions(createLedger(dir, clock).read())).toEqual(['a', 'b']);
    expect(listDamage(dir)).toEqual([]);
  });
});

describe('a damaged journal', () => {
  /** The one report of `dir`, the kept copy compared byte for byte with what the file held. */
  function damageOf(dir: string, original: Buffer) {
    const reports = listDamage(dir);
    expect(reports).toHaveLength(1);
    const [r] = reports;
    expect(r.what).toBe('the outbox');
    expect(r.file).toBe(fileOf(dir));
    expect(fs.readFileSync(r.keptAs).equals(original)).toBe(true);
    expect(fs.statSync(r.keptAs).mode & 0o777).toBe(0o600);
    return r;
  }
  /** After recovery the journal is whole again: it opens without a new report. */
  function reopensClean(dir: string): Journal {
    const again = createLedger(dir, clock);
    expect(again.health()).toMatchObject({ damage: [], tornTails: 0 });
    expect(listDamage(dir)).toHaveLength(1);
    return plain(again.read());
  }

  it('keeps a file with a flipped byte in the middle, recovers every other record, and checks the older unsent entries with the service', () => {
    const { dir } = journalOf(['a', 'b', 'c', 'd']);
    const full = bytesOf(dir);
    const recs = recordsOf(full);
    const bad = Buffer.from(full);
    bad[recs[3].start + 40] ^= 0x04; // the record that added 'b' (header, snapshot mark, a, b, ...)
    const { ledger } = openWith(bad, dir);
    const r = damageOf(dir, bad);
    expect(r.reason).toMatch(/1 record in the middle could not be read/);
    expect(r).toMatchObject({ recovered: 6, lost: 1 });
    expect(r.outcome).toMatch(/^3 outbox entries recovered \(3 queued\) and 3 time logs; 1 record could not be read/);
    expect(r.outcome).toMatch(/1 unsent entry will be checked with the service/);
    const j = plain(ledger.read());
    expect(descriptions(j)).toEqual(['a', 'c', 'd']);
    // 'a' was last written before the lost record (which may have marked it sending): reconciled, not re-sent blindly
    expect(j.ops.map((o) => o.maybeSent)).toEqual([true, false, false]);
    expect(j.seq).toBe(4); // op-000002 is never given out again
    expect(ledger.health().damage).toEqual([r]);
    expect(reopensClean(dir)).toEqual(j);
    expect(fs.statSync(fileOf(dir)).mode & 0o777).toBe(0o600);
  });

  it('keeps a file whose middle record has a wrong checksum, and does not trust that record', () => {
    const { dir } = journalOf(['a', 'b', 'c']);
    const full = bytesOf(dir);
    const recs = recordsOf(full);
    const bad = Buffer.from(full);
    bad[recs[2].start] = bad[recs[2].start] === 0x30 ? 0x31 : 0x30; // the checksum's first digit of the record of 'a'
    const { ledger } = openWith(bad, dir);
    const r = damageOf(dir, bad);
    expect(r.reason).toMatch(/does not match its checksum/);
    expect(descriptions(ledger.read())).toEqual(['b', 'c']);
    reopensClean(dir);
  });

  it('keeps an empty file and starts empty', () => {
    const { dir, ledger } = openWith(Buffer.alloc(0));
    const r = damageOf(dir, Buffer.alloc(0));
    expect(r).toMatchObject({ reason: 'it is empty', recovered: 0 });
    expect(r.outcome).toMatch(/Nothing could be recovered/);
    expect(plain(ledger.read())).toEqual({ version: 1, rows: {}, ops: [], seq: 0 });
    expect(linesOf(dir)[0]).toMatch(/"t":"header"/);
    reopensClean(dir);
  });

  it('keeps a file whose header is an empty line, and recovers every record after it', () => {
    const { dir: source } = journalOf(['a', 'b']);
    const full = bytesOf(source);
    const bad = Buffer.concat([Buffer.from('\n'), full.subarray(recordsOf(full)[0].end)]);
    const { dir, ledger } = openWith(bad);
    const r = damageOf(dir, bad);
    expect(r.reason).toBe('its header could not be read');
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    reopensClean(dir);
  });

  it('keeps a file of an unknown format version, and recovers the records that have the expected shape', () => {
    const { dir: source } = journalOf(['a', 'b']);
    const full = bytesOf(source);
    const header = encodeRecord({ t: 'header', format: 'punchcard-outbox', version: 5, createdAt: 1 });
    const bad = Buffer.concat([Buffer.from(header), full.subarray(recordsOf(full)[0].end)]);
    const { dir, ledger } = openWith(bad);
    const r = damageOf(dir, bad);
    expect(r.reason).toMatch(/format version 5/);
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    reopensClean(dir);
  });

  it('keeps a file with a record of the wrong shape (its checksum right), and applies the others', () => {
    const { dir: source } = journalOf(['a', 'b']);
    const full = bytesOf(source);
    const recs = recordsOf(full);
    const odd = encodeRecord({ t: 'change', ops: [{ id: 'op-000009', kind: 'teleport' }] } as never);
    const bad = Buffer.concat([full.subarray(0, recs[2].end), Buffer.from(odd), full.subarray(recs[2].end)]);
    const { dir, ledger } = openWith(bad);
    const r = damageOf(dir, bad);
    expect(r.reason).toMatch(/not of the expected shape/);
    expect(r.lost).toBe(1);
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    reopensClean(dir);
  });

  it('keeps a file with a row whose hours are not HH:MM (its checksum right), rather than count it as 0 hours', () => {
    const { dir: source, after } = journalOf(['a', 'b']);
    const full = bytesOf(source);
    const recs = recordsOf(full);
    const odd = encodeRecord({
      t: 'change',
      rows: { x1: { localId: 'x1', workDate: '2026-11-16', hours: 'two hours', jobName: 'Job' } },
    } as never);
    const bad = Buffer.concat([full.subarray(0, recs[2].end), Buffer.from(odd), full.subarray(recs[2].end)]);
    const { dir, ledger } = openWith(bad);
    const r = damageOf(dir, bad);
    expect(r.reason).toMatch(/not of the expected shape/);
    expect(ledger.read().rows).toEqual(after[1].rows);
    reopensClean(dir);
  });

  it('keeps a file that ends with two unreadable records (more than one crash can leave)', () => {
    const { dir: source } = journalOf(['a', 'b']);
    const bad = Buffer.concat([bytesOf(source), Buffer.from('garbage one\ngarbage two\n')]);
    const { dir, ledger } = openWith(bad);
    const r = damageOf(dir, bad);
    expect(r.reason).toBe('its last 2 records could not be read');
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    reopensClean(dir);
  });

  it('keeps a file that is not a journal at all, and takes what has the shape of an entry from it', () => {
    const { after } = journalOf(['a', 'b']);
    const bad = Buffer.from(JSON.stringify({ journal: after[1] }));
    const { dir, ledger } = openWith(bad);
    const r = damageOf(dir, bad);
    expect(r.reason).toBe('its header could not be read');
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    expect(ledger.read().ops.every((o) => o.maybeSent)).toBe(true);
    reopensClean(dir);
  });

  it('refuses to open, touching nothing, when the damaged file cannot be copied aside', () => {
    const dir = dataDir();
    const bad = Buffer.from('not a journal\n');
    fs.writeFileSync(fileOf(dir), bad);
    fs.writeFileSync(path.join(dir, 'damaged'), 'a file where the folder should be');
    expect(() => createLedger(dir, clock)).toThrow(/could not be kept aside .*leaves the file as it is/);
    expect(bytesOf(dir).equals(bad)).toBe(true);
    expect(fs.readdirSync(dir).sort()).toEqual(['damaged', JOURNAL_FILE]);
  });

  it('is found while running too: reported through onDamage, and the ledger goes on with what was recovered', async () => {
    const { dir } = journalOf(['a', 'b', 'c']);
    const seen: string[] = [];
    const ledger = createLedger(dir, clock);
    ledger.onDamage((r) => seen.push(r.outcome));
    const bad = bytesOf(dir);
    bad[recordsOf(bad)[3].start + 40] ^= 0x04;
    fs.writeFileSync(fileOf(dir) + '.new', bad);
    fs.renameSync(fileOf(dir) + '.new', fileOf(dir)); // another process's (broken) compaction
    expect(descriptions(ledger.read())).toEqual(['a', 'c']);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/1 record could not be read/);
  });
});

describe('the old outbox.json', () => {
  const legacyOf = (dir: string) => path.join(dir, 'outbox.json');
  const migratedOf = (dir: string) => fs.readdirSync(dir).filter((f) => f.startsWith('outbox.json.migrated-'));

  it('is imported once, with its order and counter, and renamed (kept byte for byte)', () => {
    const { after } = journalOf(['a', 'b', 'c']);
    const old = after[2];
    const dir = dataDir();
    const text = JSON.stringify({ journal: old });
    fs.writeFileSync(legacyOf(dir), text);
    const ledger = createLedger(dir, clock);
    expect(plain(ledger.read())).toEqual(old);
    expect(fs.existsSync(legacyOf(dir))).toBe(false);
    expect(migratedOf(dir)).toEqual(['outbox.json.migrated-2026-11-20T09-30-00-000Z']);
    expect(fs.readFileSync(path.join(dir, migratedOf(dir)[0]), 'utf8')).toBe(text);
    expect(ledger.health().migratedTo).toBe(path.join(dir, migratedOf(dir)[0]));
    expect(listDamage(dir)).toEqual([]);
    ledger.change((j) => recordAdd(j, fields('d'), 4));
    const again = createLedger(dir, clock);
    expect(descriptions(again.read())).toEqual(['a', 'b', 'c', 'd']);
    expect(again.read().ops.at(-1)?.id).toBe('op-000004');
    expect(again.health().migratedTo).toBeUndefined();
  });

  it('is merged into a journal that exists already (a crash before the rename), without doubling anything', () => {
    const { dir, after } = journalOf(['a', 'b']);
    const { after: older } = journalOf(['x']);
    // the old document holds the journal's first entry and one of its own
    const old: Journal = {
      version: 1,
      rows: { ...after[0].rows, ...older[0].rows },
      ops: [after[0].ops[0], { ...older[0].ops[0], id: 'op-000007' }],
      seq: 7,
    };
    fs.writeFileSync(legacyOf(dir), JSON.stringify({ journal: old }));
    const ledger = createLedger(dir, clock);
    expect(descriptions(ledger.read())).toEqual(['a', 'b', 'x']);
    expect(ledger.read().seq).toBe(7);
    expect(migratedOf(dir)).toHaveLength(1);
  });

  it('cut short: kept byte for byte and reported, every complete entry in it recovered, renamed', () => {
    const { after } = journalOf(['a', 'b', 'c']);
    const text = JSON.stringify({ journal: after[2] });
    const cut = text.slice(0, text.indexOf('"op-000003"') + 5); // the third operation cut in the middle
    const dir = dataDir();
    fs.writeFileSync(legacyOf(dir), cut);
    const ledger = createLedger(dir, clock);
    const [r] = listDamage(dir);
    expect(r).toMatchObject({ what: 'the outbox', file: legacyOf(dir) });
    expect(r.reason).toMatch(/not valid JSON/);
    expect(fs.readFileSync(r.keptAs, 'utf8')).toBe(cut);
    expect(Object.keys(ledger.read().rows)).toHaveLength(3);
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    expect(r.outcome).toMatch(/^2 outbox entries recovered \(2 queued\) and 3 time logs/);
    expect(fs.readFileSync(path.join(dir, migratedOf(dir)[0]), 'utf8')).toBe(cut);
    expect(createLedger(dir, clock).health().damage).toEqual([]);
  });

  it('of another version or shape: kept and reported, and the rows and operations that have the expected shape taken', () => {
    const { after } = journalOf(['a', 'b']);
    const doc = after[1];
    const text = JSON.stringify({
      journal: { version: 2, rows: doc.rows, ops: [...doc.ops, { id: 'op-000003', kind: 'add' }], seq: 3, extra: true },
    });
    const dir = dataDir();
    fs.writeFileSync(legacyOf(dir), text);
    const ledger = createLedger(dir, clock);
    const [r] = listDamage(dir);
    expect(r.reason).toMatch(/another version \(2; this one reads 1\)/);
    expect(r.lost).toBe(1);
    expect(fs.readFileSync(r.keptAs, 'utf8')).toBe(text);
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    expect(ledger.read().seq).toBe(3);
  });

  it('empty ({}, as conf leaves it): imported as nothing, without a report', () => {
    const dir = dataDir();
    fs.writeFileSync(legacyOf(dir), '{}');
    const ledger = createLedger(dir, clock);
    expect(ledger.read().ops).toEqual([]);
    expect(listDamage(dir)).toEqual([]);
    expect(migratedOf(dir)).toHaveLength(1);
  });
});

describe('several readers, compaction and order', () => {
  it('shows another ledger on the same directory what this one appended, and announces it', async () => {
    const dir = dataDir();
    const seen: Array<[number, number]> = [];
    const a = createLedger(dir, clock);
    const b = createLedger(dir, clock);
    b.onExternalChange((before, after) => seen.push([before.ops.length, after.ops.length]));
    a.change((j) => recordAdd(j, fields('a'), 1));
    expect(descriptions(b.read())).toEqual(['a']);
    b.change((j) => recordAdd(j, fields('b'), 2));
    expect(descriptions(a.read())).toEqual(['a', 'b']);
    await Promise.resolve();
    expect(seen).toEqual([[0, 1]]);
  });

  it('reads a file written in place of the one it read (same inode, another header) whole, not from its old offset', () => {
    const { dir } = journalOf(['a', 'b']);
    const ledger = createLedger(dir, clock);
    expect(descriptions(ledger.read())).toEqual(['a', 'b']);
    const { dir: other } = journalOf(['c', 'd', 'e']);
    const inode = fs.statSync(fileOf(dir)).ino;
    fs.writeFileSync(fileOf(dir), bytesOf(other)); // truncates and rewrites the same inode
    expect(fs.statSync(fileOf(dir)).ino).toBe(inode);
    expect(descriptions(ledger.read())).toEqual(['c', 'd', 'e']);
    expect(listDamage(dir)).toEqual([]);
  });

  it('compacts in the background COMPACT_DELAY_MS after the change that made it worth it, and keeps the state and its order', async () => {
    const dir = dataDir();
    const held = testClock(clock.now());
    const ledger = createLedger(dir, held);
    const other = createLedger(dir, held);
    const row = ledger.change((j) => recordAdd(j, fields('a'), 1));
    ledger.change((j) => recordAdd(j, fields('b'), 2));
    for (let i = 0; i < 1_050; i++) ledger.change((j) => recordEdit(j, row.localId, { description: `a${i}` }, 3 + i));
    expect(other.read().ops[0].add?.description).toBe('a1049');
    const inode = fs.statSync(fileOf(dir)).ino;
    const grown = fs.statSync(fileOf(dir)).size;
    await held.advance(COMPACT_DELAY_MS - 1);
    expect(fs.statSync(fileOf(dir)).ino).toBe(inode); // not yet: off the hot path
    await held.advance(1);
    expect(fs.statSync(fileOf(dir)).ino).not.toBe(inode);
    // two logs and two entries take a few hundred bytes, not the 1,052 changes that led to them
    expect(fs.statSync(fileOf(dir)).size).toBeLessThan(grown / 100);
    expect(plain(createLedger(dir, clock).read())).toEqual(plain(ledger.read()));
    expect(plain(other.read())).toEqual(plain(ledger.read())); // read again whole: a new file
    other.change((j) => recordAdd(j, fields('c'), 9));
    expect(descriptions(ledger.read())).toEqual(['a1049', 'b', 'c']);
    expect(fs.readdirSync(dir).sort()).toEqual([JOURNAL_FILE]);
  });

  it('does not compact after close (nothing is written after close, and no timer is left)', async () => {
    const dir = dataDir();
    const held = testClock(clock.now());
    const ledger = createLedger(dir, held);
    const row = ledger.change((j) => recordAdd(j, fields('a'), 1));
    for (let i = 0; i < 1_050; i++) ledger.change((j) => recordEdit(j, row.localId, { description: `a${i}` }, 3 + i));
    expect(held.pending()).toBe(1); // the compaction's timer
    ledger.close();
    expect(held.pending()).toBe(0);
    const bytes = bytesOf(dir);
    await held.advance(COMPACT_DELAY_MS);
    expect(bytesOf(dir).equals(bytes)).toBe(true);
  });

  it('keeps operations in the order they were made past op-999999, also through a compaction', () => {
    const dir = dataDir();
    const ledger = createLedger(dir, clock);
    ledger.change((j) => {
      j.seq = 999_998;
    });
    for (const d of ['first', 'second', 'third']) ledger.change((j) => recordAdd(j, fields(d), 1));
    expect(ledger.read().ops.map((o) => o.id)).toEqual(['op-999999', 'op-1000000', 'op-1000001']);
    const file = new JournalFile({ dataDir: dir, now: clock.now });
    file.locked(() => file.writeWhole(file.doc));
    const again = createLedger(dir, clock);
    expect(again.read().ops.map((o) => o.id)).toEqual(['op-999999', 'op-1000000', 'op-1000001']);
    expect(descriptions(again.read())).toEqual(['first', 'second', 'third']);
  });
});
