/**
 * After a log, the Track form is ready for the next entry and says nothing stale (issue 24), at the tray's 420 x 640:
 * a log to Yesterday leaves the next entry on Today, the line saying what was logged goes when the next entry is
 * started and is not repeated on the Week tab, and the Continue card of the running work says where its time goes.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/time/week';
import { expect, localToday, saveScreen, test } from './fixtures';

const composer = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });
const hoursField = (page: Page) => composer(page).getByRole('textbox', { name: 'Hours', exact: true });
const day = (page: Page, name: string) => composer(page).getByRole('group', { name: 'Day' }).getByRole('button', { name });

test('a log to Yesterday leaves the next entry on Today; its line goes when the next entry starts and stays off the Week tab', async ({
  page,
  sandbox,
}) => {
  const yesterday = addDays(localToday(), -1);
  const picker = composer(page).getByRole('combobox', { name: 'Job' });
  await picker.fill('train');
  await page
    .getByRole('option', { name: /Training/ })
    .first()
    .click();
  await day(page, 'Yesterday').click();
  await hoursField(page).fill('0:20');
  await expect(composer(page).getByRole('button', { name: 'Log 00:20 yesterday' })).toBeEnabled();
  await hoursField(page).press('Enter');

  const line = composer(page).getByRole('status');
  await expect(line).toContainText('Logged 00:20 on Training');
  await expect
    .poll(() => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.workDate === yesterday && l.minutes === 20).length)
    .toBe(1);
  // the day is back on Today, the chosen job kept
  await expect(day(page, 'Today')).toHaveAttribute('aria-pressed', 'true');
  await expect(day(page, 'Yesterday')).toHaveAttribute('aria-pressed', 'false');
  await expect(picker).toHaveValue('Training');
  await saveScreen(page, 'track-after-log-yesterday');

  // the Week tab's open day does not repeat Track's line
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByTestId(`cell-Training-${yesterday}`).click();
  await expect(page.getByRole('heading', { name: /Training ·/ })).toBeVisible();
  await expect(page.locator('.cell-detail').getByText(/Logged 00:20 on Training/)).toHaveCount(0);

  // back on Track, log again, then start the next entry: the line goes as soon as the hours are typed
  await page.getByRole('tab', { name: 'Track' }).click();
  await picker.fill('train');
  await page
    .getByRole('option', { name: /Training/ })
    .first()
    .click();
  await hoursField(page).fill('0:10');
  await hoursField(page).press('Enter');
  await expect(line).toContainText('Logged 00:10 on Training');
  await expect(hoursField(page)).toHaveValue('');
  await hoursField(page).fill('1');
  await expect(composer(page).getByText(/Logged 00:10 on Training/)).toHaveCount(0);
});

test("the running work's Continue card says where its time goes, not the day it was last logged", async ({ page, sandbox }) => {
  const yesterday = addDays(localToday(), -1);
  const seeded = sandbox.state().timeLogs.find((l) => l.user === sandbox.demoUser && l.workDate === yesterday && l.description);
  test.skip(!seeded, 'the demo company has no described log of the demo user yesterday');
  const job = sandbox.state().jobs.find((j) => j.jobId === seeded!.jobId)!;
  const name = new RegExp(`${job.jobName.replace(/[&]/g, '.')} ${seeded!.description}`);

  const cards = page.locator('.recent-item');
  await expect(cards.filter({ hasText: seeded!.description! })).toHaveCount(1);
  // the same card once it runs (its description then shows in the timer, not on the card)
  const card = cards.nth(await cards.evaluateAll((els, d) => els.findIndex((e) => e.textContent?.includes(d)), seeded!.description!));
  await expect(card).toContainText(/Tue|Mon|Wed|Thu|Fri|Sat|Sun/);
  await page.getByRole('button', { name: new RegExp(`^Start: ${name.source}`) }).click();
  await expect(page.getByTestId('timer-bar').or(page.locator('.running-name'))).toBeVisible();
  await expect(card).toContainText('running, logging to today');
  // said whole at the tray's width, not cut off behind the description
  const where = card.locator('.recent-where');
  await expect(where).toHaveText('running, logging to today');
  expect(await where.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(card).not.toContainText(/\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/);
  await card.scrollIntoViewIfNeeded();
  await saveScreen(page, 'track-continue-running');
  await page.locator('.recent').screenshot({ path: 'test-results/screens/track-continue-running-cards.png' });
});
