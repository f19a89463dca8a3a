/**
 * Friday's flow, end to end: submit the week (the preview says what goes), the week turns read-only while it
 * waits; the manager rejects it with a comment; the employee sees the comment, fixes a log and resubmits.
 */
import { format } from 'date-fns';
import { addDays, toLocalDate, weekDays, weekStartOf } from '../../src/shared/week';
import { expect, localToday, saveScreen, test } from './fixtures';

const JOB = 'Frontend Development';
const DESCRIPTION = 'E2E week to submit';
const COMMENT = 'Please split the Friday hours by project';
/** Longest wait of the client's pacing: one minute window (DEFAULT_POLICY timetrackerRate). */
const PACED_MS = 65_000;
const showDate = (d: string) => format(toLocalDate(d), 'EEE d MMM');

test('a submitted week waits read-only, comes back rejected with the comment, and is resubmitted after a fix', async ({ page, sandbox }) => {
  // The app paces timetracker calls at the real service's 20 per minute per endpoint (real-service-notes "Rate
  // limits"); this flow spends that budget on gettimesheet, so the resubmit may wait for the window to reopen.
  test.setTimeout(150_000);
  const today = localToday();
  const weekStart = weekStartOf(today);

  // Something logged this week from this device: 02:00 today.
  await page.getByText('Log time by hand').click();
  const form = page.locator('details.manual');
  await form.getByRole('combobox', { name: 'Job' }).fill('frontend');
  await form.getByRole('option', { name: new RegExp(JOB) }).click();
  await form.getByLabel('Hours').fill('02:00');
  await form.getByLabel('Description').fill(DESCRIPTION);
  await form.getByRole('button', { name: 'Log time' }).click();
  await expect(form.getByRole('status')).toHaveText(/Synced/);

  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Not submitted');
  const cell = page.getByTestId(`cell-${JOB}-${today}`);
  await expect(cell).toHaveText('02:00');

  // The preview: the total, and the weekdays (Mon-Fri) this device shows without hours.
  await page.getByRole('button', { name: 'Submit week...' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('dt:has-text("Total") + dd')).toHaveText('02:00');
  const emptyWeekdays = weekDays(weekStart).slice(0, 5).filter((d) => d !== today).map(showDate);
  await expect(dialog.locator('dt:has-text("Days without hours") + dd')).toHaveText(emptyWeekdays.length ? emptyWeekdays.join(', ') : 'None');
  await saveScreen(page, 'submit-preview');
  await dialog.getByRole('button', { name: 'Submit 02:00' }).click();
  await expect(dialog).toBeHidden();

  // Pending: the state says so, and the day's logs can no longer be changed.
  await expect(page.getByTestId('timesheet-state')).toHaveText('Pending approval');
  await expect(page.getByRole('note').filter({ hasText: 'Read-only.' })).toBeVisible();
  await cell.click();
  const detail = page.locator('.cell-detail');
  await expect(detail).toContainText(DESCRIPTION);
  await expect(detail.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Add time to this day' })).toHaveCount(0);
  await expect(detail).toContainText('waits for approval');
  await saveScreen(page, 'submit-pending-readonly');

  const sheet = sandbox.state().timesheets.find((t) => t.user === sandbox.demoUser && t.fromDate === weekStart)!;
  expect(sheet).toMatchObject({ status: 'pending', toDate: addDays(weekStart, 6) });
  const mine = () => sandbox.state().timeLogs.filter((l) => l.description === DESCRIPTION);
  expect(mine()).toHaveLength(1);
  expect(mine()[0]).toMatchObject({ timesheetId: sheet.timesheetId, approvalStatus: 'pending', minutes: 120 });

  // The manager rejects it (through the sandbox); the employee opens the app again.
  sandbox.decide(sheet.timesheetId, 'rejected', COMMENT);
  await page.reload();
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  const rejected = page.getByRole('note', { name: 'Rejected by your manager' });
  await expect(rejected).toContainText(COMMENT);
  await saveScreen(page, 'submit-rejected');

  // Fix: 02:00 becomes 02:30.
  await cell.click();
  await detail.getByRole('button', { name: `Edit 02:00 on ${JOB}` }).click();
  await detail.getByLabel('Hours').fill('02:30');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail.getByRole('status')).toHaveText(/Synced/);
  await expect(cell).toHaveText('02:30');
  await expect.poll(() => mine()[0]?.minutes).toBe(150);

  // Resubmit: the dialog offers the week's total as the service holds it.
  const logsOfSheet = () => sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
  const total = logsOfSheet().reduce((n, l) => n + l.minutes, 0);
  const totalHhmm = `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  await page.getByRole('button', { name: 'Resubmit week...' }).click();
  await expect(dialog.locator('dt:has-text("Total") + dd')).toHaveText(totalHhmm);
  const sentAt = Date.now();
  await dialog.getByRole('button', { name: `Submit ${totalHhmm}` }).click();
  await expect(dialog).toBeHidden({ timeout: PACED_MS });
  const timetrackerReads = sandbox.requests().filter((r) => r.path.endsWith('/gettimesheet')).length;
  test.info().annotations.push({ type: 'pacing', description: `resubmit took ${Date.now() - sentAt} ms; gettimesheet was called ${timetrackerReads} times in this flow` });
  await expect(page.getByTestId('timesheet-state')).toHaveText('Pending approval');
  await expect(rejected).toBeHidden();
  await saveScreen(page, 'submit-resubmitted');

  // The same timesheet went back into the approval flow; no second one was created.
  const after = sandbox.state().timesheets.filter((t) => t.user === sandbox.demoUser && t.fromDate === weekStart);
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ timesheetId: sheet.timesheetId, status: 'pending' });
  expect(logsOfSheet().every((l) => l.approvalStatus === 'pending')).toBe(true);
});
