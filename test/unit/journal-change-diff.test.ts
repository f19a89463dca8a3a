/**
 * The entries' diff of a change (src/core/journal/change.ts): taken from what the draft of the list saw written
 * (`diffOpsOfDraft`) it must be exactly the diff a walk over both lists gives (`diffOps`), for the outbox's own rules
 * and for the array moves a rule may make; and a log on an outbox of 10,000 waiting must cost about what it costs on
 * one of 500 (the walk of both lists on every change made it grow with the backlog).
 * @inner src/core/journal/change.ts, src/core/journal/indexes/index.ts, src/core/outbox/operations.ts
 */
import { describe, expect, it } from 'vitest';
import { emptyJournal, findLastItem, removeItems, type Journal, type OutboxOp } from '../../src/core/journal';
import { diffOps, draftChange } from '../../src/core/journal/change';
import { holdIndexes } from '../../src/core/journal/indexes';
import { recordAdd } from '../../src/core/outbox/operations';
import { randomStep, rng } from '../fixtures/journal-steps';

const log = (i: number) => ({
  workDate: '2026-11-18',
  hours: '00:01',
  jobName: 'J',
  billingStatus: 'Billable' as const,
  description: `d${i}`,
});

/** Runs `fn` as the ledger does and checks its diff of the entries against the walk over both lists. */
function expectDiffOfWalk(doc: Journal, fn: (d: Journal) => unknown, where: string): Journal {
  const { diff, commit } = draftChange(doc, fn);
  const next = commit();
  const walked = diffOps(doc.ops, next.ops);
  const got = { ops: diff.ops, opsGone: diff.opsGone, ...(diff.order ? { order: diff.order } : {}) };
  expect(JSON.stringify(got), where).toBe(JSON.stringify(next.ops === doc.ops ? { ops: [], opsGone: [] } : walked));
  return next;
}

describe("a change's diff of the entries", () => {
  it('is the diff of a walk over both lists, for 800 random outbox rules', () => {
    const r = rng(11);
    let doc = emptyJournal();
    let steps = 0;
    for (let t = 1; steps < 800; t++) {
      const step = randomStep(r, doc, t);
      if (!step) continue;
      steps++;
      try {
        doc = expectDiffOfWalk(doc, step, `step ${steps}`);
      } catch (e) {
        if ((e as Error).name === 'AssertionError') throw e;
      }
    }
    expect(doc.ops.length).toBeGreaterThan(20);
  });

  it('is the diff of a walk when a rule moves the list: an entry removed then one appended, put back in front, sorted, cut', () => {
    const base = (): Journal => {
      const d = emptyJournal();
      for (let i = 0; i < 6; i++) recordAdd(d, log(i), i);
      return d;
    };
    const moves: Array<[string, (d: Journal) => void]> = [
      ['removed then appended', (d) => (removeItems(d.ops, (o) => o.id === d.ops[1].id), recordAdd(d, log(9), 9))],
      [
        'removed then two appended',
        (d) => (removeItems(d.ops, (o) => o.id === d.ops[0].id), recordAdd(d, log(8), 8), recordAdd(d, log(9), 9)),
      ],
      ['put back in front', (d) => d.ops.unshift(d.ops.pop()!)],
      ['spliced out and appended', (d) => (d.ops.splice(2, 1), recordAdd(d, log(9), 9))],
      ['sorted newest first', (d) => d.ops.sort((a, b) => (a.id < b.id ? 1 : -1))],
      ['cut', (d) => (d.ops.length = 3)],
      ['replaced by a filtered list', (d) => (d.ops = d.ops.filter((o, i) => i !== 3))],
      ['an entry replaced by another of the same id', (d) => (d.ops[2] = { ...d.ops[2], state: 'sending' })],
      [
        'an entry changed in place and one appended',
        (d) => ((findLastItem(d.ops, (o) => o.id === d.ops[4].id)!.state = 'sending'), recordAdd(d, log(9), 9)),
      ],
      ['an appended entry with the id of another', (d) => d.ops.push({ ...d.ops[0], state: 'sending' } as OutboxOp)],
    ];
    for (const [name, move] of moves) expectDiffOfWalk(base(), move, name);
  });

  it('makes a log on 10,000 entries waiting cost about what it costs on 500', () => {
    /** The median time of a log's change (the add recorded and taken from the end, as the log gate does). */
    function perLog(n: number): number {
      let doc = emptyJournal();
      for (let i = 0; i < n; i++) recordAdd(doc, log(i), i, 'sandbox|maya@demo.test');
      holdIndexes(doc);
      const times: number[] = [];
      for (let i = 0; i < 150; i++) {
        const started = performance.now();
        doc = draftChange(doc, (d) => {
          const row = recordAdd(d, log(n + i), n + i, 'sandbox|maya@demo.test');
          findLastItem(d.ops, (o) => o.localId === row.localId && o.kind === 'add')!.unchecked = true;
        }).commit();
        if (i >= 30) times.push(performance.now() - started);
      }
      return times.sort((x, y) => x - y)[times.length >> 1];
    }
    perLog(500); // warms the code up
    const small = perLog(500);
    const large = perLog(10_000);
    // the walk over both lists made it about 6x (0.17 against 0.03 ms); the copy of the list on its first write is left
    expect(large / small, `${large.toFixed(3)} ms a log at 10,000 against ${small.toFixed(3)} ms at 500`).toBeLessThan(3);
  });
});
