/**
 * A record of the outbox damaged on disk while the app runs (a whole last record whose checksum no longer matches) is
 * found by the app's own look at the file, kept aside, reported at once in a notice and in the status (the banner),
 * with the log it seems to hold offered, and the app goes on: the report's listeners run after the recovery, so
 * asking for the status from them does not wait on the outbox's own lock (it is not re-entrant).
 * @inner src/core/journal/format.ts
 * @inner src/core/store/file-lock.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { AppStatus } from '../../src/shared/domain';
import { encodeRecord } from '../../src/core/journal/format';
import { LOCK_WAIT_MS } from '../../src/core/store/file-lock';
import { startHarness, someJob, type Harness } from '../fixtures/logging-harness';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
});

it('reports a record damaged while the app runs at once, offers its log, and keeps answering', async () => {
  h = await startHarness();
  const job = await someJob(h.client, h.sandbox.demoUser);
  await h.logging.handlers.logTime({ ...job, workDate: h.today, hours: '00:10', description: 'before' });
  const fields = { workDate: h.today, hours: '01:15', jobName: job.jobName, billingStatus: 'Billable' as const, description: 'kept away' };
  const line = Buffer.from(
    encodeRecord({
      t: 'change',
      rows: { 'L-damaged': { ...fields, localId: 'L-damaged', createdAt: 1, updatedAt: 1 } },
      ops: [
        {
          id: 'op-000900',
          kind: 'add',
          localId: 'L-damaged',
          state: 'queued',
          resolutions: [],
          attempts: [],
          add: fields,
          maybeSent: false,
          createdAt: 1,
          updatedAt: 1,
        },
      ],
      seq: 900,
    }),
  );
  line[line.indexOf('kept away') + 2] ^= 0x01; // written whole, then one byte changed on disk
  fs.appendFileSync(path.join(h.dataDir, 'outbox.journal'), line);

  const statuses = () => h!.events.filter((e) => e.event === 'status').map((e) => e.payload as AppStatus);
  await expect
    .poll(
      () =>
        statuses()
          .at(-1)
          ?.damage?.[0]?.offer?.logs.map((l) => l.hours),
      { timeout: 6_000 },
    )
    .toEqual(['01:15']);
  expect(
    h.events
      .filter((e) => e.event === 'notice')
      .map((e) => (e.payload as { message: string }).message)
      .join('\n'),
  ).toContain('its last record could not be read (it does not match its checksum)');
  // the app answers afterwards: nothing is left waiting on a lock. A status stuck behind the outbox's lock would wait
  // the lock's whole wait (LOCK_WAIT_MS, 30 s) and then fail; the bound is that wait, not a guess at a machine's speed
  // (a loaded CI machine takes seconds for what takes milliseconds here)
  const before = Date.now();
  const status = await h.logging.handlers.getStatus({});
  expect(Date.now() - before).toBeLessThan(LOCK_WAIT_MS);
  expect(status.damage?.[0]?.offer?.logs.map((l) => l.hours)).toEqual(['01:15']);
});
