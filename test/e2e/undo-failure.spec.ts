/**
 * An Undo that fails, and the Undo line while it runs, in web mode and real Chromium at the tray's 420 x 640
 * (src/renderer/src/components/track/UndoLine.tsx):
 * - the failure is said at once, under the button, with what to do (not after the 8-second offer ends, as before);
 * - while the undo is out the button is aria-disabled, drawn greyed, with a wait cursor;
 * - the line that says what was undone takes the focus and is then no status (read once, not twice).
 * The failure: the Undo's request dropped on its way (held, then its connection reset), or the core's own refusal (the
 * log deleted through the page's bridge before Undo was pressed). In English and Arabic, right to left.
 */
import type { Page } from '@playwright/test';
import type { LocalTimeLog } from '../../src/shared/domain';
import { expect, localToday, saveScreen, test } from './fixtures';
import { rpc } from './page-rpc';
import { RECHECK_MS } from '../../src/renderer/src/web-session';

const composer = (page: Page) => page.locator('form.composer');

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

/** The page's clock stands still from now: the 8-second offer does not end while the test looks (timers fire on runFor). */
async function holdPageClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

/**
 * Holds the next Undo on its way to the core until `release` is called; then it goes on to the core, or (`drop`) its
 * connection is reset, as when the app's server restarts under it.
 */
async function holdUndo(page: Page, { drop = false } = {}): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/rpc/undoChange', async (route) => {
    await held;
    await (drop ? route.abort('connectionreset') : route.continue());
  });
  return release;
}

async function deleteThroughBridge(page: Page, description: string): Promise<void> {
  const week = await rpc<{ logs: LocalTimeLog[] }>(page, 'getWeek', { date: localToday() });
  const log = week.logs.find((l) => l.description === description);
  expect(log, `the log "${description}" in the week`).toBeDefined();
  await rpc(page, 'deleteLog', { localId: log!.localId });
}

for (const { lang, locale, description, refused } of [
  { lang: 'en', locale: 'en-GB', description: 'Undo refused', refused: 'Not undone: That log is not here any more' },
  { lang: 'ar', locale: 'ar-EG', description: 'تراجع مرفوض', refused: 'لم يتم التراجع: لم يعد هذا السجل موجودًا' },
] as const) {
  test.describe(lang, () => {
    test.use({ locale });
    test(`an undo refused by the core says so at once in its line; greyed while it runs (${lang})`, async ({ page }) => {
      await logOnTrack(page, description, '0:25');
      const undo = page.getByTestId('undo');
      await expect(undo).toBeVisible();
      await holdPageClock(page);
      await deleteThroughBridge(page, description);
      const release = await holdUndo(page);
      await undo.click();
      // while the undo is out: aria-disabled (the focus stays), greyed, a wait cursor
      await expect(undo).toHaveAttribute('aria-disabled', 'true');
      await expect(undo).toHaveCSS('cursor', 'wait');
      expect(Number(await undo.evaluate((b) => getComputedStyle(b).opacity))).toBeLessThan(1);
      await saveScreen(page, `undo-running-${lang}-420`);
      release();
      // the refusal, at once, in the line under the button still offered (the page's clock has not moved): its own
      // words say what to do, and no "try again" (it would be refused the same)
      const said = page.locator('.undo-line').getByTestId('undo-failed');
      await expect(said).toContainText(refused);
      await expect(said).toHaveAttribute('role', 'alert');
      await expect(said).not.toContainText(lang === 'en' ? 'try again' : 'للمحاولة مرة أخرى');
      await expect(undo).not.toHaveAttribute('aria-disabled', /.*/);
      await expect(undo).not.toHaveCSS('cursor', 'wait');
      await saveScreen(page, `undo-failed-${lang}-420`);
      await page.clock.runFor(8_100);
      await expect(undo).toHaveCount(0);
      await expect(page.getByTestId('undo-failed')).toContainText(refused);
    });
  });
}

test.describe('an undo whose request is lost (the app server restarting)', () => {
  async function lostUndo(page: Page, description: string) {
    await logOnTrack(page, description, '0:35');
    await expect(page.getByTestId('undo')).toBeVisible();
    await holdPageClock(page);
    const release = await holdUndo(page, { drop: true });
    release();
    await page.getByTestId('undo').click();
    await expect(page.locator('.undo-line').getByTestId('undo-failed')).toContainText('Not undone: Punchcard is not answering');
    await expect(page.getByTestId('undo-failed')).toContainText('Press Undo to try again.');
  }

  test('says at once to press Undo again, and Undo pressed again once the app answers undoes the log', async ({ page, sandbox }) => {
    await lostUndo(page, 'Undo second try');
    await page.unroute('**/rpc/undoChange');
    // the page checks its server again after RECHECK_MS (src/renderer/src/web-session.ts; its clock, held, moved on so
    // far: the offer has 8 s) and finds it
    await page.clock.runFor(RECHECK_MS);
    await expect(page.getByText('Punchcard is not answering', { exact: true })).toHaveCount(0);
    await page.getByTestId('undo').click();
    await expect(page.locator('p.outcome').filter({ hasText: 'Undone: the log of 00:35 on Training' })).toBeVisible();
    await expect(page.getByTestId('undo-failed')).toHaveCount(0);
    await expect.poll(() => sandbox.state().timeLogs.filter((l) => l.description === 'Undo second try')).toEqual([]);
  });

  test('once the offer ended, says the change stays and what to do with it', async ({ page }) => {
    await lostUndo(page, 'Undo offer over');
    await page.clock.runFor(8_100);
    await expect(page.getByTestId('undo')).toHaveCount(0);
    const said = page.getByTestId('undo-failed');
    await expect(said).toContainText('The change stays as it is: change or delete it yourself if it was a mistake.');
    await expect(said).not.toContainText('Press Undo to try again.');
  });
});

test('the line that says what was undone takes the focus and is then no status: read once, not twice', async ({ page }) => {
  await logOnTrack(page, 'Undo read once', '0:15');
  const undo = page.getByTestId('undo');
  await undo.focus();
  await page.keyboard.press('Enter');
  const line = page.locator('p.outcome').filter({ hasText: 'Undone: the log of 00:15 on Training' });
  await expect(line).toBeFocused();
  await expect(line).not.toHaveAttribute('role', /.*/);
  // an undo by Ctrl+Z from elsewhere leaves the focus where it is: its line is a status, announced
  await logOnTrack(page, 'Undo by key', '0:10');
  await expect(undo).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  const status = page.getByRole('status').filter({ hasText: 'Undone: the log of 00:10 on Training' });
  await expect(status).toBeVisible();
  await expect(status).not.toBeFocused();
});
