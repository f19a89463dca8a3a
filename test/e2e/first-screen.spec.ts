/**
 * The first screen: built into index.html and painted before the app's script runs; the script and the window's
 * messages asked for together once it is painted; nothing typed before the script is in charge lost
 * (docs/benchmarks.md, "The first screen usable"; src/renderer/src/main.tsx).
 */
import type { Browser, Page, Route } from '@playwright/test';
import { expect, saveScreen, test } from './fixtures';

/**
 * A page of its own, without the suite's test clock: its fake timers stub `performance.mark` and the entries these
 * tests read. Nothing here depends on the day.
 */
async function ownPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  return context.newPage();
}

const BOOT = /\/assets\/boot-[^/]+\.js$/;

/** Records, when the app sets its first-screen mark, whether the window was still closed to input (inert) then. */
function watchTheMark(): void {
  const mark = performance.mark.bind(performance);
  performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
    if (name === 'punchcard:first-screen') {
      (window as unknown as { inertAtMark: boolean }).inertAtMark = document.querySelector('.app')?.hasAttribute('inert') ?? true;
    }
    return mark(name, options);
  }) as typeof performance.mark;
}

const markSet = () => performance.getEntriesByName('punchcard:first-screen').length > 0;

test("the window's messages are asked for beside the app's script, not after it, and both once the first screen is painted", async ({
  browser,
  web,
}) => {
  const page = await ownPage(browser);

  await page.goto(web.url);
  await page.waitForFunction(markSet);
  const t = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    const asked = (file: RegExp) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => file.test(r.name))?.fetchStart ?? Number.NaN;
    return {
      firstPaint: at('first-contentful-paint'),
      bootAsked: asked(/\/assets\/boot-[^/]+\.js$/),
      // English's compiled messages (the page's language here), not the pseudo-locale's (en-XA-...)
      messagesAsked: asked(/\/assets\/en-(?!XA-)[^/]+\.js$/),
      bootRuns: at('punchcard:app-script'),
    };
  });
  // the messages asked for before boot.tsx runs (boot.tsx itself asked for them once it ran, after its own download)...
  expect(t.messagesAsked).toBeLessThan(t.bootRuns);
  // ...and nothing of the app's script before the first paint, which it would hold back
  expect(t.bootAsked).toBeGreaterThan(t.firstPaint);
  expect(t.messagesAsked).toBeGreaterThan(t.firstPaint);
});

test("the app's script comes in three files, not nine: the first screen waits on no other screen's chunks", async ({ browser, web }) => {
  const page = await ownPage(browser);

  await page.goto(web.url);
  await page.waitForFunction(markSet);
  const asked = await page.evaluate(() => {
    const mark = performance.getEntriesByName('punchcard:first-screen')[0].startTime;
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // scripts asked for once the first screen was painted and before it took input (the other screens' chunks are
    // fetched after the mark, while the window is idle: screens.tsx); the window's messages are not counted
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.endsWith('.js') && r.fetchStart > firstPaint && r.fetchStart < mark)
      .map((r) => new URL(r.name).pathname.split('/').pop()!)
      .filter((file) => !/^(en|de|fr|es|ar)(-XA)?-[\w-]{8}\.js$/.test(file));
  });
  // boot.tsx (an entry of one line), the first screen's chunk it imports (React, the store, Track) and the bundler's
  // runtime; nothing of Week, Outbox, Team, HR or Settings (electron.vite.config.ts, firstScreenChunk)
  expect(asked.filter((file) => /^(Week|Outbox|Team|Hr|Settings)Screen-/.test(file))).toEqual([]);
  expect(asked.length).toBeLessThanOrEqual(3);
});

test('nothing can be typed into the first screen before the script is in charge, and what is typed then stays', async ({
  browser,
  web,
}) => {
  const page = await ownPage(browser);
  await page.addInitScript(watchTheMark);
  // The app's script held back: the screen built into the page stays as it was painted.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(BOOT, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(web.url);
  const form = page.getByRole('form', { name: 'Log or time your work' });
  await expect(form).toBeVisible();
  await expect(page.locator('.app')).toHaveAttribute('inert', '');

  // A user clicks into Hours and types: the field takes no focus and nothing lands in it (React would replace a value
  // typed into the page's HTML when it takes the field over).
  const hours = page.locator('#root').getByRole('textbox', { name: 'Hours', exact: true });
  const box = (await hours.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type('2.5');
  expect(await hours.inputValue()).toBe('');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

  release();
  await page.waitForFunction(markSet);
  // The mark (what the benchmark calls usable) is set only once the window takes input.
  expect(await page.evaluate(() => (window as unknown as { inertAtMark: boolean }).inertAtMark)).toBe(false);
  await hours.click();
  await page.keyboard.type('2.5');
  await expect(page.getByTestId('duration-shown')).toHaveText(/02:30/);
  // ...and stays: the data that comes in afterwards (jobs, today, status) does not reset the form
  await expect(page.getByTestId('status')).toContainText(/online/i);
  await expect(hours).toHaveValue('2.5');

  await saveScreen(page, 'first-screen-track-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'first-screen-track-1280');
});
