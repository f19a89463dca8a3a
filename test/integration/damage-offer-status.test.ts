/**
 * An offer of a damaged file stays in view until the user answers it (src/core/app-status.ts `offers`,
 * src/shared/status/sync-words.ts): "I have seen this" (`acknowledgeDamage`, `punch data acknowledge --all`) takes the
 * report out of `damage`, but its logs have still not reached the service, so the status keeps counting them ("1 log
 * to check", never "Everything you logged has reached the service") until they are logged again or discarded.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../src/core/context';
import { createLedger } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox/operations';
import { startSandbox, type Sandbox } from '../../src/sandbox/index';
import { syncLine } from '../../src/shared/status/sync-words';
import { englishWording } from '../../src/shared/i18n/english';
import { coreOver, sandboxSession, tempDir } from '../fixtures/logging-harness';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 4 });
});
afterAll(async () => {
  await sandbox?.close();
});

/** A data directory whose journal's last record (a queued log) the disk cut 20 bytes short: offered to the user. */
function tornLogDir(): string {
  const dir = tempDir('punch-offer-status-');
  const ledger = createLedger(dir, systemClock);
  ledger.change((j) => recordAdd(j, { workDate: '2026-11-16', hours: '01:15', jobName: 'Cut job', billingStatus: 'Billable' }, 1));
  ledger.close();
  const file = path.join(dir, 'outbox.journal');
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(file, bytes.subarray(0, bytes.length - 20));
  return dir;
}

it('keeps counting an acknowledged report’s unanswered logs in the status until the user answers the offer', async () => {
  const dataDir = tornLogDir();
  const { session } = sandboxSession(sandbox.url, sandbox.demoToken, sandbox.demoUser);
  const core = await coreOver({ dataDir, clock: systemClock, session });
  try {
    const w = englishWording();
    const before = core.core.status();
    expect(before.damage).toHaveLength(1);
    expect(syncLine(before, w).short).toBe('1 log to check');

    await core.handlers.acknowledgeDamage({ all: true });
    const seen = core.core.status();
    expect(seen.damage).toEqual([]); // acknowledged: the key keeps its meaning
    expect(seen.offers?.map((r) => r.id)).toEqual([before.damage![0].id]);
    expect(syncLine(seen, w).short).toBe('1 log to check');
    expect(syncLine(seen, w).sentence).toContain('1 log read back from a damaged file has not reached the service');
    expect(syncLine(seen, w).sentence).not.toContain('Everything you logged has reached the service');

    await core.handlers.resolveDamage({ id: before.damage![0].id, action: 'discard' });
    const answered = core.core.status();
    expect(answered.offers).toEqual([]);
    expect(syncLine(answered, w).short).toBe('Online · all synced');
  } finally {
    await core.close();
  }
});
