/**
 * The first screen: built into index.html and painted before the app's script runs; the script fetched meanwhile and
 * run only after that paint; nothing typed before it is in charge lost (docs/benchmarks.md, "The first screen
 * usable"; electron.vite.config.ts `preloadAppScript`, src/renderer/src/main.tsx).
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

test("the app's script and the window's messages are fetched while the first screen paints, and run after that paint", async ({
  browser,
  web,
}) => {
  const page = await ownPage(browser);

  await page.goto(web.url);
  await page.waitForFunction(markSet);
  const t = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    const fetched = (file: string) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) => r.name === new URL(file, location.href).href)
        ?.fetchStart ?? Number.NaN;
    const boot = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((r) =>
      /\/assets\/boot-[^/]+\.js$/.test(r.name),
    );
    const messages = document.querySelector<HTMLTemplateElement>('template[data-first-screen="en"]')?.dataset.messages ?? '';
    return {
      firstPaint: at('first-contentful-paint'),
      bootAsked: boot?.fetchStart ?? Number.NaN,
      messagesAsked: fetched(messages),
      bootRuns: at('punchcard:app-script'),
    };
  });
  // asked for with the page, before its first paint (it used to be asked for once that paint was reported)...
  expect(t.bootAsked).toBeLessThan(t.firstPaint);
  // ...the window's messages before boot.tsx runs (they used to be asked for by boot.tsx itself, after it ran)...
  expect(t.messagesAsked).toBeLessThan(t.bootRuns);
  // ...and run after the first paint, which it would otherwise hold back
  expect(t.bootRuns).toBeGreaterThan(t.firstPaint);
  // how: the page names the app's files (at low priority, after its own) and each language's messages
  const html = await (await page.request.get(new URL('/', web.url).toString())).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin fetchpriority="low" href="\.\/assets\/boot-[^"]+\.js">/);
  expect(html).toMatch(/<template data-first-screen="de"[^>]* data-messages="\.\/assets\/de-[^"]+\.js"/);
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
