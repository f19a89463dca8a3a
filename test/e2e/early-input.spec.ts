/**
 * The first tab takes input from its first paint (src/renderer/src/first-screen/early-input.ts): with the app's script
 * held back, what is typed stays in the fields and what is pressed (Tab out of the job picker, Ctrl+Enter, the app's
 * keys) is kept; once the script is in charge the fields are in its state and the presses are done, in order, once.
 */
import type { Browser, Page, Route } from '@playwright/test';
import { expect, localToday, saveScreen, slowPageWhenAsked, test, useTestClock } from './fixtures';
import { earlyInputScript } from '../../src/renderer/src/first-screen/early-input';
import { replayActs } from '../../src/renderer/src/first-screen/take-over';

const BOOT = /\/assets\/boot-[^/]+\.js$/;

/** A page with the app's script held back until `release` (its first screen painted, the early layer on). */
async function heldPage(browser: Browser, url: string, locale = 'en-US'): Promise<{ page: Page; release: () => void }> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale });
  const page = await context.newPage();
  // the suite's day, the sandbox's (a log is checked against the company's rules for it)
  await useTestClock(page);
  await slowPageWhenAsked(page);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(BOOT, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(url);
  await expect(page.locator('form.composer')).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByName('punchcard:app-script').length)).toBe(0);
  return { page, release };
}

const inCharge = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/, { timeout: 30_000 });

test('a log typed and sent with Ctrl+Enter before the script is logged once, with what was typed', async ({ browser, web, sandbox }) => {
  const { page, release } = await heldPage(browser, web.url);
  const form = page.getByRole('form', { name: 'Log or time your work' });
  const picker = form.getByRole('combobox', { name: 'Job' });
  const hours = form.getByRole('textbox', { name: 'Hours', exact: true });
  const description = form.getByLabel('Description');
  const logged = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Typed before the script');
  expect(logged()).toHaveLength(0);

  // as a user does it: the job's first letters, Tab (which chooses it), the description, the hours, Ctrl+Enter
  await picker.click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Tab');
  await expect(description).toBeFocused();
  await page.keyboard.type('Typed before the script');
  await hours.click();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Control+Enter');
  // the page stays as it is (no native submit), the script still held back
  await expect(hours).toHaveValue('1.5');
  expect(await page.evaluate(() => performance.getEntriesByName('punchcard:app-script').length)).toBe(0);
  await saveScreen(page, 'early-input-typed-before-the-script-420');

  release();
  await inCharge(page);
  await expect(form.getByRole('status')).toContainText('Logged 01:30 on Backend API');
  await expect.poll(() => logged().length).toBe(1);
  const backend = sandbox.state().jobs.find((j) => j.jobId === logged()[0].jobId);
  expect(backend?.jobName).toMatch(/Backend API/);
  expect(logged()[0]).toMatchObject({ minutes: 90, workDate: localToday() });
  // the form ready for the next entry, as after any log
  await expect(hours).toHaveValue('');
  await expect(description).toHaveValue('');
  await saveScreen(page, 'early-input-logged-after-the-script-420');
  // ...and nothing more is sent later (the press done once)
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('a job typed and left by a click before the script: kept as typed, its suggestions not left open beside the field in use', async ({
  browser,
  web,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const form = page.getByRole('form', { name: 'Log or time your work' });
  const picker = form.getByRole('combobox', { name: 'Job' });
  const hours = form.getByRole('textbox', { name: 'Hours', exact: true });
  await picker.click();
  await page.keyboard.type('Backend');
  await hours.click();
  await page.keyboard.type('1:15');
  release();
  await inCharge(page);
  // what was typed is the app's (the hours read as 01:15), the focus where the user left it, and the job's
  // suggestions, opened by telling the app what was typed, closed as when the user leaves the field
  await expect(form.getByText('01:15', { exact: true })).toBeVisible();
  await expect(picker).toHaveValue('Backend');
  await expect(hours).toBeFocused();
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.context().close();
});

test('in German (the screen main.tsx puts in place), Enter in Hours before the script logs once', async ({ browser, web, sandbox }) => {
  const { page, release } = await heldPage(browser, web.url, 'de-DE');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const form = page.locator('form.composer');
  const hours = form.locator('.duration-input');
  const logged = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.description === 'Vor dem Skript');

  await form.getByRole('combobox').click();
  await page.keyboard.type('backend');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Vor dem Skript');
  await hours.click();
  await page.keyboard.type('45m');
  // Enter in a field: the form's button, as the browser would press it (here kept, and pressed once in charge)
  await page.keyboard.press('Enter');
  await expect(hours).toHaveValue('45m');

  release();
  await inCharge(page);
  await expect.poll(() => logged().length).toBe(1);
  expect(logged()[0]).toMatchObject({ minutes: 45, workDate: localToday() });
  await expect(hours).toHaveValue('');
  await expect(page.getByTestId('status')).toContainText(/online/i);
  expect(logged()).toHaveLength(1);
  await page.context().close();
});

test('the app keys pressed before the script are done after it, in order: Alt+3 then Alt+2 ends on Week', async ({ browser, web }) => {
  const { page, release } = await heldPage(browser, web.url);
  await page.keyboard.press('Alt+3');
  await page.keyboard.press('Alt+2');
  // the built page's tab still chosen: nothing acted yet
  await expect(page.locator('#tab-track')).toHaveAttribute('aria-selected', 'true');

  release();
  await inCharge(page);
  await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('id', 'panel-week');
  await page.context().close();
});

test('the early layer keeps presses in order, stops them, and hands them over once; replayed in that order', async ({ browser }) => {
  // a page of its own, no app: the layer and the replay alone, in the browser
  const page = await browser.newPage();
  await page.setContent(`<div id="root"><button id="a" type="button">A</button>
    <form id="f"><input id="field" aria-label="field"><button id="send">Send</button></form>
    <a id="away" href="#away">away</a></div>`);
  await page.addScriptTag({ content: earlyInputScript() });
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    document.getElementById('a')!.addEventListener('click', () => seen.push('click a'));
    document.getElementById('send')!.addEventListener('click', () => seen.push('click send'));
    document.getElementById('f')!.addEventListener('submit', (e) => {
      e.preventDefault();
      seen.push('submit');
    });
    window.addEventListener(
      'keydown',
      (e) => ['Alt', 'Control'].includes(e.key) || seen.push(`key ${e.altKey ? 'Alt+' : ''}${e.ctrlKey ? 'Ctrl+' : ''}${e.key}`),
    );
  });
  const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  expect(await page.evaluate(() => performance.getEntriesByName('punchcard:takes-input').length)).toBe(1);

  await page.click('#a');
  await page.keyboard.press('Alt+2');
  await page.click('#field');
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Enter');
  await page.click('#away');
  // typing reached the field and its handlers; none of the kept presses did, and nothing navigated or submitted
  await expect(page.locator('#field')).toHaveValue('x');
  expect(await seen()).toEqual(['key x']);
  expect(page.url()).toBe('about:blank');

  const replayed = await page.evaluate(
    `(() => { const acts = window.punchcardEarlyInput.take(); const again = window.punchcardEarlyInput.take();
       const n = (${replayActs.toString()})(acts, document.getElementById('root'), (act) => act());
       return { kinds: acts.map((a) => a.kind + (a.key ? ' ' + a.key : '')), n, again: again.length,
         early: document.documentElement.hasAttribute('data-early-input') }; })()`,
  );
  expect(replayed).toEqual({
    kinds: ['click', 'key 2', 'key Enter', 'key Enter', 'click'],
    n: 5,
    again: 0,
    early: false,
  });
  // in order, through the page's own handlers: Enter in the field presses the form's button (implicit submission)
  expect(await seen()).toEqual(['key x', 'click a', 'key Alt+2', 'key Enter', 'click send', 'submit', 'key Ctrl+Enter']);
  // the link's click replayed is the page's to follow
  await expect.poll(() => page.url()).toBe('about:blank#away');
  await page.close();
});
