/**
 * The window's side of the real week, through the renderer's own store over the real core and a real sandbox: a
 * log made elsewhere shows on Track and in the Week tab and counts in the form's live check; the edit form's check
 * leaves out the log being edited; the timer on a submitted week asks once where its time goes (never an error said
 * twice, never Discard as the only way out); a screen shown again, or the window regaining focus, reads the week once
 * its copy is older than a minute, and not before.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { apiOver } from '../fixtures/api-over-core';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { createAppStore, loadEverything, type AppStore } from '../../src/renderer/src/store';
import { subscribeToEvents } from '../../src/renderer/src/store/events';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { seededWeek } from '../fixtures/demo-week';
import { localTime, TEST_TODAY } from '../fixtures/test-clock';

const today = TEST_TODAY;
const lastFriday = addDays(weekStartOf(today), -3);
let t = localTime(today, 10);
let world: CoreOverSandbox;
let store: AppStore;
let off: () => void;
let job: { jobId: string; jobName: string };

beforeEach(async () => {
  t = localTime(today, 10);
  world = await startCoreOverSandbox({ today, dirPrefix: 'punch-renderer-truth-', now: () => t });
  const api = apiOver(world.core);
  store = createAppStore({ api, now: () => t });
  off = subscribeToEvents(store, api);
  job = world.sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(world.sb.demoUser))!;
});
afterEach(async () => {
  off();
  await world.close();
});

const reads = () => world.sb.requests().filter((r) => r.path.endsWith('/gettimelogs')).length;
const todayOnTrack = () => store.getState().today.week?.days.find((d) => d.date === today)?.totalMinutes;

it('shows a log made elsewhere on Track and in the Week tab, marked so, and counts it in the live check', async () => {
  const { timeLogId } = world.sb.elsewhere.log({ workDate: today, hours: '09:30', jobId: job.jobId, description: 'from the phone' });
  await loadEverything(store);
  expect(todayOnTrack()).toBe(570);
  expect(store.getState().today.week?.logs.find((l) => l.timeLogId === timeLogId)).toMatchObject({ elsewhere: true, hours: '09:30' });
  store.getState().ui.show('week');
  await store.getState().week.show();
  expect(store.getState().week.view?.logs.some((l) => l.timeLogId === timeLogId && l.elsewhere)).toBe(true);
  const fields = { jobId: job.jobId, jobName: job.jobName, workDate: today, hours: '01:00', billable: true };
  expect(await store.getState().logForm.check(fields)).toMatchObject([{ rule: 'max-per-day' }]);
  // the same hours as an edit of that log are fine: the day is counted without it
  const shown = store.getState().week.view!.logs.find((l) => l.timeLogId === timeLogId)!;
  expect(await store.getState().logForm.check({ ...fields, hours: '08:00' }, shown.localId)).toEqual([]);
  expect(await store.getState().logForm.edit({ localId: shown.localId, hours: '08:00' })).toBe(true);
  expect(world.sb.state().timeLogs.find((l) => l.timeLogId === timeLogId)?.minutes).toBe(480);
});

it('reads the week again when the tab is shown or the window comes back after a minute, not before', async () => {
  await loadEverything(store);
  store.getState().ui.show('week');
  await store.getState().week.show();
  const before = reads();
  const { timeLogId } = world.sb.elsewhere.log({ workDate: today, hours: '02:00', jobId: job.jobId, description: 'on the web page' });
  t += 30_000;
  await store.getState().ui.regainedFocus();
  await store.getState().week.show();
  expect(reads()).toBe(before);
  expect(store.getState().week.view?.logs.some((l) => l.timeLogId === timeLogId)).toBe(false);
  t += 31_000;
  await store.getState().ui.regainedFocus();
  expect(reads()).toBe(before + 1);
  expect(store.getState().week.view?.logs.some((l) => l.timeLogId === timeLogId)).toBe(true);
  // Track shown again reads the same kept week: no second read
  store.getState().ui.show('track');
  await store.getState().today.show();
  expect(reads()).toBe(before + 1);
  expect(todayOnTrack()).toBe(120);
});

it('asks once where the time goes when the timer starts on a submitted week, then starts with that day', async () => {
  await loadEverything(store);
  const draft = seededWeek(world.sb, weekStartOf(today)).draft!;
  await world.core.dispatch('submitWeek', { weekStart: draft.fromDate });
  await store.getState().today.load();
  expect(store.getState().today.week?.locked).toBe(true);
  expect(await store.getState().timer.start({ jobId: job.jobId, jobName: job.jobName })).toBe(false);
  const timer = store.getState().timer;
  expect(timer.lockedStart).toMatchObject({ openDay: lastFriday, why: { message: expect.stringContaining('Timer not started') } });
  // said in the question only: no error beside the timer as well
  expect(timer.error).toBeNull();
  expect(timer.view?.running).toBe(false);
  expect(await store.getState().timer.startOn(addDays(today, -1))).toBe(false);
  expect(store.getState().timer.dayError?.violations).toMatchObject([{ rule: 'locked' }]);
  expect(await store.getState().timer.startOn(lastFriday)).toBe(true);
  expect(store.getState().timer).toMatchObject({ lockedStart: null, view: { running: true, logTo: lastFriday } });
  t += 40 * 60_000;
  const stopped = await store.getState().timer.stop();
  expect(stopped?.logged.map((l) => [l.log.workDate, l.log.hours])).toEqual([[lastFriday, '00:40']]);
});

it('keeps a timer whose week was submitted while it ran, until the user picks a day or keeps it running', async () => {
  await loadEverything(store);
  expect(await store.getState().timer.start({ jobId: job.jobId, jobName: job.jobName, description: 'kept' })).toBe(true);
  t += 25 * 60_000;
  const draft = seededWeek(world.sb, weekStartOf(today)).draft!;
  await world.core.dispatch('submitWeek', { weekStart: draft.fromDate });
  await store.getState().timer.stop();
  expect(store.getState().timer.lastStop).toMatchObject({ state: 'refused', needsDay: { openDay: lastFriday } });
  expect(store.getState().timer.view?.running).toBe(true);
  // "Keep the timer running" closes the question; the time is still there
  store.getState().timer.dismissStop();
  expect(store.getState().timer.view?.running).toBe(true);
  await store.getState().timer.stop();
  const stopped = await store.getState().timer.stop(false, lastFriday);
  expect(stopped?.logged.map((l) => [l.log.workDate, l.log.hours])).toEqual([[lastFriday, '00:25']]);
  expect(store.getState().timer.view?.running).toBe(false);
});
