/**
 * The timer, end to end: a job picked by typing, a short run, Stop, and the logged time in the week and in the
 * service. Rounding "up to the minute" (Settings) turns a few seconds into 00:01, so nothing waits a minute.
 */
import { parseHhmm, toHhmm } from '../../src/shared/time/hours';
import { appDay, expect, localToday, saveScreen, test } from './fixtures';

const JOB = 'Data Migration Scripts';
const DESCRIPTION = 'E2E timer run';

test('a timer started on a typed job logs its rounded time once, visible in the week', async ({ page, sandbox }) => {
  const today = localToday();

  // Settings: round up to the minute, so a few seconds become 00:01 (PRODUCT: rounding shown before applied).
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: /^Round/ }).selectOption('up');
  await page.getByRole('combobox', { name: /^Step/ }).selectOption('1');
  await expect(page.locator('.example')).toContainText('(up to the minute)');
  await saveScreen(page, 'timer-settings-rounding-up');

  // Track: type part of the job's name, pick it from the suggestions.
  await page.getByRole('tab', { name: 'Track' }).click();
  const picker = page.getByRole('combobox', { name: 'Job' });
  await picker.fill('migra');
  const options = page.getByRole('option', { name: /Migration/ });
  await expect(options).toHaveCount(1);
  await options.click();
  await expect(picker).toHaveValue(JOB);
  await page.getByRole('form', { name: 'Log or time your work' }).getByLabel('Description').fill(DESCRIPTION);
  await page.getByRole('button', { name: 'Start timer' }).click();

  // Running: raw time ticks, the rounded value that will be logged sits next to it.
  await expect(page.locator('.running-name')).toHaveText(JOB);
  await expect(page.getByTestId('timer-elapsed')).toHaveText(/^00:00:0[2-9]$/, { timeout: 8_000 });
  await expect(page.getByTestId('timer-rounded')).toContainText('00:01 will be logged (up to the minute)');
  await saveScreen(page, 'timer-running');
  await page.getByRole('button', { name: 'Stop' }).click();

  // A few seconds read as such, not as "(timer ran 00:00)".
  await expect(page.locator('.stop-notice')).toContainText(/^\W*Logged 00:01 on .+, \w{3}, \w{3} \d{1,2} \(timer ran \d+ s\)\. Synced\./);
  await expect(page.locator('.stop-notice')).not.toContainText('00:00');
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(page.getByTestId('status')).toHaveText(/Online · all synced/);
  await saveScreen(page, 'timer-stopped');

  // Week: today's cell for the job shows the minute, synced.
  await page.getByRole('tab', { name: 'Week' }).click();
  const cell = page.getByTestId(`cell-${JOB}-${today}`);
  await expect(cell).toHaveText('00:01');
  await expect(cell).toHaveAttribute('aria-label', /00:01, synced/);
  await saveScreen(page, 'timer-week');

  // The service holds exactly that log, once.
  const job = sandbox.state().jobs.find((j) => j.jobName === JOB)!;
  const logged = sandbox.state().timeLogs.filter((l) => l.description === DESCRIPTION);
  expect(logged).toHaveLength(1);
  expect(logged[0]).toMatchObject({ user: sandbox.demoUser, workDate: today, minutes: 1, jobId: job.jobId });
  expect(sandbox.requests().filter((r) => r.path.includes('addtimelog') && r.status === 200)).toHaveLength(1);
});

test('a timer that would pass the company maximum asks first, keeps running on "Keep running", and logs only what fits', async ({
  page,
  sandbox,
}) => {
  const today = localToday();
  const description = 'E2E timer over the daily maximum';
  const maxMinutes = parseHhmm(sandbox.state().settings.maxHoursPerDay);
  const already = sandbox
    .state()
    .timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today)
    .reduce((sum, l) => sum + l.minutes, 0);
  // Leave exactly 10 minutes of today's maximum; with rounding "up to 15 minutes" a few seconds become 00:15.
  const fill = maxMinutes - already - 10;
  test.skip(fill <= 0, `today already has ${toHhmm(already)} logged in the demo data: no room to leave exactly 00:10`);

  const form = page.getByRole('form', { name: 'Log or time your work' });
  await form.getByRole('combobox', { name: 'Job' }).fill('support');
  await form.getByRole('option', { name: /Support Tickets/ }).click();
  await form.getByLabel('Hours').fill(toHhmm(fill));
  await form.getByLabel('Description').fill('E2E filling the day');
  await form.getByRole('button', { name: /^Log \d/ }).click();
  await expect(form.getByRole('status')).toHaveText(/Synced/);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: /^Round/ }).selectOption('up');
  await page.getByRole('combobox', { name: /^Step/ }).selectOption('15');

  await page.getByRole('tab', { name: 'Track' }).click();
  const picker = page.getByRole('form', { name: 'Log or time your work' }).getByRole('combobox', { name: 'Job' });
  await picker.fill('migra');
  await page.getByRole('option', { name: new RegExp(JOB) }).click();
  await page.getByRole('form', { name: 'Log or time your work' }).getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByTestId('timer-rounded')).toContainText('00:15 will be logged');

  // Stop: nothing is logged before the user agrees to the cut.
  await page.getByRole('button', { name: 'Stop' }).click();
  const dialog = page.getByRole('dialog', { name: 'More than the company allows in a day' });
  await expect(dialog).toContainText(
    `${appDay(today)} can take only 00:10 more (the company maximum per day): 00:10 will be logged and 00:05 is cut.`,
  );
  await saveScreen(page, 'timer-confirm-capped');
  expect(sandbox.state().timeLogs.filter((l) => l.description === description)).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Keep running' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  expect(sandbox.state().timeLogs.filter((l) => l.description === description)).toHaveLength(0);

  await page.getByRole('button', { name: 'Stop' }).click();
  await dialog.getByRole('button', { name: 'Log the capped time' }).click();
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect
    .poll(() =>
      sandbox
        .state()
        .timeLogs.filter((l) => l.description === description)
        .map((l) => l.minutes),
    )
    .toEqual([10]);
  const todayTotal = sandbox
    .state()
    .timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === today)
    .reduce((sum, l) => sum + l.minutes, 0);
  expect(todayTotal).toBe(maxMinutes);
});
