/**
 * One truth on every screen (issue 24), through the renderer's own store over the real core and a real sandbox:
 * - a log made on the phone (straight to the sandbox over HTTP, as the service's phone app would) and then 1 h typed
 *   on Track: the rule reads the day again and refuses, and Today shows what the rule counted, at once, without the
 *   Week tab being opened (the core pushes the week it read);
 * - after a resubmit, Today and the grid no longer mark every log "Rejected by your manager", even on a service whose
 *   list keeps the logs' old states (the sandbox's `logStatesOnSubmit: 'kept'`): the timesheet as the service now
 *   holds it decides;
 * - a log the manager rejected in a week that still waits for the rest of the decision stays marked rejected.
 */
import { afterEach, expect, it } from 'vitest';
import { apiOver } from '../fixtures/api-over-core';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { createAppStore, loadEverything, type AppStore } from '../../src/renderer/src/store';
import { subscribeToEvents } from '../../src/renderer/src/store/events';
import { weekStartOf } from '../../src/shared/time/week';
import { plainDate } from '../../src/shared/words';
import type { SandboxOptions } from '../../src/sandbox';
import { localTime, TEST_TODAY } from '../fixtures/test-clock';

const today = TEST_TODAY;
let t = localTime(today, 10);
let world: CoreOverSandbox | undefined;
let store: AppStore;
let off: () => void = () => undefined;
let job: { jobId: string; jobName: string };

async function open(sandbox: SandboxOptions = {}): Promise<void> {
  t = localTime(today, 10);
  world = await startCoreOverSandbox({ today, dirPrefix: 'punch-one-truth-', now: () => t, sandbox });
  const api = apiOver(world.core);
  store = createAppStore({ api, now: () => t });
  off = subscribeToEvents(store, api);
  const j = world.sb.state().jobs.find((x) => x.jobStatus === 'in-progress' && x.assignedTo.includes(world!.sb.demoUser))!;
  job = { jobId: j.jobId, jobName: j.jobName };
  await loadEverything(store);
}
afterEach(async () => {
  off();
  await world?.close();
  world = undefined;
});

/** A log made on the phone: the service's own admin route for changes made elsewhere, over HTTP. */
async function phoneLog(hours: string, description: string): Promise<string> {
  const res = await fetch(`${world!.sb.url}/__sandbox/elsewhere/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ workDate: today, hours, jobId: job.jobId, description }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { timeLogId: string }).timeLogId;
}

const fields = (hours: string, description: string) => ({ ...job, workDate: today, hours, billable: true, description });
const todayOnTrack = () => store.getState().today.week?.days.find((d) => d.date === today)?.totalMinutes;
const todaysLogs = () => (store.getState().today.week?.logs ?? []).filter((l) => l.workDate === today);

it('refuses 1 h after a log made on the phone, and Today shows that log and its hours at once, without the Week tab', async () => {
  await open();
  expect(await store.getState().logForm.log(fields('02:00', 'here'))).toBe(true);
  expect(todayOnTrack()).toBe(120);
  await phoneLog('07:30', 'on the phone');
  t += 20_000; // the rule's copy is older than 15 s: it reads the day again
  const violations = await store.getState().logForm.check(fields('01:00', 'one more'));
  expect(violations).toMatchObject([
    { rule: 'max-per-day', message: expect.stringContaining(`${plainDate(today)} would have 10:30, over your company's maximum of 10:00`) },
  ]);
  // the rule and Today agree: 09:30 in two logs, the phone's marked as made elsewhere; nobody opened the Week tab
  expect(store.getState().ui.screen).toBe('track');
  expect(todayOnTrack()).toBe(570);
  expect(
    todaysLogs()
      .map((l) => [l.description, l.hours, !!l.elsewhere])
      .sort(),
  ).toEqual([
    ['here', '02:00', false],
    ['on the phone', '07:30', true],
  ]);
  // the Week tab's copy of that week follows too (one read served both)
  expect(store.getState().week.view?.days.find((d) => d.date === today)?.totalMinutes).toBe(570);
  expect(world!.sb.requests().filter((r) => r.path.endsWith('/gettimelogs'))).toHaveLength(2);
});

it('marks no log rejected after a resubmit, on a service whose list keeps the old states; the rejection showed before', async () => {
  await open({ logStatesOnSubmit: 'kept' });
  expect(await store.getState().logForm.log(fields('01:00', 'fixed later'))).toBe(true);
  store.getState().ui.show('week');
  await store.getState().week.show();
  expect(await store.getState().week.submit()).toBe(true);
  const sheet = world!.sb.state().timesheets.find((s) => s.user === world!.sb.demoUser && s.fromDate === weekStartOf(today))!;
  world!.sb.decide(sheet.timesheetId, 'rejected', 'Split Wednesday by project');
  t += 61_000;
  await store.getState().week.show();
  expect(store.getState().week.view?.timesheet?.status).toBe('rejected');
  expect(todaysLogs().map((l) => l.approvalStatus)).toEqual(['rejected']);
  // the list still says "rejected" for every log of the timesheet, which now waits for approval again
  expect(await store.getState().week.submit()).toBe(true);
  expect(
    world!.sb
      .state()
      .timeLogs.filter((l) => l.timesheetId === sheet.timesheetId)
      .every((l) => l.approvalStatus === 'rejected'),
  ).toBe(true);
  expect(store.getState().week.view?.timesheet?.status).toBe('pending');
  expect(store.getState().week.view?.logs.filter((l) => l.approvalStatus === 'rejected')).toEqual([]);
  expect(todaysLogs().map((l) => [l.approvalStatus, l.locked])).toEqual([['pending', true]]);
});

it("keeps a log the manager rejected marked while the rest of the week still waits for the manager's decision", async () => {
  await open();
  expect(await store.getState().logForm.log(fields('01:00', 'rejected one'))).toBe(true);
  store.getState().ui.show('week');
  await store.getState().week.show();
  expect(await store.getState().week.submit()).toBe(true);
  const sb = world!.sb;
  const sheet = sb.state().timesheets.find((s) => s.user === sb.demoUser && s.fromDate === weekStartOf(today))!;
  const mine = sb.state().timeLogs.find((l) => l.description === 'rejected one')!;
  // the manager rejects that log alone and leaves the others waiting (spec 4.1 approvetimesheet with timeLogs)
  const manager = sb.issueToken({ user: 'olivia.grant@demo.punchcard.test', scopes: ['timetracker.ALL'] });
  const res = await fetch(`${sb.url}/api/timetracker/approvetimesheet`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${manager}` },
    body: new URLSearchParams({
      timesheetId: sheet.timesheetId,
      approvalStatus: 'rejected',
      timeLogs: JSON.stringify({ [mine.timeLogId]: 'rejected' }),
      comments: 'Not on this project',
    }),
  });
  expect(res.status).toBe(200);
  expect(sb.state().timesheets.find((s) => s.timesheetId === sheet.timesheetId)?.status).toBe('pending');
  t += 61_000;
  await store.getState().week.show();
  const week = store.getState().week.view!;
  expect(week.timesheet).toMatchObject({ status: 'pending' });
  expect(week.logs.filter((l) => l.approvalStatus === 'rejected').map((l) => l.description)).toEqual(['rejected one']);
  expect(todaysLogs().map((l) => l.approvalStatus)).toEqual(['rejected']);
});
