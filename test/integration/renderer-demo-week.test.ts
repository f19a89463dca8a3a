/**
 * The demo user's current week as the window shows it, over the real core and a real sandbox: the seeded logs of the
 * week so far are visible (in a draft timesheet), a submit sends that draft with modifytimesheet, and when the
 * service submits more than the preview showed (hours logged outside Punchcard since the week was read) it says so.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { toHhmm } from '../../src/shared/time/hours';
import type { Punchcard } from '../../src/core';
import { apiOver } from '../fixtures/api-over-core';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { createAppStore, type AppStore } from '../../src/renderer/src/store';
import type { Sandbox } from '../../src/sandbox';
import { seededWeek } from '../fixtures/demo-week';
import { sayWords } from '../../src/renderer/src/i18n/words';
import { englishWording } from '../../src/shared/i18n/english';

const TODAY = '2026-11-19'; // a Thursday: Monday to Wednesday are seeded
const MONDAY = '2026-11-16';
const now = () => new Date(2026, 10, 19, 10, 0).getTime();

let world: CoreOverSandbox;
let sb: Sandbox;
let core: Punchcard;
let store: AppStore;

beforeEach(async () => {
  world = await startCoreOverSandbox({ today: TODAY, dirPrefix: 'punch-demo-week-', now });
  ({ sb, core } = world);
  store = createAppStore({ api: apiOver(core), now });
});
afterEach(async () => {
  await world.close();
});

it("shows the demo user's week so far as a draft holding the seeded logs, and submits exactly that", async () => {
  const seeded = seededWeek(sb, MONDAY);
  expect(seeded.minutes).toBeGreaterThan(0);
  await store.getState().week.load();
  const w = store.getState().week;
  expect(w.view?.timesheet?.status).toBe('draft');
  expect(w.view?.totalHours).toBe(seeded.totalWith(0));
  expect(new Set(w.view?.logs.map((l) => l.workDate))).toEqual(new Set(['2026-11-16', '2026-11-17', '2026-11-18']));
  expect(w.preview).toMatchObject({ action: 'resubmit', totalHours: seeded.totalWith(0), blockers: [] });

  sb.resetRequests();
  expect(await store.getState().week.submit()).toBe(true);
  expect(store.getState().week.view?.timesheet).toMatchObject({ recordId: seeded.draft!.timesheetId, status: 'pending' });
  expect(
    sb
      .requests()
      .filter((r) => r.path.endsWith('/modifytimesheet'))
      .map((r) => r.params),
  ).toEqual([{ timesheetId: seeded.draft!.timesheetId, sendforApproval: 'true' }]);
  // nothing was added on the service behind the preview's back: no notice
  expect(store.getState().week.submitNotice).toBeNull();
});

it('says how much more the service submitted when hours were logged outside Punchcard in no timesheet', async () => {
  const seeded = seededWeek(sb, MONDAY);
  await store.getState().week.load();
  expect(store.getState().week.preview?.totalHours).toBe(seeded.totalWith(0));

  // Logged from somewhere else (the service's own web page) after the week was read: the copy is kept a minute, so the
  // preview does not show it yet; the submit gathers it (it is in no timesheet) and the window says so.
  const job = sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser))!;
  const res = await fetch(`${sb.url}/api/timetracker/addtimelog`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` },
    body: new URLSearchParams({ user: sb.demoUser, workDate: TODAY, jobId: job.jobId, hours: '01:45' }),
  });
  expect(res.status).toBe(200);
  await store.getState().week.loadPreview();
  expect(store.getState().week.preview?.totalHours).toBe(seeded.totalWith(0));

  expect(await store.getState().week.submit()).toBe(true);
  const total = toHhmm(seeded.minutes + 105);
  expect(store.getState().week.view?.totalHours).toBe(total);
  expect(sayWords(englishWording(), store.getState().week.submitNotice!)).toBe(
    `The service submitted ${total} (01:45 more than shown here: hours logged outside Punchcard).`,
  );
});
