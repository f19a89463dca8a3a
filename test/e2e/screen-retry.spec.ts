/**
 * A tab whose code did not arrive (web mode: the server restarted, the network dropped as the chunk was asked for)
 * shows the screen's boundary, and its "Try again" asks for the chunk again and draws the screen: React.lazy keeps
 * the failed load of its first try, so the screen's component is made anew for the retry (src/renderer/src/screens.tsx).
 * In real Chromium at 420 x 640, the Week chunk's requests refused until the failure shows, then let through.
 * The same for the chunk's stylesheet: Vite's preload adds it once and skips it ever after, a failed one included, so
 * Try again drew the screen without its styles (the app asks for a failed stylesheet again: src/renderer/src/screens.tsx).
 */
import { expect, openApp, saveScreen, test, useTestClock } from './fixtures';

test('a screen whose chunk failed to load is loaded again by Try again, and drawn', async ({ context, web }) => {
  const page = await context.newPage();
  let refusing = true;
  let asked = 0;
  // every request of the Week screen's chunk: the idle prefetch's and the tab's own
  await page.route(/\/assets\/WeekScreen-[\w-]+\.js$/, async (route) => {
    asked++;
    await (refusing ? route.abort('connectionreset') : route.continue());
  });
  await useTestClock(page);
  await openApp(page, web.url);
  await page.getByRole('tab', { name: 'Week' }).click();
  const failed = page.getByTestId('screen-failed');
  await expect(failed).toBeVisible();
  await saveScreen(page, 'screen-retry-failed-420');
  const askedBefore = asked;

  refusing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await expect(failed).toHaveCount(0);
  expect(asked).toBeGreaterThan(askedBefore);
  await saveScreen(page, 'screen-retry-drawn-420');
  await page.close();
});

test('a screen whose chunk failed to load is loaded again when its tab is chosen again', async ({ context, web }) => {
  const page = await context.newPage();
  let refusing = true;
  await page.route(/\/assets\/WeekScreen-[\w-]+\.js$/, (route) => (refusing ? route.abort('connectionreset') : route.continue()));
  await useTestClock(page);
  await openApp(page, web.url);
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('screen-failed')).toBeVisible();
  await page.getByRole('tab', { name: 'Track' }).click();
  await expect(page.getByRole('combobox', { name: 'Job' })).toBeVisible();
  refusing = false;
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await expect(page.getByTestId('screen-failed')).toHaveCount(0);
  await page.close();
});

test('a screen whose stylesheet failed to load comes back from Try again with its styles', async ({ context, web }) => {
  const page = await context.newPage();
  let refusing = true;
  let asked = 0;
  // the Week chunk's CSS, whoever asks (the idle prefetch or the tab): refused until the failure shows
  await page.route(/\/assets\/WeekScreen-[\w-]+\.css$/, async (route) => {
    asked++;
    await (refusing ? route.abort('connectionreset') : route.continue());
  });
  await useTestClock(page);
  await openApp(page, web.url);
  await page.getByRole('tab', { name: 'Week' }).click();
  // not drawn without its styles: the screen says it failed (before the fix it was drawn bare when the idle fetch had failed)
  const failed = page.getByTestId('screen-failed');
  await expect(failed).toBeVisible();
  const askedBefore = asked;

  refusing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  expect(asked).toBeGreaterThan(askedBefore);
  // the Week's stylesheet is in the page and applies (styles/week.css: the grid's head cells, 4px above and below)
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((s) => /\/WeekScreen-[\w-]+\.css$/.test(s.href ?? ''))))
    .toBe(true);
  await expect(page.locator('.week .week-grid thead th').first()).toHaveCSS('padding-top', '4px');
  await saveScreen(page, 'screen-retry-styled-420');
  await page.close();
});
