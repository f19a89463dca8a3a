/**
 * One day for the user, in the zone they chose (Settings' "Count my days in", the preference `timeZone`), on every
 * screen and in every rule: a laptop in New York set to Europe/Berlin, at 20:30 on a Sunday in New York (02:30 on
 * Monday in Berlin). The timer logs to Berlin's Monday; a log for "today" goes there too and is not refused as a day
 * to come; Track shows it; the Week tab opens on Berlin's week; the morning reminder, the reminders and the first
 * screen count the same day. With the preference at `system`, the process's own day, as before.
 * The real core over a real sandbox (whose today is Berlin's: the service's day), the renderer's store over it, on
 * the test's clock.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiOver } from '../fixtures/api-over-core';
import { call, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { createAppStore, loadEverything, type AppStore } from '../../src/renderer/src/store';
import { subscribeToEvents } from '../../src/renderer/src/store/events';
import type { FirstAnswers } from '../../src/shared/first-screen/answers';
import type { TimerView } from '../../src/shared/domain';
import type { LogResult } from '../../src/shared/contract';
import { testClock, type TestClock } from '../fixtures/test-timers';

// the process's zone for this file; the user's zone is the preference
process.env.TZ = 'America/New_York';

/** Sunday 22 Nov 2026, 20:30 in New York (UTC-5) = Monday 23 Nov, 02:30 in Berlin (UTC+1). */
const AT = Date.parse('2026-11-23T01:30:00Z');
const BERLIN_DAY = '2026-11-23';
const NEW_YORK_DAY = '2026-11-22';

let clock: TestClock;
let world: CoreOverSandbox;
let store: AppStore;
let off: () => void;
let job: { jobId: string; jobName: string };

beforeEach(async () => {
  clock = testClock(AT);
  world = await startCoreOverSandbox({ today: BERLIN_DAY, dirPrefix: 'punch-user-day-', now: () => clock.now() });
  const api = apiOver(world.core);
  store = createAppStore({ api, now: () => clock.now() });
  off = subscribeToEvents(store, api);
  const j = world.sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(world.sb.demoUser))!;
  job = { jobId: j.jobId, jobName: j.jobName };
});
afterEach(async () => {
  off();
  await world.close();
});

it('counts the days in the chosen zone: the timer, a log for today, Track, the Week tab and the first screen agree', async () => {
  expect(new Date(AT).getDate()).toBe(22); // the process is in New York
  await call(world.core, 'updatePreferences', { timeZone: 'Europe/Berlin' });

  await loadEverything(store);
  expect(store.getState().today.date).toBe(BERLIN_DAY);
  expect(store.getState().week.weekStart).toBe(BERLIN_DAY); // Berlin's Monday, not New York's week before

  // the timer logs to Berlin's day
  await call<TimerView>(world.core, 'startTimer', { ...job, description: 'timer at night' });
  await clock.advance(30 * 60_000);
  const stopped = await call<{ logged: Array<{ log: { workDate: string }; state: string }> }>(world.core, 'stopTimer', {});
  expect(stopped.logged.map((l) => l.log.workDate)).toEqual([BERLIN_DAY]);

  // the form's "today" is the same day, and the app's rules do not call it a day to come
  const typed = { ...job, workDate: store.getState().today.date, hours: '01:00', description: 'typed at night' };
  expect(await store.getState().logForm.check(typed)).toEqual([]);
  const logged = await call<LogResult>(world.core, 'logTime', typed);
  expect(logged.log.workDate).toBe(BERLIN_DAY);
  await call(world.core, 'syncNow', {});
  expect(
    world.sb
      .state()
      .timeLogs.filter((l) => l.description === 'typed at night')
      .map((l) => l.workDate),
  ).toEqual([BERLIN_DAY]);

  // Track shows both on its day
  await store.getState().today.load('now');
  const onTrack = store
    .getState()
    .today.week?.logs.filter((l) => l.workDate === BERLIN_DAY)
    .map((l) => l.description);
  expect(onTrack).toEqual(expect.arrayContaining(['timer at night', 'typed at night']));

  // the first screen is made for the same day
  const first = await call<FirstAnswers>(world.core, 'getFirstScreen', {});
  expect(first.date).toBe(BERLIN_DAY);
});

it("refuses a day after the chosen zone's today as a day to come, and takes the day before it", async () => {
  await call(world.core, 'updatePreferences', { timeZone: 'Europe/Berlin' });
  await call(world.core, 'getCompanySettings', { refresh: true });
  const check = (workDate: string) => call<Array<{ rule: string }>>(world.core, 'checkLog', { ...job, workDate, hours: '01:00' });
  expect((await check('2026-11-24')).map((v) => v.rule)).toContain('future');
  expect((await check(NEW_YORK_DAY)).map((v) => v.rule)).not.toContain('future');
  expect((await check(BERLIN_DAY)).map((v) => v.rule)).not.toContain('future');
});

it("keeps the process's own day with the preference at system, and follows a zone chosen in Settings", async () => {
  await loadEverything(store);
  expect(store.getState().today.date).toBe(NEW_YORK_DAY);
  expect(store.getState().week.weekStart).toBe('2026-11-16');
  const first = await call<FirstAnswers>(world.core, 'getFirstScreen', {});
  expect(first.date).toBe(NEW_YORK_DAY);

  // chosen in Settings: Track and the Week tab (on this week) move to Berlin's day at once, and the core with them
  expect(await store.getState().settings.update({ timeZone: 'Europe/Berlin' })).toBe(true);
  expect(store.getState().today.date).toBe(BERLIN_DAY);
  expect(store.getState().week.weekStart).toBe(BERLIN_DAY);
  expect((await call<FirstAnswers>(world.core, 'getFirstScreen', {})).date).toBe(BERLIN_DAY);
  // a week the user went to is left where it is
  await store.getState().week.goTo('2026-11-02');
  expect(await store.getState().settings.update({ timeZone: 'system' })).toBe(true);
  expect(store.getState().today.date).toBe(NEW_YORK_DAY);
  expect(store.getState().week.weekStart).toBe('2026-11-02');
});
