/**
 * A manager on the Team tab: opens a team member's pending timesheet, rejects one log and approves the rest with a
 * comment (spec 4.1 timeLogs, partial approval); approves another timesheet at all levels (isAllLevelApprove).
 * Maya Patel (the demo user) manages the engineers; Noah Kim's timesheets need two approval levels.
 */
import type { Page } from '@playwright/test';
import { format } from 'date-fns';
import type { Sandbox } from '../../src/sandbox';
import { toLocalDate } from '../../src/shared/week';
import { expect, saveScreen, sharedAppPerFile } from './fixtures';

// The two tests decide different timesheets, so one sandbox and one web server serve both.
const test = sharedAppPerFile();
const showDate = (d: string) => format(toLocalDate(d), 'EEE d MMM');

function pendingSheetOf(sandbox: Sandbox, handle: string, pick: 'newest' | 'oldest' = 'newest') {
  const user = `${handle}@demo.punchcard.test`;
  const sheets = sandbox.state().timesheets.filter((t) => t.user === user && t.status === 'pending')
    .sort((a, b) => b.fromDate.localeCompare(a.fromDate));
  const sheet = pick === 'newest' ? sheets[0] : sheets.at(-1)!;
  expect(sheet, `${handle} has a pending timesheet in the seeded company`).toBeTruthy();
  return sheet;
}

async function openFromTeam(page: Page, who: string, fromDate: string) {
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('pending');
  const row = page.locator('.sheet-row').filter({ hasText: who }).filter({ hasText: showDate(fromDate) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending approval');
  await row.click();
  await expect(page.getByRole('heading', { name: who })).toBeVisible();
}

test('a manager rejects one log and approves the rest of a pending timesheet, with a comment', async ({ page, sandbox }) => {
  const sheet = pendingSheetOf(sandbox, 'liam.chen');
  const logs = sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
  expect(logs.length).toBeGreaterThan(1);
  await openFromTeam(page, 'Liam Chen', sheet.fromDate);

  // Every log starts ticked (approved); untick the first to reject just that one.
  const boxes = page.getByRole('checkbox', { name: /^Approve \d\d:\d\d on / });
  await expect(boxes).toHaveCount(logs.length);
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  const first = boxes.first();
  const label = (await first.getAttribute('aria-label'))!;
  const [, hours, jobName, day] = /^Approve (\d\d:\d\d) on (.+), (.+)$/.exec(label)!;
  await first.uncheck();

  const comment = `${jobName} on ${day} belongs to another project; please log it there.`;
  await page.getByLabel('Comment for Liam Chen').fill(comment);
  await saveScreen(page, 'manager-partial-before');
  await page.getByRole('button', { name: `Approve ${logs.length - 1}, reject 1` }).click();
  await expect(page.getByRole('status').filter({ hasText: /Partly approved .*Liam Chen/ })).toBeVisible();
  // Decided: the per-log checkboxes are gone and each log says how it ended.
  await expect(boxes).toHaveCount(0);
  await expect(page.locator('table tbody tr').first()).toContainText('rejected');
  await saveScreen(page, 'manager-partial-after');

  // The service holds exactly that decision.
  const jobId = sandbox.state().jobs.find((j) => j.jobName === jobName)!.jobId;
  const rejected = logs.filter((l) => l.jobId === jobId && showDate(l.workDate) === day
    && `${String(Math.floor(l.minutes / 60)).padStart(2, '0')}:${String(l.minutes % 60).padStart(2, '0')}` === hours);
  expect(rejected).toHaveLength(1);
  await expect.poll(() => sandbox.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.status).toBe('rejected');
  const after = sandbox.state();
  expect(after.timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.comments).toBe(comment);
  for (const l of after.timeLogs.filter((x) => x.timesheetId === sheet.timesheetId)) {
    expect(l.approvalStatus, `log ${l.timeLogId}`).toBe(l.timeLogId === rejected[0].timeLogId ? 'rejected' : 'approved');
  }
  const call = sandbox.requests().filter((r) => r.path.endsWith('/approvetimesheet'));
  expect(call).toHaveLength(1);
  expect(JSON.parse(call[0].params.timeLogs)).toMatchObject({ [rejected[0].timeLogId]: 'rejected' });
});

test('a manager approves a two-level timesheet at all levels in one decision', async ({ page, sandbox }) => {
  // Noah's older pending week has no level approved yet: a plain approval would leave it waiting for level 2.
  const sheet = pendingSheetOf(sandbox, 'noah.kim', 'oldest');
  expect(sheet).toMatchObject({ approvalLevels: 2, approvedLevels: 0 });
  await openFromTeam(page, 'Noah Kim', sheet.fromDate);

  await page.getByRole('checkbox', { name: 'Approve at all levels' }).check();
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^\W*Approved .*Noah Kim/ })).toBeVisible();
  await expect(page.locator('.badge')).toHaveText('Approved');
  await saveScreen(page, 'manager-all-levels-after');

  await expect.poll(() => sandbox.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.status).toBe('approved');
  const after = sandbox.state();
  expect(after.timesheets.find((t) => t.timesheetId === sheet.timesheetId)).toMatchObject({ approvedLevels: 2 });
  expect(after.timeLogs.filter((l) => l.timesheetId === sheet.timesheetId).every((l) => l.approvalStatus === 'approved')).toBe(true);
  const call = sandbox.requests().filter((r) => r.path.endsWith('/approvetimesheet') && r.params.timesheetId === sheet.timesheetId);
  expect(call).toHaveLength(1);
  expect(call[0].params).toMatchObject({ approvalStatus: 'approved', isAllLevelApprove: 'true' });

  // Back on the list, the approved week no longer waits.
  await page.getByRole('button', { name: 'Team timesheets' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.locator('.sheet-row').filter({ hasText: 'Noah Kim' }).filter({ hasText: showDate(sheet.fromDate) })).toHaveCount(0);
});
