/**
 * Friday's flow, end to end: submit the week (the preview says what goes), the week turns read-only while it
 * waits; the manager rejects it with a comment; the employee sees the comment, fixes a log and resubmits.
 * The demo week so far is seeded in a draft timesheet (src/sandbox/seed/history.ts; none on a Monday), so the week
 * opens as "Draft" with those hours, and the submit sends that draft.
 */
import { toHhmm } from '../../src/shared/time/hours';
import { addDays, weekDays, weekStartOf } from '../../src/shared/time/week';
import { seededWeek } from '../fixtures/demo-week';
import { appDay, appTakesInput, appWeek, expect, localToday, saveScreen, screenPath, test } from './fixtures';

const JOB = 'Frontend Development';
const DESCRIPTION = 'E2E week to submit';
const COMMENT = 'Please split the Friday hours by project';
/** Longest wait of the client's pacing: one minute window (DEFAULT_POLICY timetrackerRate). */
const PACED_MS = 65_000;
const OUTSIDE_NOTE = 'The service also includes any hours for this week logged outside Punchcard that are not in a timesheet yet.';

test('a submitted week waits read-only, comes back rejected with the comment, and is resubmitted after a fix', async ({
  page,
  sandbox,
}) => {
  // The app paces timetracker calls at the real service's 20 per minute per endpoint (real-service-notes "Rate
  // limits"); this flow spends that budget on gettimesheet, so the resubmit may wait for the window to reopen.
  test.setTimeout(150_000);
  const today = localToday();
  const weekStart = weekStartOf(today);
  const seeded = seededWeek(sandbox, weekStart);
  const seededDays = new Set(
    sandbox
      .state()
      .timeLogs.filter((l) => l.timesheetId === seeded.draft?.timesheetId)
      .map((l) => l.workDate),
  );

  // Something logged this week from this device: 02:00 today.
  const form = page.getByRole('form', { name: 'Log or time your work' });
  await form.getByRole('combobox', { name: 'Job' }).fill('frontend');
  await form.getByRole('option', { name: new RegExp(JOB) }).click();
  await form.getByLabel('Hours').fill('02:00');
  await form.getByLabel('Description').fill(DESCRIPTION);
  await form.getByRole('button', { name: /^Log \d/ }).click();
  await expect(form.getByRole('status')).toHaveText(/Synced/);

  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText(seeded.draft ? 'Draft' : 'Not submitted');
  const cell = page.getByTestId(`cell-${JOB}-${today}`);
  await expect(cell).toHaveText('02:00');
  // The seeded days show their hours per job: the week is not "Nothing logged" while the service holds its logs.
  const seededCells = new Map<string, number>();
  for (const l of sandbox.state().timeLogs.filter((x) => x.timesheetId === seeded.draft?.timesheetId)) {
    const key = `cell-${sandbox.state().jobs.find((j) => j.jobId === l.jobId)!.jobName}-${l.workDate}`;
    seededCells.set(key, (seededCells.get(key) ?? 0) + l.minutes);
  }
  for (const [testId, minutes] of seededCells) await expect(page.getByTestId(testId)).toHaveText(toHhmm(minutes));
  await expect(page.getByText('Nothing logged this week.')).toHaveCount(0);
  await saveScreen(page, 'submit-week-draft');

  // The preview: the total, and the weekdays (Mon-Fri) without hours; it says what else the service may include.
  // A draft is submitted (the core sends it with modifytimesheet); only a rejected week says "Resubmit".
  await page.getByRole('button', { name: 'Submit week...' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const firstTotal = seeded.totalWith(120);
  await expect(dialog.locator('dt:has-text("Total") + dd')).toHaveText(firstTotal);
  const emptyWeekdays = weekDays(weekStart)
    .slice(0, 5)
    .filter((d) => d !== today && !seededDays.has(d))
    .map(appDay);
  // the days as the app writes them in the suite's region, joined as the language joins a list ("A, B and C")
  await expect(dialog.locator('dt:has-text("Days without hours") + dd')).toHaveText(
    emptyWeekdays.length ? new Intl.ListFormat('en', { type: 'conjunction' }).format(emptyWeekdays) : 'None',
  );
  await expect(dialog.getByTestId('submit-outside-note')).toHaveText(OUTSIDE_NOTE);
  await saveScreen(page, 'submit-preview');
  await dialog.getByRole('button', { name: `Submit ${firstTotal}` }).click();
  await expect(dialog).toBeHidden();
  // Nothing was logged outside Punchcard: the service's total is the previewed one, so no notice.
  await expect(page.getByTestId('submit-notice')).toHaveCount(0);
  // The submit reads as what it is, a success; nothing says "already submitted" and no disabled Submit is left.
  await expect(page.getByRole('status').filter({ hasText: /^. Submitted / })).toHaveText(
    `\u2713 Submitted ${firstTotal} for ${appWeek(weekStart)}: it now waits for your manager\u2019s approval.`,
  );
  await expect(page.getByText(/already submitted/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Submit week/ })).toHaveCount(0);

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
  // The seeded draft went for approval (modifytimesheet); a new timesheet only when there was none (a Monday).
  if (seeded.draft) expect(sheet.timesheetId).toBe(seeded.draft.timesheetId);
  expect(
    sandbox.requests().filter((r) => r.path.endsWith(seeded.draft ? '/modifytimesheet' : '/createtimesheet') && r.status === 200),
  ).toHaveLength(1);
  const mine = () => sandbox.state().timeLogs.filter((l) => l.description === DESCRIPTION);
  expect(mine()).toHaveLength(1);
  expect(mine()[0]).toMatchObject({ timesheetId: sheet.timesheetId, approvalStatus: 'pending', minutes: 120 });

  // The manager rejects it (through the sandbox); the employee opens the app again.
  sandbox.decide(sheet.timesheetId, 'rejected', COMMENT);
  await page.reload();
  await appTakesInput(page);
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toHaveText('Rejected');
  const rejected = page.getByRole('note', { name: 'Rejected by your manager' });
  await expect(rejected).toContainText(COMMENT);
  // Said once: the rejection box has it, so the "was rejected" reminder is not shown on this week as well.
  await expect(page.getByText(COMMENT)).toHaveCount(1);
  await saveScreen(page, 'submit-rejected');

  // Fix: 02:00 becomes 02:30.
  await cell.click();
  await detail.getByRole('button', { name: `Edit 02:00 on ${JOB}` }).click();
  await detail.getByLabel('Hours').fill('02:30');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail.getByRole('status')).toHaveText(/Synced/);
  await expect(cell).toHaveText(/^02:30/);
  await expect.poll(() => mine()[0]?.minutes).toBe(150);

  // Resubmit: the dialog offers the week's total as the service holds it.
  const logsOfSheet = () => sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
  const total = logsOfSheet().reduce((n, l) => n + l.minutes, 0);
  const totalHhmm = `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  // Meanwhile 00:45 is logged today outside Punchcard (the service's own site): in no timesheet, so the app cannot
  // list it (spec 4.2 has no "list my time logs"), but the resubmit gathers it.
  const job = sandbox.state().jobs.find((j) => j.jobName === JOB)!;
  const outside = await fetch(`${sandbox.url}/api/timetracker/addtimelog`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sandbox.demoToken}` },
    body: new URLSearchParams({
      user: sandbox.demoUser,
      workDate: today,
      jobId: job.jobId,
      hours: '00:45',
      description: 'outside Punchcard',
    }),
  });
  expect(outside.status).toBe(200);
  await page.getByRole('button', { name: 'Resubmit week...' }).click();
  await expect(dialog.locator('dt:has-text("Total") + dd')).toHaveText(totalHhmm);
  await expect(dialog.getByTestId('submit-outside-note')).toHaveText(OUTSIDE_NOTE);
  const sentAt = Date.now();
  await dialog.getByRole('button', { name: `Submit ${totalHhmm}` }).click();
  await expect(dialog).toBeHidden({ timeout: PACED_MS });
  await expect(page.getByTestId('submit-notice')).toContainText(
    `The service submitted ${toHhmm(total + 45)} (00:45 more than shown here: hours logged outside Punchcard).`,
  );
  const timetrackerReads = sandbox.requests().filter((r) => r.path.endsWith('/gettimesheet')).length;
  test.info().annotations.push({
    type: 'pacing',
    description: `resubmit took ${Date.now() - sentAt} ms; gettimesheet was called ${timetrackerReads} times in this flow`,
  });
  await expect(page.getByTestId('timesheet-state')).toHaveText('Pending approval');
  await expect(rejected).toBeHidden();
  await saveScreen(page, 'submit-resubmitted');
  await page.getByTestId('submit-notice').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenPath('submit-service-total-notice') });

  // The same timesheet went back into the approval flow; no second one was created.
  const after = sandbox.state().timesheets.filter((t) => t.user === sandbox.demoUser && t.fromDate === weekStart);
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ timesheetId: sheet.timesheetId, status: 'pending' });
  expect(logsOfSheet().every((l) => l.approvalStatus === 'pending')).toBe(true);
  expect(logsOfSheet().some((l) => l.description === 'outside Punchcard')).toBe(true);
});
