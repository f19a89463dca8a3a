/**
 * The first screen in the window's language from its first paint (src/renderer/src/first-screen/own-language.ts): the
 * page's inline script puts it in place as the page is parsed, so no frame shows English to a German or Arabic user,
 * however late the module script (main.tsx) comes; and the other languages' screens are text in the page, not elements
 * (electron.vite.config.ts `firstScreens`).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, sharedAppPerFile } from './fixtures';

// One server for the file: each test opens its own context, changes nothing, and reads only its own page.
const test = sharedAppPerFile();

/** The page's own module script (main.tsx's chunk, `index-*.js`), held until the test ends: only the HTML and its inline script run. */
async function withoutModule(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale });
  const page = await context.newPage();
  await page.route(/\/assets\/index-[^/]+\.js$/, () => undefined);
  return page;
}

const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;

for (const { locale, language, dir, job } of [
  { locale: 'de-DE', language: 'de', dir: 'ltr', job: 'Auftrag' },
  { locale: 'ar-EG', language: 'ar', dir: 'rtl', job: 'المهمة' },
]) {
  test(`in ${language}: the first paint is in the window's language, before the page's module script has run`, async ({ browser, web }) => {
    const page = await withoutModule(browser, locale);
    await page.goto(web.url, { waitUntil: 'commit' });
    await page.waitForFunction(painted);
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-language', language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // (left to the default when left to right)
    expect((await page.locator('html').getAttribute('dir')) ?? 'ltr').toBe(dir);
    await expect(root.locator('.picker-label-row .field-label')).toHaveText(job);
    expect(await root.innerText()).not.toMatch(/Show completed jobs|Description|Start timer/);
    // still the screen the app hydrates, taking input through the early layer
    await expect(root).toHaveAttribute('data-prerendered', '');
    await expect(page.locator('html')).toHaveAttribute('data-early-input', '');
    await page.context().close();
  });
}

test('in English the built screen stays as it is, and the other languages are text in the page, not elements', async ({ browser, web }) => {
  const page = await withoutModule(browser, 'en-US');
  await page.goto(web.url, { waitUntil: 'commit' });
  await page.waitForFunction(painted);
  await expect(page.locator('#root')).toHaveAttribute('data-language', 'en');
  await expect(page.locator('#root .picker-label-row .check-small')).toHaveText('Show completed jobs');
  const blocks = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('[data-first-screen]')].map((b) => ({
      tag: b.tagName,
      type: b.type,
      elements: b.childElementCount,
      text: b.text.length,
      failed: b.dataset.bootFailed ?? '',
    })),
  );
  expect(blocks.map((b) => b.tag)).toEqual(['SCRIPT', 'SCRIPT', 'SCRIPT', 'SCRIPT', 'SCRIPT', 'SCRIPT']);
  for (const b of blocks) {
    expect(b).toMatchObject({ type: 'text/html', elements: 0 });
    expect(b.failed).toContain('npm run web');
  }
  // English's screen is #root itself; each other language's is its text (about 4 kB)
  expect(blocks.map((b) => b.text > 3000)).toEqual([false, true, true, true, true, true]);
  await page.context().close();
});

test('a user who chose English on a German system: the German screen the page put first gives way to the English one, which the app takes over', async ({
  browser,
  web,
}) => {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'de-DE' });
  const page = await context.newPage();
  // the hint the app leaves for the next start (i18n/language.ts applyLanguage), as after a choice of English
  await page.addInitScript(() => localStorage.setItem('punchcard.language', 'en'));
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(web.url);
  await page.waitForFunction(() => performance.getEntriesByName('punchcard:first-screen').length > 0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#root')).toHaveAttribute('data-language', 'en');
  await expect(page.locator('#root .picker-label-row .check-small')).toHaveText('Show completed jobs');
  await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
  // hydrated, not rebuilt: React says so on the console when the page's HTML is not what it renders
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
  await context.close();
});
