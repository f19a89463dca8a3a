/**
 * A window of the outbox list (`getOutboxList({ window })`, src/core/outbox/outbox-list.ts `outboxWindow`): the part
 * of the list the page shows, in its order (needs attention, waiting, another account's, sent; newest first in each),
 * with every group's count, so that a page opening on 10,000 entries waiting gets the first screen without 10,000
 * entries made and sent. Windows laid end to end are the whole list as the page groups it; asked without a window,
 * the list is every entry in the outbox's order, as it always was, with the counts added.
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox/operations';
import { markApplied, markRefused, markSending } from '../../src/core/outbox/send-steps';
import { groupOutbox } from '../../src/renderer/src/store/outbox-groups';
import { fields } from '../fixtures/log-fields';
import { startHarness, tempDir, type Harness } from '../fixtures/logging-harness';
import { wallClock } from '../fixtures/test-timers';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ANOTHER = 'service|https://people.zoho.eu|someone@else.test';

/** The i-th small log of a made-up backlog: the same day and job, told apart by its description. */
const log = (i: number) => ({ ...fields(`log ${i}`), hours: '00:05' });

/** 120 waiting, 9 needing attention, 7 of another account, 11 sent, made at times that do not follow their ids. */
function mixedOutbox(): string {
  const dir = tempDir('punch-window-');
  const ledger = createLedger(
    dir,
    wallClock(() => 1),
  );
  ledger.change((j) => {
    for (let i = 0; i < 147; i++) recordAdd(j, log(i), 1000 + ((i * 37) % 101), i < 140 ? undefined : ANOTHER);
    for (let i = 0; i < 20; i++) markSending(j, j.ops[i].id, 2000 + i);
    for (let i = 0; i < 9; i++) markRefused(j, j.ops[i].id, 3000 + i, 'Refused.');
    for (let i = 9; i < 20; i++) markApplied(j, j.ops[i].id, 4000 + ((i * 7) % 11), { timeLogId: `T-${i}` });
  });
  ledger.close();
  return dir;
}

describe('a window of the outbox list', () => {
  it("gives the page's order part by part, with every group's count, and the whole list still when asked without one", async () => {
    h = await startHarness({ dataDir: mixedOutbox(), start: false });
    const whole = await h.logging.handlers.getOutboxList({});
    expect(whole.entries.map((e) => e.id)).toEqual([...whole.entries.map((e) => e.id)].sort()); // the outbox's order
    expect(whole.total).toBe(147);
    expect(whole.groups).toEqual({ attention: 9, waiting: 120, 'other-account': 7, sent: 11 });
    const shown = groupOutbox(whole.entries).flatMap((g) => g.entries);
    const parts = [];
    for (let from = 0; from < 147; from += 25) {
      const part = await h.logging.handlers.getOutboxList({ window: { from, count: 25 } });
      expect(part.version).toBe(whole.version);
      expect(part.total).toBe(147);
      expect(part.groups).toEqual(whole.groups);
      expect(part.window).toEqual({ from, count: Math.min(25, 147 - from) });
      parts.push(...part.entries);
    }
    expect(parts).toEqual(shown);
    const past = await h.logging.handlers.getOutboxList({ window: { from: 500, count: 10 } });
    expect(past.entries).toEqual([]);
    expect(past.total).toBe(147);
  });
});

describe('a window of a long list made in order', () => {
  it('is taken from the end of the list when its group is newest first, and sorted when a clock set back broke the order', async () => {
    const dir = tempDir('punch-window-order-');
    let now = 10_000;
    const ledger = createLedger(
      dir,
      wallClock(() => now),
    );
    // 60 logs made a minute apart, as a backlog grows: the waiting group read backwards is newest first already
    ledger.change((j) => {
      for (let i = 0; i < 60; i++) recordAdd(j, log(i), (now += 60_000));
    });
    ledger.close();
    h = await startHarness({ dataDir: dir, start: false });
    const windowsOf = async () => {
      const parts = [];
      for (let from = 0; from < 61; from += 7)
        parts.push(...(await h!.logging.handlers.getOutboxList({ window: { from, count: 7 } })).entries);
      return parts;
    };
    const inOrder = await windowsOf();
    expect(inOrder.map((e) => e.localId)).toEqual(
      groupOutbox((await h.logging.handlers.getOutboxList({})).entries).flatMap((g) => g.entries.map((e) => e.localId)),
    );
    expect(inOrder[0].createdAt).toBeGreaterThan(inOrder[59].createdAt);
    await h.close();
    // one more log, made with the clock set back an hour: last in the outbox, but shown among the older ones
    const again = createLedger(
      dir,
      wallClock(() => now),
    );
    again.change((j) => recordAdd(j, log(60), now - 3_600_000));
    again.close();
    h = await startHarness({ dataDir: dir, start: false });
    const parts = await windowsOf();
    const shown = groupOutbox((await h.logging.handlers.getOutboxList({})).entries).flatMap((g) => g.entries);
    expect(parts).toEqual(shown);
    // the set-back log is the oldest by its time: shown last, not first where a walk from the end meets it
    expect(parts[60].createdAt).toBe(now - 3_600_000);
    expect(parts[0].createdAt).toBe(inOrder[0].createdAt);
  });
});
