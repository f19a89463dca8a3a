/**
 * A timer left running past the end of day, caught when the app is opened again (issue 27 part 4), in web mode and
 * real Chromium at the tray's 420 x 640: started at 10:00, the page opened again at 19:30 asks "The timer on ... has
 * run since 10:00 ..., past your end of day"; "Log until the end of the day (6:00 PM)" logs exactly 08:00 and stops
 * it. Screenshots at 420 and 1280 px.
 */
import { appTakesInput, expect, localToday, saveScreen, test } from './fixtures';

const HOUR = 60 * 60_000;

test('a timer running since 10:00 is asked about at the next open, and "until the end of the day" logs 08:00', async ({
  page,
  sandbox,
  web,
}) => {
  const picker = page.getByRole('combobox', { name: 'Job' });
  await picker.fill('migra');
  await page.getByRole('option', { name: /Migration/ }).click();
  await page.getByRole('form', { name: 'Log or time your work' }).getByLabel('Description').fill('Forgotten');
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  // nothing asked during the working day
  await expect(page.getByTestId('forgotten-timer-question')).toHaveCount(0);

  // the evening: the app is opened again at 19:30 (the server's and the page's clocks moved on together)
  await web.skipClock(9.5 * HOUR);
  await page.clock.fastForward(9.5 * HOUR);
  await page.reload();
  await appTakesInput(page);
  const question = page.getByTestId('forgotten-timer-question');
  // the suite's clock runs on from 10:00 while earlier tests run in this worker: the timer may start a minute or two after
  const since = /has run since 10:(\d\d) AM \(09:30 h\), past your end of day\./;
  await expect(question).toContainText(/The timer on .*Migration.*/);
  await expect(question).toContainText(since);
  const late = Number(since.exec((await question.textContent()) ?? '')![1]);
  await saveScreen(page, 'forgotten-timer-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'forgotten-timer-1280');
  await page.setViewportSize({ width: 420, height: 640 });

  await page.getByRole('button', { name: 'Log until the end of the day (6:00 PM)' }).click();
  await expect(question).toHaveCount(0);
  const forgotten = () =>
    sandbox
      .state()
      .timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Forgotten')
      .map((l) => [l.workDate, l.minutes]);
  await expect.poll(() => forgotten().length).toBe(1);
  // the question shows the start to the minute; the log counts from the start the timer recorded, seconds and the
  // default rounding included: the logged time is within a minute of 18:00 less the start shown, either way
  const until18 = [480 - late - 1, 480 - late, 480 - late + 1];
  expect(until18.map((m) => [localToday(), m])).toContainEqual(forgotten()[0]);
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
});

test('"Keep running" closes the question until the app is opened again', async ({ page, web }) => {
  const picker = page.getByRole('combobox', { name: 'Job' });
  await picker.fill('migra');
  await page.getByRole('option', { name: /Migration/ }).click();
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  await web.skipClock(9 * HOUR);
  await page.clock.fastForward(9 * HOUR);
  await page.reload();
  await appTakesInput(page);
  await expect(page.getByTestId('forgotten-timer-question')).toBeVisible();
  await page.getByRole('button', { name: 'Keep running' }).click();
  await expect(page.getByTestId('forgotten-timer-question')).toHaveCount(0);
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  await page.reload();
  await appTakesInput(page);
  await expect(page.getByTestId('forgotten-timer-question')).toBeVisible();
});

test('off in one click in Settings: the timer left running is not asked about at the next open', async ({ page, web }) => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  const box = page.getByTestId('catch-forgotten-timer');
  await expect(box).toBeChecked();
  await box.click();
  await expect(box).not.toBeChecked();
  await page.getByRole('tab', { name: 'Track' }).click();
  await page.getByRole('combobox', { name: 'Job' }).fill('migra');
  await page.getByRole('option', { name: /Migration/ }).click();
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  await web.skipClock(9 * HOUR);
  await page.clock.fastForward(9 * HOUR);
  await page.reload();
  await appTakesInput(page);
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  await expect(page.getByTestId('timer-elapsed')).toHaveText(/^09:0\d:\d\d$/);
  await expect(page.getByTestId('forgotten-timer-question')).toHaveCount(0);
});
