/**
 * The entries held for the user's answer to a torn delete (their row's `deleteOffered`), as a sync's report counts
 * them apart (src/core/sync/engine.ts `report`, `heldForAnswer`): on the ledger's document from its kept counts, where
 * a held log's entries have a key of their own (src/core/journal/indexes/held.ts `countKeyOf`), not by a walk over
 * every row at each report (10,000 with a backlog). The counts must say what the walk says: made by a whole read, by
 * the changes that hold a log and let it go, by each account; and the status's counts still count them as queued.
 * @inner src/core/outbox/operations.ts
 */
import { describe, expect, it } from 'vitest';
import { countedAs, createLedger, unfinishedByAccount, type Journal } from '../../src/core/journal';
import { countByState, heldForAnswer } from '../../src/core/outbox';
import { recordAdd } from '../../src/core/outbox/operations';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';
import { fields } from '../fixtures/log-fields';

const clock = wallClock(() => Date.UTC(2026, 10, 20, 9, 30));
const MAYA = 'sandbox|maya@demo.test';
const LIAM = 'sandbox|liam@demo.test';

/** What a walk over a copy the ledger does not hold says, for every account; and that the ledger's counts say the same. */
function expectAsWalked(j: Readonly<Journal>, where: string): void {
  const walked = JSON.parse(JSON.stringify(j)) as Journal;
  for (const account of [undefined, MAYA, LIAM]) {
    expect(heldForAnswer(j, account), `${where}: held for ${account ?? 'every account'}`).toBe(heldForAnswer(walked, account));
    expect(countByState(j, account), `${where}: counts for ${account ?? 'every account'}`).toEqual(countByState(walked, account));
  }
}

/** The ledger's kept counts under a held key: how many entries, by account. */
function heldKeys(j: Readonly<Journal>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, c] of unfinishedByAccount(j) ?? []) {
    const of = countedAs(key);
    if (of.held) out[of.account] = c.queued + c.sending + c['needs-attention'];
  }
  return out;
}

describe('the entries held for the answer to a torn delete', () => {
  it("are counted under a key of their own in the ledger's counts: as a walk says, read whole, held and let go, by account", () => {
    const dir = tempDir('punch-held-count-');
    const writer = createLedger(dir, clock);
    const ids = [
      writer.change((j) => recordAdd(j, fields('maya 1'), 1, MAYA)).localId,
      writer.change((j) => recordAdd(j, fields('maya 2'), 2, MAYA)).localId,
      writer.change((j) => recordAdd(j, fields('liam'), 3, LIAM)).localId,
      writer.change((j) => recordAdd(j, fields('no account'), 4)).localId,
    ];
    // a report offers the deletes of three of them (src/core/journal/torn-end.ts `heldForAnswer` writes the same)
    writer.change((j) => {
      for (const id of ids.slice(1)) j.rows[id].deleteOffered = 'report-1';
    });
    const j = writer.read();
    expect(heldKeys(j)).toEqual({ [MAYA]: 1, [LIAM]: 1, '': 1 });
    expect(heldForAnswer(j)).toBe(3);
    // the log of no account is in every account's turn
    expect(heldForAnswer(j, MAYA)).toBe(2);
    expect(countByState(j, MAYA)).toEqual({ queued: 3, sending: 0, needsAttention: 0, otherAccounts: 1 });
    expectAsWalked(j, 'held by a change');
    writer.close();

    // read whole: the counts the read makes as it reads the entries
    const reader = createLedger(dir, clock);
    expect(heldKeys(reader.read())).toEqual({ [MAYA]: 1, [LIAM]: 1, '': 1 });
    expectAsWalked(reader.read(), 'read whole');
    // "Keep it" for Liam's (src/core/damage-handlers.ts lets go of the row): its entry is counted as Liam's again
    reader.change((d) => void delete d.rows[ids[2]].deleteOffered);
    expect(heldKeys(reader.read())).toEqual({ [MAYA]: 1, '': 1 });
    expect(heldForAnswer(reader.read(), LIAM)).toBe(1);
    expectAsWalked(reader.read(), 'one let go');
    reader.change((d) => {
      for (const id of ids) delete d.rows[id].deleteOffered;
    });
    expect(heldKeys(reader.read())).toEqual({});
    expect(heldForAnswer(reader.read())).toBe(0);
    expectAsWalked(reader.read(), 'all let go');
    reader.close();
  });
});
