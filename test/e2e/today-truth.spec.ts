/**
 * One truth on Track (issue 24), in web mode and real Chromium: after 07:30 logged on the phone (straight to the
 * sandbox over HTTP), typing 1 h is refused as over the day's maximum, and Today right below shows the phone's log
 * and the day's 09:30 at once, without the Week tab being opened. And a log the manager rejected while the rest of
 * the week still waits says what to do next. Screenshots at the tray's 420 x 640 and at 1280 x 800.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { weekStartOf } from '../../src/shared/time/week';
import { appDay, expect, localToday, saveScreen, test, type WebApp } from './fixtures';

const today = localToday();
const composer = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });
const hoursField = (page: Page) => composer(page).getByRole('textbox', { name: 'Hours', exact: true });
const jobOf = (sandbox: Sandbox, name: string) => sandbox.state().jobs.find((j) => j.jobName === name)!;

/** The server's and the page's clocks moved on together (no real wait); no focus event, no tab change. */
async function later(page: Page, web: WebApp, ms: number): Promise<void> {
  await web.skipClock(ms);
  await page.clock.fastForward(ms);
}

async function both(page: Page, name: string): Promise<void> {
  await saveScreen(page, `${name}-420`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, `${name}-1280`);
  await page.setViewportSize({ width: 420, height: 640 });
}

test('after a log made on the phone, 1 h typed on Track is refused and Today shows the phone log and 09:30 at once', async ({
  page,
  sandbox,
  web,
}) => {
  const picker = composer(page).getByRole('combobox', { name: 'Job' });
  await picker.fill('backend');
  await page
    .getByRole('option', { name: /Backend API/ })
    .first()
    .click();
  await composer(page).getByLabel('Description').fill('Code review');
  await hoursField(page).fill('2h');
  await hoursField(page).press('Enter');
  await expect(composer(page).getByRole('status')).toContainText('Synced.');
  await expect(page.getByTestId('today-total')).toContainText('02:00');

  // on the phone, over HTTP to the service
  const res = await fetch(`${sandbox.url}/__sandbox/elsewhere/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      workDate: today,
      hours: '07:30',
      jobId: jobOf(sandbox, 'Frontend Development').jobId,
      description: 'On the phone',
    }),
  });
  expect(res.status).toBe(200);
  await later(page, web, 20_000);

  await hoursField(page).fill('1h');
  await expect(
    composer(page).getByText(
      `Hours: ${appDay(today)} would have 10:30, over your company's maximum of 10:00 a day. Log at most 00:30 more that day.`,
    ),
  ).toBeVisible();
  // Today agrees with the rule, on the same screen: the phone's log is there and the day says 09:30
  await expect(page.getByTestId('today-total')).toContainText('09:30');
  await expect(page.getByTestId('today-total')).toContainText('of 10:00 allowed');
  await expect(page.getByTestId('day-log')).toHaveCount(2);
  await expect(page.getByTestId('day-log').filter({ hasText: 'On the phone' })).toContainText('logged elsewhere');
  await expect(page.getByRole('tab', { name: 'Track' })).toHaveAttribute('aria-selected', 'true');
  await both(page, 'track-phone-log-agrees');

  // the outbox says when the last entry reached the service (the same record `punch status` reads)
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await expect(page.getByTestId('last-sync')).toHaveText(/^Last sync: \d{1,2}:\d\d [AP]M$/);
  await both(page, 'outbox-last-sync');
});

test('a log rejected while the rest of the week waits says what to do next, on Track and in the week', async ({ page, sandbox, web }) => {
  const draft = sandbox.state().timesheets.find((t) => t.user === sandbox.demoUser && t.fromDate === weekStartOf(today))!;
  const submitted = await fetch(`${sandbox.url}/api/timetracker/modifytimesheet`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sandbox.demoToken}` },
    body: new URLSearchParams({ timesheetId: draft.timesheetId, sendforApproval: 'true' }),
  });
  expect(submitted.status).toBe(200);
  const rejected = sandbox.state().timeLogs.find((l) => l.timesheetId === draft.timesheetId)!;
  const manager = sandbox.issueToken({ user: 'olivia.grant@demo.punchcard.test', scopes: ['timetracker.ALL'] });
  const decided = await fetch(`${sandbox.url}/api/timetracker/approvetimesheet`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${manager}` },
    body: new URLSearchParams({
      timesheetId: draft.timesheetId,
      approvalStatus: 'rejected',
      timeLogs: JSON.stringify({ [rejected.timeLogId]: 'rejected' }),
      comments: 'Log this on the client project',
    }),
  });
  expect(decided.status).toBe(200);
  await later(page, web, 61_000);
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByText(/Your manager rejected 1 log of this week .* has not decided on the rest yet\./)).toBeVisible();
  const job = sandbox.state().jobs.find((j) => j.jobId === rejected.jobId)!.jobName;
  await page.getByTestId(`cell-${job}-${rejected.workDate}`).click();
  await expect(page.locator('.cell-detail')).toContainText(
    'Rejected by your manager: "Log this on the client project". The rest of the week still waits for approval',
  );
  await both(page, 'week-pending-with-rejection');
});
