/**
 * Time away given to another job (issue 27 part 5), in web mode and real Chromium at the tray's 420 x 640: the
 * computer sleeps three hours while the timer runs on Data Migration Scripts; the question on return offers a job
 * picker, and "Give it to this job" with Support Tickets makes the three hours a log of their own there, the timer
 * running on from now on its own job. Keyboard only. Screenshots at 420 and 1280 px.
 */
import { expect, localToday, saveScreen, test, WATCH_CLOCK_EVERY_SECOND } from './fixtures';

const HOUR = 60 * 60_000;
// the server notices the sleep by itself, on its clock watch's next look: every second here, not every 15 s
test.use({ webEnv: WATCH_CLOCK_EVERY_SECOND });

test('three hours asleep given to Support Tickets: a log of 03:00 there, the timer running on from now', async ({ page, sandbox, web }) => {
  test.setTimeout(90_000);
  const track = page.getByRole('form', { name: 'Log or time your work' });
  await track.getByRole('combobox', { name: 'Job' }).fill('migra');
  await page.getByRole('option', { name: /Data Migration Scripts/ }).click();
  await track.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.locator('.running-name')).toBeVisible();

  await web.moveWallClock(3 * HOUR);
  await page.clock.fastForward(3 * HOUR);
  const dialog = page.getByRole('dialog', { name: 'Keep the time you were away?' });
  await expect(dialog).toBeVisible({ timeout: 40_000 });
  const picker = dialog.getByRole('combobox', { name: 'Or log the time away to another job' });
  await picker.fill('support');
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue('Support Tickets');
  await saveScreen(page, 'idle-to-job-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'idle-to-job-1280');
  await page.setViewportSize({ width: 420, height: 640 });
  const give = dialog.getByTestId('idle-give');
  await give.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const jobId = (name: string) => sandbox.state().jobs.find((j) => j.jobName === name)!.jobId;
  const minutesOn = (name: string) =>
    sandbox
      .state()
      .timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === localToday() && l.jobId === jobId(name))
      .map((l) => l.minutes);
  // asleep from when the server's watch last saw it awake (within a second of the start): 3 hours, to the minute
  await expect.poll(() => minutesOn('Support Tickets')).toEqual([180]);
  await expect(page.locator('.running-name')).toHaveText('Data Migration Scripts');
  await expect(page.getByTestId('timer-elapsed')).toHaveText(/^00:00:\d\d$/);
});
