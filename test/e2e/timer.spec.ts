/**
 * The timer, end to end: a job picked by typing, a short run, Stop, and the logged time in the week and in the
 * service. Rounding "up to the minute" (Settings) turns a few seconds into 00:01, so nothing waits a minute.
 */
import { expect, localToday, saveScreen, test } from './fixtures';

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
  await page.locator('.timer').getByLabel('Description').fill(DESCRIPTION);
  await page.getByRole('button', { name: 'Start' }).click();

  // Running: raw time ticks, the rounded value that will be logged sits next to it.
  await expect(page.locator('.running-name')).toHaveText(JOB);
  await expect(page.getByTestId('timer-elapsed')).toHaveText(/^00:00:0[2-9]$/, { timeout: 8_000 });
  await expect(page.getByTestId('timer-rounded')).toContainText('00:01 will be logged (up to the minute)');
  await saveScreen(page, 'timer-running');
  await page.getByRole('button', { name: 'Stop' }).click();

  // A few seconds read as such, not as "(timer ran 00:00)".
  await expect(page.locator('.stop-notice')).toContainText(/^\W*Logged 00:01 \(timer ran 0:\d\d\)\. Synced\./);
  await expect(page.locator('.stop-notice')).not.toContainText('00:00');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
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
