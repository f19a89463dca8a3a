/**
 * A manager on the Team tab: the list by period, newest first, with the employee's name first; a
 * partial decision that reads "Partly approved"; an all-level approval; three timesheets approved in one action; a
 * rejection stopped at the comment field; and the decision bar in view on a timesheet with many logs.
 * Maya Patel (the demo user) manages the engineers and is an HR admin; Noah Kim's timesheets need two approval levels.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { appPeriod, expect, localToday, saveScreen, sharedAppPerFile } from './fixtures';

// The tests decide different timesheets, so one sandbox and one web server serve them all.
const test = sharedAppPerFile();
test.use({ viewport: { width: 420, height: 640 } });
const period = (from: string, to: string) => appPeriod(from, to, new Date().getFullYear());

function pendingSheetOf(sandbox: Sandbox, handle: string, pick: 'newest' | 'oldest' = 'newest') {
  const user = `${handle}@demo.punchcard.test`;
  const sheets = sandbox
    .state()
    .timesheets.filter((t) => t.user === user && t.status === 'pending')
    .sort((a, b) => b.fromDate.localeCompare(a.fromDate));
  const sheet = pick === 'newest' ? sheets[0] : sheets.at(-1)!;
  expect(sheet, `${handle} has a pending timesheet in the seeded company`).toBeTruthy();
  return sheet;
}

/** The row of `who` under the heading of its period. */
function rowOf(page: Page, who: string, sheet: { fromDate: string; toDate: string }) {
  return page
    .getByRole('region', { name: period(sheet.fromDate, sheet.toDate) })
    .locator('.sheet-item')
    .filter({ hasText: who });
}

async function openFromTeam(page: Page, who: string, sheet: { fromDate: string; toDate: string }) {
  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('pending');
  const row = rowOf(page, who, sheet);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pending approval');
  await row.getByRole('button').click();
  await expect(page.getByRole('heading', { name: who })).toBeVisible();
}

test('the list is grouped by period, newest first, names first, without the repeated week name', async ({ page, sandbox }) => {
  await page.getByRole('tab', { name: 'Team' }).click();
  const headings = page.locator('.period-heading');
  await expect(headings.first()).toBeVisible();
  const pending = sandbox.state().timesheets.filter((t) => t.status === 'pending' && t.user !== sandbox.demoUser);
  const periods = [...new Set(pending.sort((a, b) => b.fromDate.localeCompare(a.fromDate)).map((t) => period(t.fromDate, t.toDate)))];
  await expect(headings).toHaveText(periods);
  // within the newest period, by name; the row starts with the name and does not repeat "Week of ..."
  const newest = pending.filter((t) => period(t.fromDate, t.toDate) === periods[0]);
  const names = newest
    .map((t) => sandbox.state().employees.find((e) => e.email === t.user)!)
    .map((e) => `${e.firstName} ${e.lastName}`)
    .sort();
  const firstGroup = page.getByRole('region', { name: periods[0] });
  await expect(firstGroup.locator('.sheet-who .strong')).toHaveText(names);
  await expect(page.locator('main')).not.toContainText('Week of');
  // the demo manager's own pending week is not on her team's list
  expect(sandbox.state().timesheets.some((t) => t.status === 'pending' && t.user === sandbox.demoUser)).toBe(true);
  await expect(page.locator('.sheet-who .strong').filter({ hasText: 'Maya Patel' })).toHaveCount(0);
});

test('a manager rejects one log and approves the rest, with a comment: it reads "Partly approved"', async ({ page, sandbox }) => {
  const sheet = pendingSheetOf(sandbox, 'liam.chen');
  const logs = sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
  expect(logs.length).toBeGreaterThan(1);
  await openFromTeam(page, 'Liam Chen', sheet);

  // Every log starts ticked (approved); untick the first to reject just that one.
  const boxes = page.getByRole('checkbox', { name: /^Approve \d\d:\d\d on / });
  await expect(boxes).toHaveCount(logs.length);
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  const first = boxes.first();
  const label = (await first.getAttribute('aria-label'))!;
  // the day as the region writes it may hold a comma itself ("Wed, Nov 18" in en-US): the job is up to the first one
  const [, hours, jobName, day] = /^Approve (\d\d:\d\d) on (.+?), (.+)$/.exec(label)!;
  await first.uncheck();

  // A partial decision rejects a log: it needs a comment too.
  const approveRest = page.getByRole('button', { name: `Approve ${logs.length - 1}, reject 1` });
  await approveRest.click();
  await expect(page.getByLabel('Comment for Liam Chen')).toBeFocused();
  await expect(page.getByText('Say what to fix, so Liam knows what to change')).toBeVisible();
  const comment = `${jobName} on ${day} belongs to another project; please log it there.`;
  await page.getByLabel('Comment for Liam Chen').fill(comment);
  await expect(page.getByText('Say what to fix, so Liam knows what to change')).toHaveCount(0);
  await saveScreen(page, 'manager-partial-before');
  await approveRest.click();
  await expect(page.getByRole('status').filter({ hasText: /Partly approved .*Liam Chen/ })).toBeVisible();
  // Decided: the per-log checkboxes are gone, each log says how it ended, and the header reads "Partly approved"
  // although the service now calls the timesheet rejected.
  await expect(boxes).toHaveCount(0);
  await expect(page.locator('.badge')).toHaveText('Partly approved');
  await expect(page.locator('table tbody tr').first()).toContainText('Rejected');
  await saveScreen(page, 'manager-partial-after');

  // The service holds exactly that decision.
  const jobId = sandbox.state().jobs.find((j) => j.jobName === jobName)!.jobId;
  const rejected = logs.filter(
    (l) =>
      l.jobId === jobId &&
      day.includes(String(Number(l.workDate.slice(8)))) &&
      `${String(Math.floor(l.minutes / 60)).padStart(2, '0')}:${String(l.minutes % 60).padStart(2, '0')}` === hours,
  );
  expect(rejected.length).toBeGreaterThanOrEqual(1);
  await expect.poll(() => sandbox.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.status).toBe('rejected');
  const after = sandbox.state();
  expect(after.timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.comments).toBe(comment);
  const states = after.timeLogs.filter((x) => x.timesheetId === sheet.timesheetId).map((l) => l.approvalStatus);
  expect(states.filter((s) => s === 'rejected')).toHaveLength(1);
  expect(states.filter((s) => s === 'approved')).toHaveLength(logs.length - 1);
  const call = sandbox.requests().filter((r) => r.path.endsWith('/approvetimesheet') && r.params.timesheetId === sheet.timesheetId);
  expect(call).toHaveLength(1);

  // On the list of rejected ones it reads "Partly approved" too.
  await page.getByRole('button', { name: 'Team timesheets' }).click();
  await page.getByRole('combobox', { name: 'Show' }).selectOption('rejected');
  await expect(rowOf(page, 'Liam Chen', sheet).locator('.badge')).toHaveText('Partly approved');
});

test('a manager approves a two-level timesheet at all levels in one decision', async ({ page, sandbox }) => {
  // Noah's older pending week has no level approved yet: a plain approval would leave it waiting for level 2.
  const sheet = pendingSheetOf(sandbox, 'noah.kim', 'oldest');
  expect(sheet).toMatchObject({ approvalLevels: 2, approvedLevels: 0 });
  await openFromTeam(page, 'Noah Kim', sheet);

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
  await expect(rowOf(page, 'Noah Kim', sheet)).toHaveCount(0);
});

test('a manager selects three pending timesheets and approves them in one action', async ({ page, sandbox }) => {
  const picks = [
    ['sofia.garcia', 'Sofia Garcia'],
    ['ava.johnson', 'Ava Johnson'],
    ['james.wilson', 'James Wilson'],
  ] as const;
  const sheets = picks.map(([handle, who]) => ({ who, sheet: pendingSheetOf(sandbox, handle) }));
  await page.getByRole('tab', { name: 'Team' }).click();
  for (const { who, sheet } of sheets) {
    await page.getByRole('checkbox', { name: `Select ${who}, ${period(sheet.fromDate, sheet.toDate)}` }).check();
  }
  const bar = page.getByRole('region', { name: 'Decide 3 selected' });
  await expect(bar).toBeVisible();
  // how long it takes, before it starts (the service paces decisions: about 20 a minute)
  await expect(bar.getByRole('status')).toHaveText('This takes a few seconds.');
  await bar.getByLabel('Comment (needed to reject)').fill('Thanks, all in order.');
  await page.locator('main.screen').evaluate((el) => {
    el.scrollTop = 0;
  });
  await saveScreen(page, 'team-list-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreen(page, 'team-list-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  sandbox.resetRequests();
  await bar.getByRole('button', { name: 'Approve 3' }).click();
  // and whose: the names, in the order the list shows them
  await expect(page.getByRole('status').filter({ hasText: 'Approved 3 timesheets' })).toHaveText(
    /Approved 3 timesheets: Ava Johnson, James Wilson, and Sofia Garcia\./,
  );
  for (const { who, sheet } of sheets) {
    await expect(rowOf(page, who, sheet)).toHaveCount(0);
    expect(sandbox.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)).toMatchObject({
      status: 'approved',
      comments: 'Thanks, all in order.',
    });
  }
  // one after another, in one action of the user
  const sent = sandbox
    .requests()
    .filter((r) => r.path.endsWith('/approvetimesheet'))
    .map((r) => r.params.timesheetId);
  expect(sent.sort()).toEqual(sheets.map((s) => s.sheet.timesheetId).sort());
  // within the call budget: no detail read before or after, one read of the list for how all three now stand
  expect(sandbox.requests().filter((r) => r.path.endsWith('/gettimesheetdetails'))).toHaveLength(0);
  expect(sandbox.requests().filter((r) => r.path.endsWith('/gettimesheet'))).toHaveLength(1);
  await expect(page.getByRole('region', { name: /^Decide/ })).toHaveCount(0);
});

test('a rejection without a comment is stopped at the comment field', async ({ page, sandbox }) => {
  const sheet = pendingSheetOf(sandbox, 'lucas.rossi');
  await openFromTeam(page, 'Lucas Rossi', sheet);
  sandbox.resetRequests();
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const comment = page.getByLabel('Comment for Lucas Rossi');
  await expect(comment).toBeFocused();
  await expect(comment).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Say what to fix, so Lucas knows what to change' })).toBeVisible();
  expect(sandbox.requests().filter((r) => r.path.endsWith('/approvetimesheet'))).toHaveLength(0);
  expect(sandbox.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.status).toBe('pending');
  // said and fixed: the message goes as soon as there is a comment
  await comment.fill('Tuesday afternoon is missing.');
  await expect(page.getByText('Say what to fix, so Lucas knows what to change')).toHaveCount(0);
});

/** As Ethan Brown: last week's loose logs plus many short weekend ones, submitted as one timesheet. */
async function submitLongWeek(sandbox: Sandbox): Promise<{ timesheetId: string; fromDate: string; toDate: string; logs: number }> {
  const user = 'ethan.brown@demo.punchcard.test';
  const token = sandbox.issueToken({ user, scopes: ['timetracker.ALL'] });
  const call = async (op: string, params: Record<string, string>) => {
    const res = await fetch(`${sandbox.url}/api/timetracker/${op}`, {
      method: 'POST',
      headers: { authorization: `Zoho-oauthtoken ${token}` },
      body: new URLSearchParams(params),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    expect(res.status, `${op}: ${JSON.stringify(body.error)}`).toBe(200);
    return body.result;
  };
  const monday = addDays(weekStartOf(localToday()), -7);
  const job = sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(user))!;
  for (const day of [addDays(monday, 5), addDays(monday, 6)]) {
    for (let i = 0; i < 10; i += 1)
      await call('addtimelog', { user, workDate: day, hours: '00:30', jobId: job.jobId, description: `Weekend support shift ${i + 1}` });
  }
  await call('createtimesheet', {
    user,
    timesheetName: 'On-call week',
    fromDate: monday,
    toDate: addDays(monday, 6),
    sendforApproval: 'true',
  });
  const sheet = sandbox.state().timesheets.find((t) => t.user === user && t.fromDate === monday)!;
  return { ...sheet, logs: sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId).length };
}

test('the decision bar is in view without scrolling on a timesheet with many logs', async ({ page, sandbox }) => {
  const sheet = await submitLongWeek(sandbox);
  expect(sheet.logs).toBeGreaterThan(20);
  await openFromTeam(page, 'Ethan Brown', sheet);
  const table = page.locator('table');
  await expect(page.getByRole('checkbox', { name: /^Approve \d\d:\d\d on / })).toHaveCount(sheet.logs);
  // the logs alone are taller than the window...
  const tableBox = (await table.boundingBox())!;
  expect(tableBox.y + tableBox.height).toBeGreaterThan(640);
  // ...and the decision bar sits inside it, comment and buttons included
  const bar = page.getByRole('region', { name: 'Decision' });
  for (const part of [
    bar,
    bar.getByRole('button', { name: 'Approve', exact: true }),
    bar.getByRole('button', { name: 'Reject' }),
    page.getByLabel('Comment for Ethan Brown'),
  ]) {
    const box = (await part.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
  }
  await expect(page.locator('.badge')).toHaveText('Pending approval');
  // "On-call week" says more than the period, so it stays next to it
  await expect(page.getByText(`${period(sheet.fromDate, sheet.toDate)} · On-call week`)).toBeVisible();
  await saveScreen(page, 'team-review-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await saveScreen(page, 'team-review-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  // scrolled to the end, it is still there, above the quiet Delete
  await page.locator('main.screen').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  await expect(page.getByRole('button', { name: 'Delete timesheet...' })).toBeVisible();
  await saveScreen(page, 'team-review-bottom-light');
});
