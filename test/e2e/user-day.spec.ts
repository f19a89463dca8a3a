/**
 * Settings' "Count my days in" moves the app's today: with a zone whose day at the test's 10:00 is not this computer's
 * (UTC+14 or UTC-11: one of them always differs), Track's "Today" is that zone's day at once, and back with "This
 * computer's zone". The core's side (rules, the timer, the Week tab) is test/integration/user-day.test.ts.
 */
import { dayIn } from '../../src/shared/time/zone';
import { TEST_NOW } from '../fixtures/test-clock';
import { appDay, expect, localToday, test } from './fixtures';

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
