/**
 * The window's messages in two parts (src/renderer/src/i18n/catalog-parts.ts, scripts/vite/first-messages.ts): the
 * first screen's with the app's script, the rest of the catalog once the first screen takes input, and never a word
 * shown as its id while the rest is on its way.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page, Route } from '@playwright/test';
import { expect, saveScreen, sharedAppPerFile } from './fixtures';

// One server for the file: each test opens its own context without the run's session (no answers come with its page),
// changes nothing of the company or the server's data, and reads only what its own page asked for.
const test = sharedAppPerFile();

/** A page of its own, without the suite's test clock (its fake timers hold the marks these tests read back). */
async function pageIn(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale });
  return context.newPage();
}

const markSet = () => performance.getEntriesByName('punchcard:first-screen').length > 0;

/** Every message id of the catalogs: none may be read on the page. */
const IDS = Object.keys(JSON.parse(readFileSync('src/shared/i18n/compiled/en.json', 'utf8')) as Record<string, unknown>);

async function idsOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return IDS.filter((id) => new RegExp(`(^|[^\\w.-])${id.replace(/\./g, '\\.')}($|[^\\w.-])`).test(text));
}

for (const [locale, language] of [
  ['en-US', 'en'],
  ['de-DE', 'de'],
] as const) {
  test(`in ${language}: the first screen asks for its own messages only, the rest of the catalog once it takes input, never the whole`, async ({
    browser,
    web,
  }) => {
    const page = await pageIn(browser, locale);
    await page.goto(web.url);
    await page.waitForFunction(markSet);
    // the rest asked for (once the first screen takes input)
    await page.waitForFunction(
      (lang) => performance.getEntriesByType('resource').some((r) => new RegExp(`/assets/rest-${lang}-[\\w-]{8}\\.js$`).test(r.name)),
      language,
    );
    const t = await page.evaluate((lang) => {
      const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
      const asked = (file: RegExp) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => file.test(new URL(r.name).pathname))
          .map((r) => r.fetchStart);
      return {
        mark: at('punchcard:first-screen'),
        first: asked(new RegExp(`^/assets/first-${lang}-[\\w-]{8}\\.js$`)),
        rest: asked(new RegExp(`^/assets/rest-${lang}-[\\w-]{8}\\.js$`)),
        // the whole catalog (what a change of language loads), of this language or any other
        whole: asked(/^\/assets\/(en|de|fr|es|ar|en-XA)-[\w-]{8}\.js$/),
      };
    }, language);
    expect(t.first).toHaveLength(1);
    expect(t.first[0]).toBeLessThan(t.mark);
    expect(t.rest).toHaveLength(1);
    expect(t.rest[0]).toBeGreaterThan(t.mark);
    expect(t.whole).toEqual([]);
  });
}

test('while the rest of the catalog is on its way no word shows as its id: Track in its language, another tab waits, then shows', async ({
  browser,
  web,
}) => {
  const page = await pageIn(browser, 'de-DE');
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let restAsked = false;
  await page.route(/\/assets\/rest-de-[\w-]{8}\.js$/, async (route: Route) => {
    restAsked = true;
    await released;
    await route.continue();
  });
  await page.goto(web.url);
  await page.waitForFunction(markSet);
  // the core's answers drawn (the account's initials, the jobs), the rest still held
  await expect(page.getByTestId('status')).toContainText(/online/i);
  await expect.poll(() => restAsked).toBe(true);
  await expect(page.getByRole('form', { name: 'Arbeit erfassen oder stoppen' })).toBeVisible();
  expect(await idsOnPage(page)).toEqual([]);
  await saveScreen(page, 'first-screen-messages-held-de-420');

  // the Week's words are in the rest: its tab says it is opening (in German) until they are in
  await page.getByRole('tab').nth(1).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wird geöffnet' })).toBeVisible();
  // its code is in (fetched while idle, Resource Timing) and three frames drawn since, each one React could have drawn
  // the screen in: still not drawn, its words not in the window (drawn now, it would say its English, or ids)
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/assets\/WeekScreen-[\w-]{8}\.js$/.test(r.name)));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
  await expect(page.locator('.week-label')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Wird geöffnet' })).toBeVisible();
  expect(await idsOnPage(page)).toEqual([]);

  release();
  await expect(page.getByRole('status').filter({ hasText: 'Wird geöffnet' })).toHaveCount(0);
  await expect(page.locator('.week-label')).toBeVisible();
  expect(await idsOnPage(page)).toEqual([]);
});

test("the first screen's script holds none of the timer's questions: they come in a chunk of their own when the timer may ask", async ({
  browser,
  web,
}) => {
  const page = await pageIn(browser, 'en-US');
  await page.goto(web.url);
  await page.waitForFunction(markSet);
  const firstScripts = await page.evaluate(() => {
    const mark = performance.getEntriesByName('punchcard:first-screen')[0].startTime;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.endsWith('.js') && r.fetchStart < mark)
      .map((r) => r.name);
  });
  const texts = await Promise.all(firstScripts.map((url) => page.request.get(url).then((r) => r.text())));
  // the questions' own words, by id (a forgotten timer, time away, an end in doubt)
  for (const id of ['timer.forgotten.title', 'timer.idle.title', 'timer.end.stop-at'])
    expect(texts.filter((t) => t.includes(id))).toEqual([]);
  // ...which are drawn from their own chunk (the forgotten-timer, idle and timer-end specs draw them)
  expect(firstScripts.filter((url) => /\/timer-questions-/.test(url))).toEqual([]);
});
