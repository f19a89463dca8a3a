/**
 * A log held for the user's answer to a torn delete (src/core/journal/torn-end.ts `heldForAnswer`) is not sent, even
 * when the sync engine picked its entry before the torn end was found. The engine picks from the document it read,
 * waits for the reachability check, then claims the entry under the lock (src/core/sync/claims.ts `claimOp`); taking
 * that lock is what may find the torn delete and hold the log. Claimed anyway, the log the user deleted reached the
 * service and was counted synced: the header then said neither "waits for your answer" nor "waiting" while the banner
 * still offered the delete (issue 25, test/e2e/damage-delete.spec.ts "a queued log held for the answer ...").
 * @inner src/core/journal/file/index.ts, src/core/journal/format.ts, src/core/sync/claims.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger, type Journal } from '../../src/core/journal';
import { JOURNAL_FILE } from '../../src/core/journal/file';
import { encodeRecord } from '../../src/core/journal/format';
import { countByState, heldForAnswer, markSending, nextOperation, recordAdd } from '../../src/core/outbox';
import { claimOp, engineIdentity } from '../../src/core/sync/claims';
import { fields as logFields } from '../fixtures/log-fields';
import { tempDir } from '../fixtures/temp-dirs';
import { wallClock } from '../fixtures/test-timers';

const clock = wallClock(() => Date.UTC(2026, 10, 18, 9));
/** A log of 20 minutes on Wednesday 18 November 2026, told apart by its description. */
const fields = (description: string) => ({ ...logFields(description), workDate: '2026-11-18', hours: '00:20', jobName: 'J' });
const me = engineIdentity();
afterEach(() => me.close());

/**
 * A ledger holding a queued log (`held`, first in the outbox) and another; `ambiguous`: its add was marked `sending` by
 * an engine that is gone (a crash): found so, it is reconciled with the service before anything is sent again.
 */
function outboxOfTwo(ambiguous: boolean) {
  const dir = tempDir('punch-held-claim-');
  const ledger = createLedger(dir, clock);
  const held = ledger.change((j) => recordAdd(j, fields('held'), 1)).localId;
  ledger.change((j) => recordAdd(j, fields('other'), 2));
  const opId = ledger.read().ops.find((o) => o.localId === held)!.id;
  if (ambiguous) {
    ledger.change((j) => markSending(j, opId, 3));
  }
  return { dir, ledger, held, opId };
}

/** The user's delete of the never-sent log `localId`, its record's end lost by the disk after it was acknowledged. */
function tornDeleteOf(dir: string, localId: string, opId: string): void {
  const record = encodeRecord({ t: 'change', rowsGone: [localId], opsGone: [opId] });
  fs.appendFileSync(path.join(dir, JOURNAL_FILE), record.slice(0, record.length - 20));
}

describe('an entry picked to be sent, whose log a torn delete found at the claim holds for the answer', () => {
  for (const ambiguous of [false, true])
    it(`is not claimed (${ambiguous ? 'to reconcile its unknown answer' : 'to be sent'}): it stays as it was, counted as held, until "Keep it"`, () => {
      const { dir, ledger, held, opId } = outboxOfTwo(ambiguous);
      // the engine picks it from the document it read (the torn end is not there yet)
      const picked = nextOperation(ledger.read(), () => false);
      expect(picked.ready && picked.op.id).toBe(opId);
      expect(picked.ready && picked.reconcile).toBe(ambiguous);
      const before = ledger.read().ops.find((o) => o.id === opId)!;

      tornDeleteOf(dir, held, opId);
      // the claim takes the lock: the torn end is found there, and the log held
      const claimed = ledger.change((j) => claimOp(j, opId, clock.now(), me, ambiguous));
      expect(claimed).toBeUndefined();
      const j: Readonly<Journal> = ledger.read();
      expect(j.rows[held].deleteOffered).toEqual(expect.any(String));
      expect(j.ops.find((o) => o.id === opId)).toEqual(before);
      expect(heldForAnswer(j)).toBe(1);
      expect(countByState(j)).toEqual({ queued: ambiguous ? 1 : 2, sending: ambiguous ? 1 : 0, needsAttention: 0, otherAccounts: 0 });
      // nothing of it goes until the answer: the next pick is the other log
      const next = nextOperation(j, () => false);
      expect(next.ready && next.op.localId).not.toBe(held);

      // "Keep it": the log goes as it is now
      ledger.change((d) => void delete d.rows[held].deleteOffered);
      const taken = ledger.change((d) => claimOp(d, opId, clock.now(), me, ambiguous));
      expect(taken?.id).toBe(opId);
      expect(taken?.state).toBe('sending');
      expect(heldForAnswer(ledger.read())).toBe(0);
      ledger.close();
    });
});

describe('an entry picked to be sent, whose account was switched away before the claim', () => {
  it('is not claimed under the account signed in now: it waits for its own account, which then claims it', () => {
    const MAYA = 'sandbox|maya@demo.test';
    const LIAM = 'sandbox|liam@demo.test';
    const ledger = createLedger(tempDir('punch-account-claim-'), clock);
    const localId = ledger.change((j) => recordAdd(j, fields('maya'), 1, MAYA)).localId;
    const picked = nextOperation(ledger.read(), () => false, MAYA);
    expect(picked.ready && picked.op.localId).toBe(localId);
    const opId = picked.ready ? picked.op.id : '';
    // the user signed in as Liam while the engine awaited the reachability check
    expect(ledger.change((j) => claimOp(j, opId, clock.now(), me, false, LIAM))).toBeUndefined();
    expect(ledger.read().ops.find((o) => o.id === opId)?.state).toBe('queued');
    // back as Maya: it goes
    expect(ledger.change((j) => claimOp(j, opId, clock.now(), me, false, MAYA))?.state).toBe('sending');
    ledger.close();
  });
});
