/**
 * An outbox entry held for the user's answer to a torn delete (the row's `deleteOffered`, src/core/journal/torn-end.ts)
 * says why it waits, in the outbox's view of it (`toOutboxEntry`, `outboxWindow`): it is not sent until the user
 * answers, so "queued" alone would leave a user pressing Sync for ever. Once answered, it says so no more.
 * @inner src/core/journal/file/index.ts, src/core/outbox/operations.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createLedger } from '../../src/core/journal';
import { JOURNAL_FILE } from '../../src/core/journal/file';
import { heldForAnswer, outboxWindow, toOutboxEntry } from '../../src/core/outbox';
import { recordAdd, recordDelete } from '../../src/core/outbox/operations';
import { listDamage } from '../../src/core/store';
import { wallClock } from '../fixtures/test-timers';
import { fields } from '../fixtures/log-fields';

const clock = wallClock(() => Date.UTC(2026, 10, 20, 9, 30));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

it('an entry held for the answer to a torn delete says it waits for that answer and names the report; answered, it does not', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'punch-held-entry-'));
  dirs.push(dir);
  const file = path.join(dir, JOURNAL_FILE);
  const first = createLedger(dir, clock);
  first.change((j) => recordAdd(j, fields('a'), 1));
  const b = first.change((j) => recordAdd(j, fields('b'), 2)).localId;
  first.change((j) => void recordDelete(j, b, 3)); // never sent: its row taken away
  first.close();
  // the disk lost the end of the delete's record (its newline and the byte before it)
  const full = fs.readFileSync(file);
  fs.writeFileSync(file, full.subarray(0, full.length - 2));

  const ledger = createLedger(dir, clock);
  try {
    const [report] = listDamage(dir);
    const j = ledger.read();
    expect(j.rows[b].deleteOffered).toBe(report.id);
    const held = toOutboxEntry(
      j,
      j.ops.find((o) => o.localId === b)!,
    );
    const free = toOutboxEntry(
      j,
      j.ops.find((o) => o.localId !== b)!,
    );
    expect(held.state).toBe('queued');
    expect(held.heldByReport).toBe(report.id);
    expect(held.waitsForAnswer).toBe(
      `waiting for your answer: you deleted this log and the delete was not saved, so nothing of it is sent until you choose 'Delete it' or 'Keep it' in the banner (or \`punch data log-again ${report.id}\` or \`punch data discard ${report.id}\`)`,
    );
    expect(held.waitsForAnswerSaid).toEqual({
      code: 'core.outbox.waits-for-answer',
      values: { logAgain: `\`punch data log-again ${report.id}\``, discard: `\`punch data discard ${report.id}\`` },
    });
    expect(free.waitsForAnswer).toBeUndefined();
    expect(free.heldByReport).toBeUndefined();
    // the page's window shows it the same
    const shown = outboxWindow(j, undefined, 0, 10).entries.find((e) => e.localId === b);
    expect(shown?.heldByReport).toBe(report.id);
    // a sync's report counts it apart from what waits to be sent (src/core/sync/engine.ts `report`)
    expect(heldForAnswer(j)).toBe(1);

    // answered ("Keep it" lets go of the row, src/core/damage-handlers.ts `letGo`): it goes, and says nothing of waiting
    ledger.change((d) => void delete d.rows[b].deleteOffered);
    const after = ledger.read();
    const freed = toOutboxEntry(
      after,
      after.ops.find((o) => o.localId === b)!,
    );
    expect(freed.waitsForAnswer).toBeUndefined();
    expect(freed.heldByReport).toBeUndefined();
    expect(heldForAnswer(after)).toBe(0);
  } finally {
    ledger.close();
  }
});
