/**
 * The copy-on-write drafts behind `ledger.change(fn)` (src/core/journal/draft/): the outbox's own rules
 * run on a draft must give exactly what they give on a deep copy, never touch the document they started from, and the
 * diff replayed as a journal record must rebuild the same document. The ledger's own way (`draftChange`: the rows map
 * is not copied, the change is applied to it once committed) must give the same documents step by step.
 * @inner src/core/journal/change.ts, src/core/journal/format.ts, src/core/journal/replay.ts, src/core/outbox/operations.ts, src/core/outbox/send-steps.ts
 */
import { describe, expect, it, vi } from 'vitest';

// local ids are random UUIDs: each rule is run twice (on a deep copy and on a draft), with the same ids
let uuids = 0;
vi.mock('node:crypto', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:crypto')>()),
  randomUUID: () => `00000000-0000-4000-8000-${String(uuids++).padStart(12, '0')}`,
}));
import { current, emptyJournal, type Journal } from '../../src/core/journal';
import { draftChange, produceJournal } from '../../src/core/journal/change';
import { changeRecord } from '../../src/core/journal/format';
import { Replay } from '../../src/core/journal/replay';
import { recordAdd, recordEdit } from '../../src/core/outbox/operations';
import { markSending } from '../../src/core/outbox/send-steps';
import { randomStep, rng } from '../fixtures/journal-steps';

describe('journal drafts', () => {
  it('give what a deep copy gives for 600 random outbox rules, never change the base, and replay to the same document', () => {
    const r = rng(42);
    let doc: Journal = emptyJournal();
    // the same steps the ledger's way, on a document of its own
    let live: Journal = emptyJournal();
    let steps = 0;
    for (let t = 1; steps < 600; t++) {
      const step = randomStep(r, doc, t);
      if (!step) continue;
      steps++;
      const frozen = JSON.stringify(doc);
      const reference = structuredClone(doc);
      let refOut: unknown;
      let refError: unknown;
      const ids = uuids;
      try {
        refOut = step(reference);
      } catch (e) {
        refError = e;
      }
      uuids = ids;
      if (refError) {
        expect(() => produceJournal(doc, step)).toThrow((refError as Error).message);
        expect(JSON.stringify(doc)).toBe(frozen);
        uuids = ids;
        expect(() => draftChange(live, step)).toThrow((refError as Error).message);
        expect(JSON.stringify(live)).toBe(frozen);
        continue;
      }
      const { next, out, diff } = produceJournal(doc, step);
      expect(JSON.stringify(doc), `base changed at step ${steps}`).toBe(frozen);
      // (strings: a deep equality of a growing document 600 times is slow)
      if (JSON.stringify(next) !== JSON.stringify(reference)) expect(next).toEqual(reference);
      expect(JSON.stringify(current(out))).toBe(JSON.stringify(refOut));
      // what the journal file would hold: the record of the diff, replayed on the base
      const replay = new Replay(doc);
      replay.apply(JSON.parse(JSON.stringify(changeRecord(diff))));
      expect(JSON.stringify(replay.result()), `replay at step ${steps}`).toBe(JSON.stringify(next));
      uuids = ids;
      const inPlace = draftChange(live, step);
      expect(JSON.stringify(live), `the ledger's document changed before its commit, at step ${steps}`).toBe(frozen);
      expect(JSON.stringify(current(inPlace.out))).toBe(JSON.stringify(refOut));
      expect(JSON.stringify(inPlace.diff)).toBe(JSON.stringify(diff));
      live = inPlace.commit();
      expect(JSON.stringify(live), `in place at step ${steps}`).toBe(JSON.stringify(next));
      doc = next;
    }
    expect(doc.ops.length + Object.keys(doc.rows).length).toBeGreaterThan(10);
  }, 60_000);

  it('shares what did not change and copies only what did', () => {
    let doc: Journal = emptyJournal();
    for (let i = 0; i < 20; i++)
      doc = produceJournal(doc, (d) =>
        recordAdd(d, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, i),
      ).next;
    const id = doc.ops[5].id;
    const { next, diff } = produceJournal(doc, (d) => markSending(d, id, 99));
    expect(next.ops[4]).toBe(doc.ops[4]);
    expect(next.ops[5]).not.toBe(doc.ops[5]);
    expect(next.rows).toBe(doc.rows);
    expect(diff).toMatchObject({ ops: [next.ops[5]], opsGone: [], rows: {}, rowsGone: [] });
    expect(diff.order).toBeUndefined();
  });

  it('changes nothing and reports no diff when the rule only reads', () => {
    const doc = produceJournal(emptyJournal(), (d) =>
      recordAdd(d, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, 1),
    ).next;
    const { next, diff } = produceJournal(doc, (d) =>
      Object.values(d.rows)
        .map((row) => row.hours)
        .join(),
    );
    expect(next).toBe(doc);
    expect(diff).toEqual({ rows: {}, rowsGone: [], ops: [], opsGone: [] });
  });

  it('hands back a row the rule returns as a plain object of the new document, and refuses writes to a draft kept after its change', () => {
    const doc = produceJournal(emptyJournal(), (d) =>
      recordAdd(d, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, 1),
    ).next;
    const localId = Object.keys(doc.rows)[0];
    let kept: Journal | undefined;
    const { next, out } = produceJournal(doc, (d) => {
      kept = d;
      return recordEdit(d, localId, { hours: '02:00' }, 2);
    });
    expect(out).toBe(next.rows[localId]);
    expect(out.hours).toBe('02:00');
    expect(() => {
      kept!.rows[localId].hours = '03:00';
    }).toThrow(/after its change ended/);
    expect(next.rows[localId].hours).toBe('02:00');
  });

  it('hands out the committed (frozen) rows to a rule that iterates the rows map, and drafts to one that takes a row by id', () => {
    let doc: Journal = emptyJournal();
    for (let i = 0; i < 3; i++)
      doc = produceJournal(doc, (d) =>
        recordAdd(d, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, i),
      ).next;
    const ids = Object.keys(doc.rows);
    expect(Object.values(doc.rows).every((r) => Object.isFrozen(r))).toBe(true);
    // reading all rows: no copy, the same objects
    produceJournal(doc, (d) => {
      expect(Object.values(d.rows).slice(0, 2)).toEqual(ids.slice(0, 2).map((id) => doc.rows[id]));
    });
    expect(() =>
      produceJournal(doc, (d) => {
        Object.values(d.rows)[0].hours = '09:00';
      }),
    ).toThrow(TypeError);
    // the keys first, then each row by id (the last one too): drafts, so the change is made
    const { next, diff } = produceJournal(doc, (d) => {
      for (const id of Object.keys(d.rows)) d.rows[id].hours = '02:00';
    });
    expect(Object.values(next.rows).map((r) => r.hours)).toEqual(['02:00', '02:00', '02:00']);
    expect(Object.keys(diff.rows)).toEqual(ids);
    expect(Object.values(doc.rows).map((r) => r.hours)).toEqual(['01:00', '01:00', '01:00']);
    // a row changed by id earlier in the same change is seen changed when the map is iterated afterwards
    produceJournal(doc, (d) => {
      d.rows[ids[1]].hours = '03:00';
      expect(Object.values(d.rows).map((r) => r.hours)).toEqual(['01:00', '03:00', '01:00']);
    });
  });

  it('writes the full order only when a rule reorders the operations', () => {
    let doc: Journal = emptyJournal();
    for (let i = 0; i < 3; i++)
      doc = produceJournal(doc, (d) =>
        recordAdd(d, { workDate: '2026-11-16', hours: '01:00', jobName: 'J', billingStatus: 'Billable' }, i),
      ).next;
    const { next, diff } = produceJournal(doc, (d) => {
      d.ops = [d.ops[2], d.ops[0], d.ops[1]];
    });
    expect(diff.order).toEqual(next.ops.map((o) => o.id));
    const replay = new Replay(doc);
    replay.apply(changeRecord(diff));
    expect(replay.result().ops.map((o) => o.id)).toEqual(['op-000003', 'op-000001', 'op-000002']);
  });
});
