/**
 * The status's kept counts (src/core/journal/indexes/held.ts `Counts`) with logs held for the user's answer to a torn
 * delete: a held log's entries are counted under a key of their own (`countKeyOf`), so the counts must follow every
 * change of a row's `deleteOffered`: the repair at an opening or at a change's lock that holds a log, "Keep it" and
 * "Delete it" letting it go, a second ledger on the same data directory catching up, an opening again, a compaction
 * by another process. After every step of random sequences of those, both ledgers' counts (and the held count a
 * sync's report says) are what a walk over the entries counts.
 * @inner src/core/journal/file/index.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLedger, type Journal, type Ledger } from '../../src/core/journal';
import { JournalFile, JOURNAL_FILE } from '../../src/core/journal/file';
import { countByState, heldForAnswer, markApplied, markSending, recordAdd, recordDelete } from '../../src/core/outbox';
import { fields as logFields } from '../fixtures/log-fields';
import { tempDir } from '../fixtures/temp-dirs';
import { rng } from '../fixtures/journal-steps';
import { wallClock } from '../fixtures/test-timers';

const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
const MAYA = 'sandbox|maya@demo.test';
/** A log of 20 minutes on Wednesday 18 November 2026, told apart by its description. */
const fields = (description: string) => ({ ...logFields(description), workDate: '2026-11-18', hours: '00:20', jobName: 'J' });

/** The ledger's kept counts against the same made entry by entry on a copy the ledger does not hold. */
function expectCountsTrue(j: Readonly<Journal>, where: string): void {
  const walked = JSON.parse(JSON.stringify(j)) as Journal;
  for (const account of [undefined, MAYA])
    expect([countByState(j, account), heldForAnswer(j, account)], where).toEqual([
      countByState(walked, account),
      heldForAnswer(walked, account),
    ]);
}

type Step = (ledgers: Ledger[], at: number, t: number) => string | undefined;
const pick = <T>(r: () => number, xs: T[]): T | undefined => (xs.length ? xs[Math.floor(r() * xs.length)] : undefined);

function steps(r: () => number, dir: string): Step[] {
  const heldRows = (j: Readonly<Journal>) => Object.values(j.rows).filter((x) => x.deleteOffered !== undefined);
  return [
    (ls, at, t) => {
      ls[at].change((d) => recordAdd(d, fields(`d${t}`), t, r() < 0.5 ? MAYA : undefined));
      return 'add';
    },
    (ls, at, t) => {
      // the user's delete, the end of its record then lost by the disk: the next lock finds it and holds the log
      const row = pick(
        r,
        Object.values(ls[at].read().rows).filter((x) => !x.pendingDelete && x.deleteOffered === undefined),
      );
      if (!row) return undefined;
      ls[at].change((d) => void recordDelete(d, row.localId, t));
      const file = path.join(dir, JOURNAL_FILE);
      fs.truncateSync(file, fs.statSync(file).size - 15);
      return `torn delete of ${row.localId}`;
    },
    (ls, at) => {
      const row = pick(r, heldRows(ls[at].read()));
      if (!row) return undefined;
      ls[at].change((d) => void delete d.rows[row.localId].deleteOffered);
      return `keep ${row.localId}`;
    },
    (ls, at, t) => {
      const row = pick(r, heldRows(ls[at].read()));
      if (!row) return undefined;
      ls[at].change((d) => {
        delete d.rows[row.localId].deleteOffered;
        recordDelete(d, row.localId, t);
      });
      return `delete again ${row.localId}`;
    },
    (ls, at, t) => {
      const j = ls[at].read();
      const op = j.ops.find((o) => o.state === 'queued' && j.rows[o.localId]?.deleteOffered === undefined);
      if (!op) return undefined;
      ls[at].change((d) => markSending(d, op.id, t));
      if (r() < 0.7) ls[at].change((d) => markApplied(d, op.id, t, { timeLogId: `T${t}` }));
      return `send ${op.id}`;
    },
    (ls, at) => {
      ls[at].close();
      ls[at] = createLedger(dir, clock);
      return 'open again';
    },
    () => {
      const other = new JournalFile({ dataDir: dir, now: () => clock.now() });
      other.locked(() => other.writeWhole(other.doc));
      return 'compaction by another process';
    },
  ];
}

describe('the kept counts with logs held for the answer to a torn delete', () => {
  for (const seed of [3, 11, 25, 42])
    it(`are what a walk counts after every step of 150 random ones, in two ledgers on one data directory (seed ${seed})`, () => {
      const dir = tempDir('punch-held-counts-');
      const r = rng(seed);
      const ledgers = [createLedger(dir, clock), createLedger(dir, clock)];
      const all = steps(r, dir);
      const done: string[] = [];
      let heldSeen = 0;
      for (let t = 1; done.length < 150; t++) {
        const step = all[Math.floor(r() * all.length)];
        const said = step(ledgers, Math.floor(r() * ledgers.length), t);
        if (!said) continue;
        done.push(said);
        for (const [i, l] of ledgers.entries()) {
          expectCountsTrue(l.read(), `ledger ${i} after: ${done.slice(-6).join(' / ')} (step ${done.length})`);
          heldSeen += heldForAnswer(l.read());
        }
      }
      // the sequences held logs and let them go (not only counted logs never held)
      expect(heldSeen).toBeGreaterThan(10);
      expect(done.filter((s) => s.startsWith('keep') || s.startsWith('delete again')).length).toBeGreaterThan(2);
      for (const l of ledgers) l.close();
    });
});
