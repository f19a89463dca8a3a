/**
 * The outbox's counts the status shows (src/core/journal/indexes/held.ts `Counts`: unfinished entries by account and
 * state), kept by the ledger instead of a walk over every entry: counted once when first asked, then carried by each
 * change with the entries it replaced or removed. They must be what a walk over the entries counts, after random
 * changes made here, in another process's changes read along (records replayed in batches), across compactions, after
 * a process killed in the middle of its changes, and on a file of an older format (read as it is, counted once). A
 * whole read counts the entries as it reads them (src/core/journal/read-notes.ts `counts`), or leaves them to a pass when a
 * record moved a log to another account: either way what a walk counts.
 * @inner src/core/journal/file/index.ts, src/core/journal/indexes/held.ts, src/core/outbox/send-steps.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, type Journal } from '../../src/core/journal';
import { JournalFile, JOURNAL_FILE } from '../../src/core/journal/file';
import { countIndexes } from '../../src/core/journal/indexes/held';
import { countByState, recordAdd, recordDelete, recordEdit } from '../../src/core/outbox';
import { markApplied, markRefused, markSending, noteAttempt } from '../../src/core/outbox/send-steps';
import { tempDir } from '../fixtures/temp-dirs';
import { randomStep, rng } from '../fixtures/journal-steps';
import { wallClock } from '../fixtures/test-timers';

const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
const ACCOUNTS = [undefined, 'sandbox|maya@demo.test', 'service|https://x.test|liam@x.test'];

/** The ledger's kept counts against the same counts made entry by entry on a copy the ledger does not hold. */
function expectCountsTrue(j: Readonly<Journal>, where: string): void {
  const walked = JSON.parse(JSON.stringify(j)) as Journal;
  for (const account of ACCOUNTS)
    expect(countByState(j, account), `${where}: counts for ${account ?? 'every account'}`).toEqual(countByState(walked, account));
}

/** Rewrites the journal of `dir` as a snapshot, as another process's background compaction does. */
function compact(dir: string): void {
  const file = new JournalFile({ dataDir: dir, now: () => clock.now() });
  file.locked(() => file.writeWhole(file.doc));
}

describe("the outbox's kept counts", () => {
  it('are what a walk counts after 400 random rules, in a reader catching up in batches, across compactions', () => {
    const dir = tempDir('punch-counts-');
    const writer = createLedger(dir, clock);
    const reader = createLedger(dir, clock);
    const r = rng(25);
    let steps = 0;
    // the rows of some logs made under other accounts, so the counts by account move too
    const accounts = ['sandbox|maya@demo.test', 'service|https://x.test|liam@x.test', undefined];
    for (let t = 1; steps < 400; t++) {
      const step = randomStep(r, writer.read() as Journal, t);
      if (!step) continue;
      steps++;
      const account = accounts[steps % 3];
      try {
        writer.change((d) => {
          const out = step(d);
          // a log taken over by another account now and then (its entries move with it)
          const ids = Object.keys(d.rows);
          if (steps % 11 === 0 && ids.length > 0) {
            const id = ids[steps % ids.length];
            if (account === undefined) delete d.rows[id].account;
            else d.rows[id].account = account;
          }
          return out;
        });
      } catch (e) {
        if ((e as Error).name === 'AssertionError') throw e;
      }
      expectCountsTrue(writer.read(), `after step ${steps}`);
      if (steps % 5 === 0) expectCountsTrue(reader.read(), `read by the other ledger after step ${steps}`);
      if (steps % 60 === 0) {
        compact(dir);
        expectCountsTrue(writer.read(), `after the compaction at step ${steps}`);
      }
    }
    expect(countByState(writer.read()).queued + countByState(writer.read()).sending).toBeGreaterThan(0);
    expectCountsTrue(createLedger(dir, clock).read(), 'after a restart');
    writer.close();
    reader.close();
  });

  it('are made by a whole read as it reads entries sent, refused, noted, replaced and removed; a takeover in the file leaves them to a pass', () => {
    const dir = tempDir('punch-counts-made-');
    const writer = createLedger(dir, clock);
    const day = { workDate: '2026-11-18', hours: '00:30', jobName: 'J', billingStatus: 'Billable' as const };
    const ids: string[] = [];
    writer.change((j) => {
      for (let i = 0; i < 12; i++) ids.push(recordAdd(j, { ...day, description: `m${i}` }, i, ACCOUNTS[i % 3]).localId);
    });
    const opOf = (j: Journal, k: number) => j.ops.find((o) => o.localId === ids[k] && o.kind === 'add')!.id;
    writer.change((j) => markSending(j, opOf(j, 0), 20)); // queued -> sending, replaced where it is
    writer.change((j) => markSending(j, opOf(j, 1), 21));
    writer.change((j) => markApplied(j, opOf(j, 1), 22, { timeLogId: 'T1' })); // synced: counted out
    writer.change((j) => markRefused(j, opOf(j, 2), 23, 'refused')); // needs attention
    writer.change((j) => noteAttempt(j, opOf(j, 3), 24, 'retry', 'no answer')); // still queued
    writer.change((j) => void recordEdit(j, ids[1], { hours: '01:00' }, 25)); // a new entry of a synced log
    writer.change((j) => void recordEdit(j, ids[1], { hours: '01:30' }, 26)); // folded into it (replaced)
    writer.change((j) => void recordDelete(j, ids[1], 27)); // its edit removed (opsGone), a delete queued
    writer.close();
    const ledger = createLedger(dir, clock);
    const j = ledger.read();
    expect(countIndexes.get(j.ops)).toBeTruthy(); // made by the read
    expectCountsTrue(j, 'made by the read');
    expect(countByState(j)).toEqual({ queued: 10, sending: 1, needsAttention: 1, otherAccounts: 0 });
    ledger.close();

    // a log given to another account in a later record: its entries were counted under the account it had
    const again = createLedger(dir, clock);
    again.change((d) => void (d.rows[ids[4]].account = ACCOUNTS[2]));
    again.close();
    const taken = createLedger(dir, clock);
    const t = taken.read();
    expect(countIndexes.get(t.ops)).toBeNull(); // left to the pass
    expectCountsTrue(t, 'after a takeover in the file');
    taken.close();
  });

  it('are what a walk counts on journals of format versions 2 and 3 (no counts in them: counted once), and after a change', () => {
    const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/journal-versions');
    for (const version of [2, 3]) {
      const dir = tempDir('punch-counts-version-');
      fs.copyFileSync(path.join(fixtures, `v${version}.journal`), path.join(dir, JOURNAL_FILE));
      const ledger = createLedger(dir, clock);
      const j = ledger.read();
      expect(j.ops.length, `version ${version} holds entries`).toBeGreaterThan(0);
      expectCountsTrue(j, `version ${version} as read`);
      const first = j.ops.find((o) => o.state !== 'synced');
      if (first) ledger.change((d) => void (d.ops.find((o) => o.id === first.id)!.state = 'needs-attention'));
      expectCountsTrue(ledger.read(), `version ${version} after a change`);
      ledger.close();
    }
  });
});

describe("the status's counts at an opening with 10,000 waiting", () => {
  it("cost a small part of reading the journal: one pass over the entries, not the entries' index", () => {
    const dir = tempDir('punch-counts-opening-');
    const writer = createLedger(dir, clock);
    writer.change((j) => {
      for (let i = 0; i < 10_000; i++)
        recordAdd(
          j,
          { workDate: '2026-11-18', hours: '00:01', jobName: 'J', billingStatus: 'Billable', description: `w${i}` },
          i,
          'sandbox|maya@demo.test',
        );
    });
    writer.close();
    const reads: number[] = [];
    const counts: number[] = [];
    for (let i = 0; i < 9; i++) {
      const t0 = performance.now();
      const ledger = createLedger(dir, clock);
      const j = ledger.read();
      const t1 = performance.now();
      expect(countByState(j, 'sandbox|maya@demo.test').queued).toBe(10_000);
      const t2 = performance.now();
      ledger.close();
      if (i < 2) continue; // the code warms up
      counts.push(t2 - t1);
      reads.push(t1 - t0);
    }
    // the least of each: what the work costs when the machine's other load leaves it alone
    const [count, read] = [Math.min(...counts), Math.min(...reads)];
    // the entries' index built for them (a list per log) was 10-40 % of the read; one pass is about 1-2 %
    expect(count / read, `${count.toFixed(2)} ms against a read of ${read.toFixed(1)} ms`).toBeLessThan(0.06);
  });
});

describe("the outbox's kept counts with a process killed in the middle of its changes", () => {
  let work: string;
  let bundle: string;
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-counts-kill-'));
    bundle = path.join(work, 'child.mjs');
    await build({
      entryPoints: ['test/fixtures/outbox-journal-kill-child.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'warning',
    });
  });
  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /**
   * The kill test's child: adds, edits, marks sending and applied (the app's compaction: none in so few records, so
   * a reader catches up record by record); killed once it has acknowledged some.
   */
  function killedChild(dir: string, tag: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [bundle, dir, tag], { stdio: ['ignore', 'pipe', 'pipe'] });
      let acks = 0;
      child.stdout.on('data', (d: Buffer) => {
        acks += (d.toString().match(/^ACK /gm) ?? []).length;
        if (acks >= 15 + Math.floor(Math.random() * 20)) child.kill('SIGKILL');
      });
      child.on('error', reject);
      child.on('exit', () => resolve());
    });
  }

  it('are what a walk counts in a reader reading along while the writer runs and after it is killed, and in a fresh start, 4 times', async () => {
    const dir = tempDir('punch-counts-killed-');
    const reader = createLedger(dir, clock);
    let looks = 0;
    for (let k = 0; k < 4; k++) {
      // read along as the app does while `punch` writes: the other process's records replayed a few at a time
      const along = setInterval(() => {
        expectCountsTrue(reader.read(), `the reader during run ${k}`);
        looks++;
      }, 10);
      try {
        await killedChild(dir, `k${k}`);
      } finally {
        clearInterval(along);
      }
      expectCountsTrue(reader.read(), `the reader after kill ${k}`);
      const fresh = createLedger(dir, clock);
      expectCountsTrue(fresh.read(), `a fresh start after kill ${k}`);
      fresh.close();
    }
    expect(looks).toBeGreaterThan(4);
    expect(reader.read().ops.length).toBeGreaterThan(20);
    reader.close();
  }, 60_000);
});
