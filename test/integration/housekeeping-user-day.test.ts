/**
 * Housekeeping (the ledger's synced rows of days more than 16 weeks back go when an entry syncs: docs/outbox.md
 * "Keeping the ledger bounded") counts the weeks back from the user's day (the preference "Count my days in"), not the
 * process's: a laptop in UTC+14 set to Los Angeles, and one in Los Angeles set to UTC+14, a day apart. The row of the
 * 16th week back stays and the one of the day before it goes, as the user counts. The real core over a real sandbox,
 * on the test's clock; the old rows written beforehand through the journal, as an older sync left them.
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts, src/core/outbox/housekeeping.ts
 */
import { afterEach, expect, it } from 'vitest';
import { call, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { createLedger, type Journal, type LogFields } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox/operations';
import { markApplied, markSending } from '../../src/core/outbox/send-steps';
import { KEEP_LEDGER_WEEKS } from '../../src/core/outbox/housekeeping';
import { addDays, localDate } from '../../src/shared/time/week';
import { dayIn } from '../../src/shared/time/zone';
import { testClock } from '../fixtures/test-timers';

/** 20:00 UTC on Friday 20 Nov 2026: 12:00 on the 20th in Los Angeles (UTC-8), 10:00 on the 21st in Kiritimati (UTC+14). */
const AT = Date.parse('2026-11-20T20:00:00Z');
const LONG_AGO = AT - (KEEP_LEDGER_WEEKS + 2) * 7 * 86_400_000;
const zoneBefore = process.env.TZ;
let world: CoreOverSandbox | undefined;

afterEach(async () => {
  await world?.close();
  world = undefined;
  process.env.TZ = zoneBefore;
});

const fields = (jobId: string, workDate: string, description: string): LogFields => ({
  workDate,
  hours: '01:00',
  jobId,
  jobName: 'Old work',
  billingStatus: 'Billable',
  description,
});

for (const [zone, chosen] of [
  ['Pacific/Kiritimati', 'America/Los_Angeles'],
  ['America/Los_Angeles', 'Pacific/Kiritimati'],
] as const) {
  it(`in ${zone} with the days counted in ${chosen}: the 16 weeks back from the user's day`, async () => {
    process.env.TZ = zone;
    const userToday = dayIn(chosen, AT);
    expect(localDate(AT), 'the process is a day apart').not.toBe(userToday);
    const edge = addDays(userToday, -7 * KEEP_LEDGER_WEEKS);
    const clock = testClock(AT);
    world = await startCoreOverSandbox({ today: userToday, dirPrefix: 'punch-prune-zone-', now: () => clock.now() });
    await call(world.core, 'updatePreferences', { timeZone: chosen });
    const job = world.sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(world!.sb.demoUser))!;

    // logged and synced long ago: a row exactly 16 weeks back, and one of the day before
    const old = createLedger(world.dataDir, clock);
    const sync = (j: Journal, localId: string, timeLogId: string) => {
      const op = j.ops.find((o) => o.localId === localId && o.state !== 'synced')!;
      markSending(j, op.id, LONG_AGO);
      markApplied(j, op.id, LONG_AGO, { timeLogId });
    };
    const kept = old.change((j) => recordAdd(j, fields(job.jobId, edge, '16 weeks back'), LONG_AGO));
    const gone = old.change((j) => recordAdd(j, fields(job.jobId, addDays(edge, -1), 'the day before'), LONG_AGO));
    old.change((j) => {
      sync(j, kept.localId, 'T-old-1');
      sync(j, gone.localId, 'T-old-2');
    });

    // an entry synced today runs the housekeeping
    await call(world.core, 'logTime', { jobId: job.jobId, workDate: userToday, hours: '01:00', description: 'today' });
    await call(world.core, 'syncNow', {});
    const rows = old.read().rows;
    expect(Object.values(rows).find((r) => r.description === 'today')?.timeLogId).toBeTruthy();
    expect(rows[kept.localId], `the row of ${edge} is in the 16 weeks the user counts`).toMatchObject({ workDate: edge });
    expect(rows[gone.localId], `the row of ${addDays(edge, -1)} is older`).toBeUndefined();
    old.close();
  }, 60_000);
}
