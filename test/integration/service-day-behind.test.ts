/**
 * The user's today is not yet the service's: the app at UTC+14 logs its Sunday while the service's calendar (in
 * another zone) is still on Saturday, and the service refuses the log as a future date. That refusal is about the
 * zones, not the log: the entry waits as queued (never "needs attention", never "in the future") with words that say
 * so, goes again on the core's clock (just after every quarter hour, when a zone's day may begin, one send for all that
 * wait; and at the next sync), and once the service's day has begun it is sent within a minute, once: the service holds
 * exactly one log. A day after the user's today is still refused as before.
 * The core on the test's clock (timers run when the test advances it); the sandbox's today set to the day before.
 * @inner src/core/outbox/service-day.ts (the quarter hour and the margin the retry is set by)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../src/shared/time/week';
import { serviceDayBehind } from '../../src/core/outbox';
import { QUARTER_HOUR_MS, SERVICE_DAY_MARGIN_MS } from '../../src/core/outbox/service-day';
import type { OutboxOp } from '../../src/core/journal';
import { someJob, startHarness, type Harness } from '../fixtures/logging-harness';
import { TEST_NOW } from '../fixtures/test-clock';
import { testClock, type TestClock } from '../fixtures/test-timers';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const MINUTE = 60_000;

async function start(clock: TestClock): Promise<{ h: Harness; job: { jobId: string; jobName: string }; today: string }> {
  const today = localDate(clock.now());
  // the service's calendar one day behind the user's (its zone is hours behind)
  const harness = await startHarness({ clock, sandboxOptions: { today: addDays(today, -1) } });
  const job = await someJob(harness.client, harness.sandbox.demoUser);
  await harness.logging.handlers.getCompanySettings({ refresh: true });
  return { h: harness, job, today };
}

/**
 * What the entry of `description` shows once the core has done what it does now: the client paces its requests on the
 * core's clock, so each look moves that clock on a little (never near the 30 minutes an entry waits).
 */
const settled =
  <T>(clock: TestClock, look: () => Promise<T>) =>
  async (): Promise<T> => {
    await clock.advance(200);
    return look();
  };
const POLL = { timeout: 10_000 };

/** The first quarter hour of UTC after `t` (every zone's midnight falls on one). */
const nextQuarter = (t: number) => (Math.floor(t / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;

/** The service's day (the sandbox's today) becomes `today` at the next quarter hour: a timer of the core's clock. */
function serviceDayBeginsAt(clock: TestClock, harness: Harness, today: string): number {
  const at = nextQuarter(clock.now());
  clock.setTimeout(() => harness.sandbox.configure({ today }), at - clock.now());
  return at;
}

const entryOf = async (harness: Harness, description: string) => {
  const all = await harness.logging.handlers.getOutbox({});
  const rows = (await harness.logging.handlers.getWeek({ date: harness.today })).logs;
  const log = rows.find((l) => l.description === description);
  return all.find((e) => e.localId === log?.localId);
};

describe("a log for the user's today while the service is still on the day before", () => {
  it('waits as queued with words that say why, goes again on the clock and at the next sync, then is sent once', async () => {
    const clock = testClock(TEST_NOW);
    const s = await start(clock);
    h = s.h;
    const harness = s.h;
    const description = 'ahead of the service';

    const r = await harness.logging.handlers.logTime({ ...s.job, workDate: s.today, hours: '01:00', billable: true, description });

    // not refused, not in the future: it waits for the service's day, and says so (the send goes on after the answer)
    expect(r.state).toBe('queued');
    await expect
      .poll(
        settled(clock, async () => (await entryOf(harness, description))?.waitsForServiceDay),
        POLL,
      )
      .toBeDefined();
    const log = (await harness.logging.handlers.getWeek({ date: s.today })).logs.find((l) => l.description === description)!;
    expect(log.sync).toBe('queued');
    expect(log.message).toBeUndefined();
    const serviceDay = addDays(s.today, -1);
    expect(log.waitsForServiceDaySaid).toEqual({
      code: 'core.outbox.waits-for-service-day',
      values: { known: 'yes', serviceDay: { day: serviceDay }, day: { day: s.today }, kind: 'add' },
    });
    expect(log.waitsForServiceDay).toMatch(
      /^Waiting for the service's day to begin: it is still .+ there \(another time zone\)\. Punchcard sends this log then\.$/,
    );
    expect(log.waitsForServiceDay).not.toMatch(/future|8003|HTTP/i);
    const entry = await entryOf(harness, description);
    expect(entry).toMatchObject({ state: 'queued', resolutions: [], waitsForServiceDay: log.waitsForServiceDay });
    expect(entry?.field).toBeUndefined();
    expect(entry?.message).toBeUndefined();
    const status = await harness.logging.handlers.getStatus({});
    expect(status.outbox).toMatchObject({ queued: 1, needsAttention: 0, waitingForServiceDay: 1 });
    expect(harness.serviceLogs().filter((l) => l.description === description)).toEqual([]);

    // the next sync sends it once: still refused (the service's day has not come), still waiting, nothing written
    const syncing = harness.logging.handlers.syncNow({});
    await expect
      .poll(
        settled(clock, async () => (await entryOf(harness, description))?.attempts.length),
        POLL,
      )
      .toBe(2);
    expect(await syncing).toMatchObject({ sent: 0, needsAttention: 0, remaining: 1 });
    expect(await entryOf(harness, description)).toMatchObject({ state: 'queued', waitsForServiceDay: expect.any(String) });

    // the next quarter hour on the core's clock: its timer sends it again just after (the service is still on the day before)
    await clock.advance(nextQuarter(clock.now()) + MINUTE - clock.now());
    await expect
      .poll(
        settled(clock, async () => (await entryOf(harness, description))?.attempts.length),
        POLL,
      )
      .toBe(3);
    expect(await entryOf(harness, description)).toMatchObject({ state: 'queued', waitsForServiceDay: expect.any(String) });

    // the service's day begins on the next quarter hour (every zone's midnight is on one): the entry is on the service
    // within a minute after, once (it went at the next half hour of its own, up to 30 minutes late)
    const dayBegins = serviceDayBeginsAt(clock, harness, s.today);
    await clock.advance(dayBegins + SERVICE_DAY_MARGIN_MS + 1_000 - clock.now());
    await expect
      .poll(
        settled(clock, async () => (await entryOf(harness, description))?.state),
        POLL,
      )
      .toBe('synced');
    expect(clock.now() - dayBegins).toBeLessThan(MINUTE);
    expect(await entryOf(harness, description)).not.toHaveProperty('waitsForServiceDay');
    expect(harness.serviceLogs().filter((l) => l.description === description)).toMatchObject([{ workDate: s.today, minutes: 60 }]);
    const adds = () => harness.sandbox.requests().filter((q) => q.path.includes('addtimelog'));
    expect(adds()).toHaveLength(4);
    expect((await harness.logging.handlers.getStatus({})).outbox).not.toHaveProperty('waitingForServiceDay');
    // never twice: an hour later and a sync after, the service still holds one log, and nothing more was sent
    await clock.advance(60 * MINUTE);
    await harness.logging.handlers.syncNow({});
    expect(harness.serviceLogs().filter((l) => l.description === description)).toHaveLength(1);
    expect(adds()).toHaveLength(4);
  });

  it('several entries waiting for the same day: one send a quarter hour, not one each; all go once when the day begins', async () => {
    const clock = testClock(TEST_NOW);
    const s = await start(clock);
    h = s.h;
    const harness = s.h;
    const names = ['first ahead', 'second ahead', 'third ahead'];
    for (const description of names) {
      const r = await harness.logging.handlers.logTime({ ...s.job, workDate: s.today, hours: '00:30', billable: true, description });
      expect(r.state).toBe('queued');
    }
    const waiting = async () => (await harness.logging.handlers.getStatus({})).outbox.waitingForServiceDay;
    await expect.poll(settled(clock, waiting), POLL).toBe(3);
    const adds = () => harness.sandbox.requests().filter((q) => q.path.includes('addtimelog')).length;
    const before = adds();
    expect(before).toBe(3); // each was sent once and refused

    // two quarter hours go by: one send at each (the first entry's), the others wait for its answer
    for (let i = 1; i <= 2; i++) {
      await clock.advance(nextQuarter(clock.now()) + MINUTE - clock.now());
      await expect
        .poll(
          settled(clock, async () => adds()),
          POLL,
        )
        .toBe(before + i);
    }
    expect(await waiting()).toBe(3);

    const dayBegins = serviceDayBeginsAt(clock, harness, s.today);
    await clock.advance(dayBegins + SERVICE_DAY_MARGIN_MS + 1_000 - clock.now());
    const onService = () => harness.serviceLogs().filter((l) => names.includes(l.description ?? ''));
    await expect
      .poll(
        settled(clock, async () => onService().length),
        POLL,
      )
      .toBe(3);
    expect(clock.now() - dayBegins).toBeLessThan(MINUTE);
    expect(
      onService()
        .map((l) => l.description)
        .sort(),
    ).toEqual([...names].sort());
    expect(adds()).toBe(before + 2 + 3);
  });

  it("the service's day began while it could not be reached: the sync when it is back sends it at once, once", async () => {
    const clock = testClock(TEST_NOW);
    const s = await start(clock);
    h = s.h;
    const harness = s.h;
    const description = 'back after the day began';
    const r = await harness.logging.handlers.logTime({ ...s.job, workDate: s.today, hours: '00:45', billable: true, description });
    expect(r.state).toBe('queued');
    await expect
      .poll(
        settled(clock, async () => (await entryOf(harness, description))?.waitsForServiceDay),
        POLL,
      )
      .toBeDefined();

    // the service goes away; its day begins on the next quarter hour, and the entry's time comes while it is away
    await harness.sandbox.setOffline(true);
    const dayBegins = serviceDayBeginsAt(clock, harness, s.today);
    await clock.advance(dayBegins + SERVICE_DAY_MARGIN_MS + 1_000 - clock.now());
    await expect
      .poll(
        settled(clock, async () => (await harness.logging.handlers.getStatus({})).online),
        POLL,
      )
      .toBe(false);
    expect(await entryOf(harness, description)).toMatchObject({ state: 'queued' });
    const adds = () => harness.sandbox.requests().filter((q) => q.path.includes('addtimelog')).length;
    const before = adds();

    // back: the check that finds it starts a sync, which sends the entry (its time came), once
    await harness.sandbox.setOffline(false);
    await expect
      .poll(
        settled(clock, async () => (await entryOf(harness, description))?.state),
        POLL,
      )
      .toBe('synced');
    expect(clock.now() - dayBegins).toBeLessThan(2 * MINUTE);
    expect(harness.serviceLogs().filter((l) => l.description === description)).toMatchObject([{ workDate: s.today, minutes: 45 }]);
    expect(adds()).toBe(before + 1);
  });

  it("is still refused as a future day when its day is after the user's today (the app's own rule, on the user's day)", async () => {
    const clock = testClock(TEST_NOW);
    const s = await start(clock);
    h = s.h;
    const refused = await s.h.logging.handlers
      .logTime({ ...s.job, workDate: addDays(s.today, 1), hours: '01:00', billable: true, description: 'tomorrow' })
      .catch((e: Error & { violations?: unknown }) => e);
    expect(refused).toMatchObject({ violations: [expect.objectContaining({ field: 'workDate', rule: 'future' })] });
    expect(s.h.serviceLogs().filter((l) => l.description === 'tomorrow')).toEqual([]);
  });
});

describe('serviceDayBehind: which refusals are the zones', () => {
  const now = TEST_NOW;
  const today = localDate(now);
  const add = (workDate: string, since?: number): OutboxOp =>
    ({
      id: 'op-000001',
      kind: 'add',
      localId: 'L-1',
      state: 'sending',
      resolutions: [],
      attempts: [],
      add: { workDate, hours: '01:00', jobName: 'Support', billingStatus: 'Billable' },
      maybeSent: true,
      createdAt: now,
      updatedAt: now,
      ...(since !== undefined ? { waitsForServiceDay: { since } } : {}),
    }) as OutboxOp;
  const future = (day: string) => ({
    code: 8003,
    field: 'workDate',
    said: `Cannot log time for a future date: ${day} is after today (${addDays(day, -1)}).`,
  });

  it("waits for today's log and an earlier day's, with the service's day from its words", () => {
    expect(serviceDayBehind(add(today), undefined, future(today), today, now)).toEqual({
      since: now,
      day: today,
      serviceDay: addDays(today, -1),
    });
    expect(serviceDayBehind(add(addDays(today, -1)), undefined, future(addDays(today, -1)), today, now)).toMatchObject({ since: now });
  });

  it("does not wait for a day after the user's today, another refusal, or past the widest gap between two zones", () => {
    const tomorrow = addDays(today, 1);
    expect(serviceDayBehind(add(tomorrow), undefined, future(tomorrow), today, now)).toBeUndefined();
    expect(serviceDayBehind(add(today), undefined, { code: 8002, field: 'hours', said: 'Too many hours' }, today, now)).toBeUndefined();
    expect(serviceDayBehind(add(today, now - 26 * 60 * MINUTE), undefined, future(today), today, now)).toMatchObject({ day: today });
    expect(serviceDayBehind(add(today, now - 28 * 60 * MINUTE), undefined, future(today), today, now)).toBeUndefined();
  });
});
