/**
 * Undo after a log (issue 27 part 6), in web mode and real Chromium at the tray's 420 x 640: Track's form offers
 * "Undo" for about 8 seconds (the page's clock moves it on, no real wait); Ctrl+Z undoes the log just made, the line
 * says so in a status screen readers announce, and the service no longer holds it. A log undone offline is never
 * sent. The same in Arabic, right to left. Screenshots at 420 and 1280 px.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { expect, saveScreen, test } from './fixtures';

// by structure, not by words: the same steps in every language
const composer = (page: Page) => page.locator('form.composer');
const onService = (sandbox: Sandbox, description: string) =>
  sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === description);

async function logOnTrack(page: Page, description: string, hours: string): Promise<void> {
  const form = composer(page);
  await form.getByRole('combobox').first().fill('train');
  await page
    .getByRole('option', { name: /Training/ })
    .first()
    .click();
  await form.locator('label.field > input.input').first().fill(description);
  const hoursField = form.locator('input[id$="-hours"]');
  await hoursField.fill(hours);
  await hoursField.press('Enter');
}

test('Ctrl+Z right after a log undoes it: the line says so and the service no longer holds it', async ({ page, sandbox }) => {
  await logOnTrack(page, 'Undo me', '0:40');
  await expect.poll(() => onService(sandbox, 'Undo me').length).toBe(1);
  const undo = page.getByTestId('undo');
  await expect(undo).toBeVisible();
  await expect(undo).toHaveAccessibleName('Undo this log (Ctrl+Z)');
  await saveScreen(page, 'undo-offered-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'undo-offered-1280');
  await page.setViewportSize({ width: 420, height: 640 });

  await page.keyboard.press('Control+z');
  const said = page.getByRole('status').filter({ hasText: 'Undone' });
  await expect(said).toContainText('Undone: the log of 00:40 on Training');
  await expect(said).toContainText('The service shows the same now.');
  await expect.poll(() => onService(sandbox, 'Undo me')).toEqual([]);
  await expect(undo).toHaveCount(0);
  await saveScreen(page, 'undo-done-420');
});

test('the Undo button goes after 8 seconds; before that, Tab and Enter reach it, and offline the log is never sent', async ({
  page,
  sandbox,
}) => {
  await logOnTrack(page, 'Kept', '0:15');
  await expect(page.getByTestId('undo')).toBeVisible();
  await page.clock.fastForward(8_100);
  await expect(page.getByTestId('undo')).toHaveCount(0);
  expect(onService(sandbox, 'Kept')).toHaveLength(1);

  await sandbox.setOffline(true);
  await logOnTrack(page, 'Offline typo', '0:25');
  await expect(page.getByTestId('status')).toContainText('1 waiting');
  const undo = page.getByTestId('undo');
  await undo.focus();
  await page.keyboard.press('Enter');
  // pressed on the button: its line takes the focus and is no status then (UndoLine.tsx)
  await expect(page.locator('p.outcome').filter({ hasText: 'Undone' })).toContainText('It had not been sent');
  // out of the outbox: nothing waits to be sent, even before the service is back
  await expect(page.getByTestId('status')).not.toContainText('waiting');
  sandbox.resetRequests();
  await sandbox.setOffline(false);
  // back online and nothing left to send: the pill says so once the app has been through a sync with the service
  await expect(page.getByTestId('status')).toContainText('all synced', { timeout: 15_000 });
  expect(onService(sandbox, 'Offline typo')).toEqual([]);
  expect(sandbox.requests().filter((r) => r.path.endsWith('/addtimelog'))).toEqual([]);
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });
  test('the Undo line and what it did, right to left at 420 px', async ({ page, sandbox }) => {
    await logOnTrack(page, 'تجربة', '0:30');
    await expect(page.getByTestId('undo')).toHaveText('تراجع');
    await saveScreen(page, 'undo-offered-ar-420');
    await page.getByTestId('undo').click();
    await expect(page.locator('p.outcome').filter({ hasText: 'تم التراجع' })).toBeVisible();
    await expect.poll(() => onService(sandbox, 'تجربة')).toEqual([]);
    await saveScreen(page, 'undo-done-ar-420');
  });
});
