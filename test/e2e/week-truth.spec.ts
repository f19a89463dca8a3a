/**
 * The real week in the browser, at the tray's 420 x 640: logs made elsewhere (the sandbox's `elsewhere`, as the
 * service's web page or phone app would make them, in no timesheet) are shown on Track and in the Week tab and count
 * in the live daily-maximum check; an edit on a full day goes through in the Week tab; the timer on a submitted week
 * is warned about before it starts; a week opened again after a change elsewhere shows it once its copy is older than
 * a minute. "A minute later" moves the server's and the page's clocks (no real waits).
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { appDay, expect, localToday, saveScreen, test, type WebApp } from './fixtures';

const today = localToday();
const composer = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });
const hoursField = (page: Page) => composer(page).getByRole('textbox', { name: 'Hours', exact: true });
const jobOf = (sandbox: Sandbox, name: string) => sandbox.state().jobs.find((j) => j.jobName === name)!;

/** A minute and a bit later on the server and in the page, then the window regains focus. */
async function aMinuteLater(page: Page, web: WebApp): Promise<void> {
  await web.skipClock(61_000);
  await page.clock.fastForward(61_000);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

test('a log made on the phone shows on Track and in the Week tab, and counts in the live check of the daily maximum', async ({
  page,
  sandbox,
  web,
}) => {
  await expect(page.getByTestId('today-total')).toContainText('00:00');
  sandbox.elsewhere.log({
    workDate: today,
    hours: '09:30',
    jobId: jobOf(sandbox, 'Backend API').jobId,
    description: 'Logged on the phone',
  });
  await aMinuteLater(page, web);

  await expect(page.getByTestId('today-total')).toContainText('09:30');
  const row = page.getByTestId('day-log').filter({ hasText: 'Logged on the phone' });
  await expect(row).toContainText('logged elsewhere');

  const picker = composer(page).getByRole('combobox', { name: 'Job' });
  await picker.fill('front');
  await page
    .getByRole('option', { name: /Frontend Development/ })
    .first()
    .click();
  await hoursField(page).fill('1h');
  await expect(
    composer(page).getByText(
      // the rules' words in the browser's language and region (fixtures.ts appDay; docs/i18n.md)
      `Hours: ${appDay(today)} would have 10:30, over your company's maximum of 10:00 a day. Log at most 00:30 more that day.`,
    ),
  ).toBeVisible();
  await expect(composer(page).getByRole('button', { name: 'Log 01:00' })).toBeDisabled();
  await saveScreen(page, 'track-elsewhere-counted');

  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId(`cell-Backend API-${today}`)).toHaveText(/09:30/);
  await page.getByTestId(`cell-Backend API-${today}`).click();
  await expect(page.locator('.cell-detail')).toContainText('logged elsewhere');
});

test('an edit on a full day goes through in the Week tab: the day is counted without the log being edited', async ({
  page,
  sandbox,
  web,
}) => {
  const job = jobOf(sandbox, 'Backend API');
  const big = sandbox.elsewhere.log({ workDate: today, hours: '07:00', jobId: job.jobId, description: 'Morning on the web page' });
  sandbox.elsewhere.log({ workDate: today, hours: '02:30', jobId: job.jobId, description: 'Afternoon on the web page' });
  await aMinuteLater(page, web);
  await page.getByRole('tab', { name: 'Week' }).click();
  const cell = page.getByTestId(`cell-Backend API-${today}`);
  await expect(cell).toHaveText(/09:30/);
  await cell.click();
  await page.getByRole('button', { name: 'Edit 07:00 on Backend API' }).click();
  const form = page.getByRole('form', { name: 'Edit 07:00 on Backend API' });
  await form.getByRole('textbox', { name: 'Hours' }).fill('6h');
  // checked as an edit: 02:30 + 06:00 = 08:30, under the maximum (it used to say "would have 15:30")
  await expect(form.getByText(/would have/)).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await saveScreen(page, 'week-edit-full-day');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => sandbox.state().timeLogs.find((l) => l.timeLogId === big.timeLogId)?.minutes).toBe(360);
  await expect(cell).toHaveText(/08:30/);
});

test('the timer on a submitted week is warned about before it starts, and asked once where its time goes', async ({
  page,
  sandbox,
  web,
}) => {
  const draft = sandbox.state().timesheets.find((t) => t.user === sandbox.demoUser && t.fromDate === weekStartOf(today))!;
  // submitted on the service's web page: the app learns it when it reads the week again
  const res = await fetch(`${sandbox.url}/api/timetracker/modifytimesheet`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sandbox.demoToken}` },
    body: new URLSearchParams({ timesheetId: draft.timesheetId, sendforApproval: 'true' }),
  });
  expect(res.status).toBe(200);
  await aMinuteLater(page, web);
  await expect(page.getByTestId('timer-week-locked')).toBeVisible();

  const picker = composer(page).getByRole('combobox', { name: 'Job' });
  await picker.fill('front');
  await page
    .getByRole('option', { name: /Frontend Development/ })
    .first()
    .click();
  await composer(page).getByRole('button', { name: 'Start timer' }).click();
  const dialog = page.getByRole('dialog', { name: 'This week cannot take new time' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Timer not started:');
  // said once: in the question, not also beside the timer
  await expect(page.getByText('Timer not started:')).toHaveCount(1);
  await saveScreen(page, 'timer-locked-week');
  await dialog.getByRole('button', { name: "Don't start" }).click();
  await expect(page.locator('.running-name')).toHaveCount(0);

  const friday = addDays(weekStartOf(today), -3);
  await composer(page).getByRole('button', { name: 'Start timer' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Start, log the time to ${appDay(friday)}` })
    .click();
  await expect(page.locator('.running-name')).toHaveText('Frontend Development');
  await expect(page.getByTestId('timer-log-to')).toContainText(appDay(friday));
});

test('a week opened again after a change elsewhere shows it once its copy is older than a minute', async ({ page, sandbox, web }) => {
  await page.getByRole('tab', { name: 'Week' }).click();
  const cell = page.getByTestId(`cell-Training-${today}`);
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await expect(cell).toHaveCount(0);
  sandbox.elsewhere.log({ workDate: today, hours: '01:15', jobId: jobOf(sandbox, 'Training').jobId, description: 'Course, on the phone' });
  await page.getByRole('tab', { name: 'Track' }).click();
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await expect(cell).toHaveCount(0);

  await web.skipClock(61_000);
  await page.clock.fastForward(61_000);
  await page.getByRole('tab', { name: 'Track' }).click();
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(cell).toHaveText(/01:15/);
});
