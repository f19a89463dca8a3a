/**
 * The outcomes the sync engine records (src/core/sync/outcomes.ts) that the other suites do not reach:
 * an edit whose answer was lost for a log deleted on the service meanwhile ("gone"), a delete the service answers
 * with 7049 "no such record", and a send refused because the session is no longer signed in.
 * @inner src/core/outbox/operations.ts, src/core/outbox/send-steps.ts, src/core/sync/outcomes.ts
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../src/core/context';
import { createLedger } from '../../src/core/journal';
import { recordAdd } from '../../src/core/outbox/operations';
import { markSending } from '../../src/core/outbox/send-steps';
import { createSyncOutcomes } from '../../src/core/sync/outcomes';
import { AuthError } from '../../src/core/service';
import { counts, someJob, startHarness, tempDir, type Harness } from '../fixtures/logging-harness';
import { TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { wallClock } from '../fixtures/test-timers';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function loggedAndSynced(description: string) {
  h = await startHarness();
  const job = await someJob(h.client, h.sandbox.demoUser);
  const { log, state } = await h.logging.handlers.logTime({ ...job, workDate: TEST_TODAY, hours: '01:00', billable: true, description });
  expect(state).toBe('synced');
  const [onService] = h.serviceLogs().filter((l) => l.description === description);
  return { h, log, timeLogId: onService.timeLogId };
}

const noticesOf = (harness: Harness) =>
  harness.events.filter((e) => e.event === 'notice').map((e) => e.payload as { level: string; message: string });

describe('an outcome the service settles for us', () => {
  it("asks the user, sending nothing again, when an edit's answer is lost and its log was deleted on the service meanwhile", async () => {
    const { h, log, timeLogId } = await loggedAndSynced('deleted elsewhere');
    await h.client.deleteTimeLog(timeLogId); // someone deletes it in the service's web UI
    h.sandbox.resetRequests();
    h.sandbox.fault({ kind: 'http-5xx', status: 502, match: 'edittimelog', times: 1 }); // a 5xx on a write: maybe applied

    await h.logging.handlers.editLog({ localId: log.localId, hours: '02:00' });

    const unsettled = async () => (await h!.logging.handlers.getOutbox({})).filter((e) => e.state !== 'synced');
    await expect
      .poll(unsettled)
      .toMatchObject([{ kind: 'edit', state: 'needs-attention', message: expect.stringMatching(/no longer exists in the service/) }]);
    expect(counts(h.sandbox, 'edittimelog')).toBe(1); // never sent again
    expect(counts(h.sandbox, 'gettimelogdetails')).toBe(1); // it asked instead
    expect(noticesOf(h)).toContainEqual(
      expect.objectContaining({ level: 'warning', message: expect.stringMatching(/the log no longer exists in the service/) }),
    );
  });

  it('counts a delete the service answers with 7049 "no such record" as done: the log is gone, as wanted', async () => {
    const { h, log, timeLogId } = await loggedAndSynced('deleted twice');
    await h.client.deleteTimeLog(timeLogId);
    h.sandbox.resetRequests();

    const r = await h.logging.handlers.deleteLog({ localId: log.localId });

    expect(r.state).toBe('synced');
    expect(counts(h.sandbox, 'deletetimelog')).toBe(1);
    expect((await h.logging.handlers.getOutbox({})).filter((e) => e.state !== 'synced')).toEqual([]);
    expect(noticesOf(h)).toEqual([]);
  });
});

describe('a send refused because the session is signed out', () => {
  it('keeps the entry queued with the reason, says sync is paused, and stops the run', async () => {
    const clock = wallClock(() => TEST_NOW);
    const ledger = createLedger(tempDir(), clock);
    ledger.change((j) =>
      recordAdd(j, { workDate: TEST_TODAY, hours: '01:00', jobName: 'Website', billingStatus: 'Billable' }, clock.now()),
    );
    const op = ledger.read().ops[0];
    ledger.change((j) => markSending(j, op.id, clock.now()));
    const notices: Array<{ level: string; message: string }> = [];
    const went = { retries: 0, pauses: 0, online: 0, offline: 0 };
    const outcomes = createSyncOutcomes({
      ledger,
      clock,
      session: {} as Session, // not asked: a refused sign-in needs no reconciling
      pacing: {
        pause: () => {
          went.pauses++;
        },
        scheduleRetry: () => {
          went.retries++;
        },
        waitForRead: () => undefined,
        resendDelay: () => 5_000,
        wakeAt: () => undefined,
        serviceDayRefused: () => undefined,
      },
      settle: (_op, fn) => {
        ledger.change(fn);
      },
      refuse: () => {
        throw new Error('a signed-out session is no refusal of the entry');
      },
      succeeded: () => {
        went.online++;
      },
      engineRead: () => ({}),
      offline: () => {
        went.offline++;
      },
      notify: (level, message) => {
        // the English beside the code and values (src/shared/i18n/said.ts)
        notices.push({ level, message: typeof message === 'string' ? message : message.message });
      },
      closed: () => false,
    });

    const step = await outcomes.failed(ledger.read().ops[0], new AuthError('Not signed in: sign in again in Settings.', undefined, 401));

    expect(step).toBe('stop');
    expect(ledger.read().ops[0]).toMatchObject({ state: 'queued', maybeSent: false });
    expect(ledger.read().ops[0].attempts.at(-1)).toMatchObject({ outcome: 'retry', message: 'Not signed in: sign in again in Settings.' });
    expect(notices).toEqual([{ level: 'error', message: 'Sync paused: Not signed in: sign in again in Settings.' }]);
    // Neither online nor offline, and no retry timer: it waits for the user to sign in.
    expect(went).toEqual({ retries: 0, pauses: 0, online: 0, offline: 0 });
    ledger.close();
  });
});
