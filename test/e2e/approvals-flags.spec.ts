/**
 * Approving with eyes open: the Team tab's pending list flags an unusual week (over 42 h, or under 80 % of the 40 h
 * working week), the opened timesheet also names the working days without hours, and after "Approve 3" the line says
 * whose timesheets were approved. Two of the team submit their weeks themselves here, through the service (the
 * sandbox, as those employees): one of 46 h, one of a few hours with days left empty.
 */
import type { Sandbox } from '../../src/sandbox';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { appDay, appList, appPeriod, expect, localToday, saveScreen, test } from './fixtures';

test.use({ viewport: { width: 420, height: 640 } });

/** One call to the service as `user` (a token the sandbox issued for that employee). */
async function asEmployee(sandbox: Sandbox, user: string, op: string, params: Record<string, string>) {
  const token = sandbox.issueToken({ user, scopes: ['timetracker.ALL'] });
  const res = await fetch(`${sandbox.url}/api/timetracker/${op}`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${token}` },
    body: new URLSearchParams({ user, ...params }),
  });
  const body = await res.text();
  expect(res.status, `${op} as ${user}: ${body}`).toBe(200);
  expect(body, `${op} as ${user}`).not.toMatch(/"status":\s*1/);
}

/** Someone of the demo manager's team whose week `from..to` is in no timesheet yet (the seeded company has some). */
function freeWeekOf(sandbox: Sandbox, from: string, to: string, not: string[] = []) {
  const s = sandbox.state();
  const e = s.employees.find(
    (x) =>
      x.managerEmail === sandbox.demoUser &&
      !not.includes(x.email) &&
      !s.timesheets.some((t) => t.user === x.email && t.fromDate <= to && t.toDate >= from),
  );
  expect(e, `someone of the team has the week of ${from} in no timesheet`).toBeTruthy();
  return e!;
}

test('unusual weeks are flagged before approving, and "Approve 3" says whose', async ({ page, sandbox }) => {
  const today = localToday();
  const thisWeek = weekStartOf(today);
  const lastWeek = addDays(thisWeek, -7);
  const job = (email: string) => sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(email))!;

  // a long week: last week brought to 46 h (at most 10 h a day, the company's maximum), then submitted
  const long = freeWeekOf(sandbox, lastWeek, addDays(lastWeek, 6));
  const minutesOn = (email: string, d: string) =>
    sandbox
      .state()
      .timeLogs.filter((l) => l.user === email && l.workDate === d && !l.timesheetId)
      .reduce((n, l) => n + l.minutes, 0);
  let total = [0, 1, 2, 3, 4, 5, 6].reduce((n, i) => n + minutesOn(long.email, addDays(lastWeek, i)), 0);
  for (let i = 0; i < 7 && total < 46 * 60; i++) {
    const d = addDays(lastWeek, i);
    const add = Math.min(600 - minutesOn(long.email, d), 46 * 60 - total);
    if (add <= 0) continue;
    await asEmployee(sandbox, long.email, 'addtimelog', {
      workDate: d,
      jobId: job(long.email).jobId,
      hours: `${String(Math.floor(add / 60)).padStart(2, '0')}:${String(add % 60).padStart(2, '0')}`,
    });
    total += add;
  }
  expect(total).toBe(46 * 60);
  await asEmployee(sandbox, long.email, 'createtimesheet', {
    timesheetName: 'Long week',
    fromDate: lastWeek,
    toDate: addDays(lastWeek, 6),
    sendforApproval: 'true',
  });

  // a short week: this week so far, a few hours on Monday only, submitted early
  const short = freeWeekOf(sandbox, thisWeek, addDays(thisWeek, 6), [long.email]);
  const loose = sandbox
    .state()
    .timeLogs.filter((l) => l.user === short.email && !l.timesheetId && l.workDate >= thisWeek && l.workDate <= addDays(thisWeek, 6));
  if (loose.length === 0)
    await asEmployee(sandbox, short.email, 'addtimelog', { workDate: thisWeek, jobId: job(short.email).jobId, hours: '04:00' });
  await asEmployee(sandbox, short.email, 'createtimesheet', {
    timesheetName: 'Short week',
    fromDate: thisWeek,
    toDate: addDays(thisWeek, 6),
    sendforApproval: 'true',
  });
  const shortLogs = sandbox
    .state()
    .timeLogs.filter((l) => l.user === short.email && l.workDate >= thisWeek && l.workDate <= addDays(thisWeek, 6));
  const shortTotal = shortLogs.reduce((n, l) => n + l.minutes, 0);
  expect(shortTotal).toBeLessThan(32 * 60);
  const emptyDays = [0, 1, 2, 3, 4].map((i) => addDays(thisWeek, i)).filter((d) => !shortLogs.some((l) => l.workDate === d));
  expect(emptyDays.length).toBeGreaterThan(0);

  const year = new Date().getFullYear();
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const nameOf = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`;
  const row = (who: string, from: string) =>
    page
      .getByRole('region', { name: appPeriod(from, addDays(from, 6), year) })
      .locator('.sheet-item')
      .filter({ hasText: who });

  await page.getByRole('tab', { name: 'Team' }).click();
  await expect(row(nameOf(long), lastWeek).getByTestId('week-flag')).toHaveText(/46:00, more than 42:00/);
  await expect(row(nameOf(short), thisWeek).getByTestId('week-flag')).toHaveText(new RegExp(`${hhmm(shortTotal)}, less than 32:00`));
  // an ordinary week of the seeded company is not flagged
  const ordinary = sandbox.state().timesheets.find(
    (t) =>
      t.status === 'pending' &&
      t.user !== long.email &&
      t.user !== short.email &&
      t.user !== sandbox.demoUser &&
      [38, 39, 40, 41].some(
        (h) =>
          Math.abs(
            sandbox
              .state()
              .timeLogs.filter((l) => l.timesheetId === t.timesheetId)
              .reduce((n, l) => n + l.minutes, 0) -
              h * 60,
          ) < 60,
      ),
  )!;
  const ordinaryWho = sandbox.state().employees.find((e) => e.email === ordinary.user)!;
  await expect(row(nameOf(ordinaryWho), ordinary.fromDate)).toHaveCount(1);
  await expect(row(nameOf(ordinaryWho), ordinary.fromDate).getByTestId('week-flag')).toHaveCount(0);
  await saveScreen(page, 'team-flags-light');

  // opened: the days without hours are named too
  await row(nameOf(short), thisWeek).getByRole('button').click();
  const note = page.getByRole('note', { name: 'Worth a look before deciding' });
  await expect(note).toContainText(`less than 32:00`);
  await expect(note).toContainText(`No hours on ${appList(emptyDays.map((d) => appDay(d)))}`);
  await saveScreen(page, 'team-review-flags-light');
  await page.getByRole('button', { name: 'Team timesheets' }).click();

  // approve three, and the line names them, by name
  const picks = [long, short, ordinaryWho];
  await page.getByRole('checkbox', { name: `Select ${nameOf(long)}, ${appPeriod(lastWeek, addDays(lastWeek, 6), year)}` }).check();
  await page.getByRole('checkbox', { name: `Select ${nameOf(short)}, ${appPeriod(thisWeek, addDays(thisWeek, 6), year)}` }).check();
  await page
    .getByRole('checkbox', { name: `Select ${nameOf(ordinaryWho)}, ${appPeriod(ordinary.fromDate, ordinary.toDate, year)}` })
    .check();
  await page.getByRole('region', { name: 'Decide 3 selected' }).getByRole('button', { name: 'Approve 3' }).click();
  const names = picks.map(nameOf).sort((a, b) => a.localeCompare(b));
  await expect(page.getByRole('status').filter({ hasText: 'Approved 3 timesheets' })).toHaveText(
    new RegExp(`Approved 3 timesheets: ${appList(names)}\\.`),
  );
  await saveScreen(page, 'team-approved-whose-light');
});
