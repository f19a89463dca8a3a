/**
 * A log for the user's today while the service's calendar is still on the day before (it runs in another time zone):
 * the service refuses it as a future date, and the app says the truth instead: it waits for the service's day to
 * begin and is sent then, by itself. Never "in the future", never "needs attention" (docs/outbox.md "Waiting for the
 * service's day"). The sandbox's today moved a day back (`configure({ today })`) under web mode.
 */
import { addDays } from '../../src/shared/time/week';
import { TEST_TODAY } from '../fixtures/test-clock';
import { expect, saveScreen, test } from './fixtures';

const DESCRIPTION = 'E2E log for a day the service has not begun';
const WAITING = /^Waiting for the service's day to begin: it is still .+ there \(another time zone\)\. Punchcard sends this log then\.$/;

test("a log for today while the service is on yesterday waits for the service's day, and its outbox entry says so", async ({
  sandbox,
  page,
}) => {
  sandbox.configure({ today: addDays(TEST_TODAY, -1) });
  const form = page.getByRole('form', { name: 'Log or time your work' });
  await form.getByRole('combobox', { name: 'Job' }).fill('support');
  await form.getByRole('option', { name: /Support Tickets/ }).click();
  await form.getByLabel('Hours').fill('00:40');
  await form.getByLabel('Description').fill(DESCRIPTION);
  await form.getByRole('button', { name: /^Log \d/ }).click();

  await page.getByRole('tab', { name: 'Outbox' }).click();
  const entry = page.getByTestId('outbox-entry').filter({ hasText: 'Support Tickets' });
  await expect(entry.getByTestId('waits-for-service-day')).toHaveText(WAITING);
  await expect(entry.locator('.sync')).toHaveText(/Queued/);
  await expect(entry).not.toContainText(/future|Pick today/);
  await expect(entry.getByRole('button', { name: 'Fix' })).toHaveCount(0);
  await expect(page.getByTestId('status')).toHaveAttribute('title', /1 log waits for the service's day to begin/);
  await saveScreen(page, 'service-day-outbox');
  expect(sandbox.state().timeLogs.filter((l) => l.description === DESCRIPTION)).toHaveLength(0);
});
