/**
 * Settings' "Count my days in" moves the app's today: with a zone whose day at the test's 10:00 is not this computer's
 * (UTC+14 or UTC-11: one of them always differs), Track's "Today" is that zone's day at once, and back with "This
 * computer's zone". The core's side (rules, the timer, the Week tab) is test/integration/user-day.test.ts.
 */
import { addDays } from '../../src/shared/time/week';
import { dayIn, midnightIn } from '../../src/shared/time/zone';
import { TEST_NOW } from '../fixtures/test-clock';
import { appDay, appTakesInput, expect, localToday, saveScreen, test } from './fixtures';

test("Track's day follows the zone the days are counted in", async ({ page }) => {
  const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => dayIn(z, TEST_NOW) !== localToday())!;
  const theirDay = dayIn(zone, TEST_NOW);
  const chosenDay = page.locator('.date-choice legend .sr-only');
  await expect(chosenDay).toHaveText(`Day: ${appDay(localToday())}`);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText("Today, this week and the timer's days follow this zone.")).toBeVisible();
  await page.getByRole('combobox', { name: 'Count my days in' }).selectOption(zone);
  await page.getByRole('tab', { name: 'Track' }).click();
  await expect(chosenDay).toHaveText(`Day: ${appDay(theirDay)}`);
  await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Count my days in' }).selectOption('system');
  await page.getByRole('tab', { name: 'Track' }).click();
  await expect(chosenDay).toHaveText(`Day: ${appDay(localToday())}`);
});

test("the timer card's start is on the clock of the zone the days are counted in, named, with its day after that zone's midnight", async ({
  page,
  web,
}) => {
  const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => dayIn(z, TEST_NOW) !== localToday())!;
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Count my days in' }).selectOption(zone);
  await page.getByRole('tab', { name: 'Track' }).click();
  await page.getByRole('combobox', { name: 'Job' }).fill('migra');
  await page.getByRole('option', { name: /Migration/ }).click();
  await page.getByRole('button', { name: 'Start timer' }).click();
  await expect(page.getByTestId('timer-elapsed')).toBeVisible();
  const started = page.getByText(/^Started /);
  const hourThere = (ms: number) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: zone }).format(ms).split(' ')[0];
  // the same day there: its clock time only (the suite's clock runs on from 10:00: the minute may be a later one)
  const now = await page.evaluate(() => Date.now());
  await expect(started).toHaveText(new RegExp(`^Started ${hourThere(now)}:\\d\\d [AP]M \\(${zone} time\\)$`));

  // past that zone's midnight (the computer's day may not have changed): the start says its day too
  const midnight = midnightIn(zone, addDays(dayIn(zone, now), 1));
  await web.skipClock(midnight - now + 10 * 60_000);
  await page.clock.fastForward(midnight - now + 10 * 60_000);
  await page.reload();
  await appTakesInput(page);
  const dayThere = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: zone }).format(now);
  await expect(started).toHaveText(new RegExp(`^Started ${dayThere} ${hourThere(now)}:\\d\\d [AP]M \\(${zone} time\\)$`));
  await saveScreen(page, 'timer-start-in-user-zone');
});
