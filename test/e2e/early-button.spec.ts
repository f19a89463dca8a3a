/**
 * The Track form's Log / Start timer button says whether it can act, to a screen reader as to the eye, from the first
 * paint (src/renderer/src/first-screen/early-input.ts) and after the app takes the page over (ComposerAction.tsx):
 * with no job it is aria-disabled and described by "Choose a job first."; before the script a job typed makes it
 * available (as the first screen's stylesheet draws it), and once the app is in charge it is what the app says, a
 * name that is no job included, though React keeps the element the page was built with.
 */
import type { Locator } from '@playwright/test';
import { expect, saveScreen, test } from './fixtures';
import { composer, heldPage, inCharge } from './held-page';

async function unavailable(button: Locator): Promise<void> {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription('Choose a job first.');
}

async function available(button: Locator): Promise<void> {
  await expect(button).not.toHaveAttribute('aria-disabled', /.*/);
  // (its title, the key, is all that describes it then)
  await expect(button).not.toHaveAccessibleDescription(/Choose a job/);
}

test('before the script the button is unavailable until a job is typed, and says so again when the job is cleared', async ({
  browser,
  web,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, picker, hours } = composer(page);
  const start = form.getByRole('button', { name: 'Start timer' });
  await unavailable(start);
  await saveScreen(page, 'early-button-no-job-420');
  await picker.click();
  await page.keyboard.type('backend');
  await available(start);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await unavailable(start);
  // Enter on the job goes on to Hours at once (the choice kept for the app): the button is the log's, available
  await page.keyboard.type('backend');
  await page.keyboard.press('Enter');
  await expect(hours).toBeFocused();
  await page.keyboard.type('1:10');
  const log = form.getByRole('button', { name: 'Log time' });
  await available(log);
  await saveScreen(page, 'early-button-job-typed-420');

  release();
  await inCharge(page);
  // the kept Enter chose the job: the app's button is available, as the page said
  await expect(picker).toHaveValue(/Backend API/);
  await available(form.getByRole('button', { name: 'Log 01:10' }));
  await page.context().close();
});

test('a name that is no job typed before the script: available before it, unavailable once the app is in charge', async ({
  browser,
  web,
}) => {
  const { page, release } = await heldPage(browser, web.url);
  const { form, picker, hours } = composer(page);
  await picker.click();
  await page.keyboard.type('No such job');
  await hours.click();
  await page.keyboard.type('25m');
  await available(form.getByRole('button', { name: 'Log time' }));

  release();
  await inCharge(page);
  // no job to the app (nothing chose one): what it says, on the element the page was built with
  const log = form.getByRole('button', { name: 'Log 00:25' });
  await unavailable(log);
  await expect(form.getByText('Choose a job first.')).toBeVisible();
  await saveScreen(page, 'early-button-no-such-job-in-charge-420');
  // and a job chosen now makes it available, as always
  await picker.fill('backend');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(/Backend API/);
  await available(log);
  await page.context().close();
});

test('before the script the button follows what the job field holds when the browser fills it, with or without an event', async ({
  browser,
  web,
}) => {
  // A job field filled before the layer starts, as a form the browser restores is: the page as served, its value set
  // (the inline style and script are as built, so the server's policy still allows them)
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  const restored = await context.newPage();
  await restored.route(
    (url) => url.pathname === '/',
    async (route) => {
      const served = await route.fetch();
      const body = (await served.text()).replace(/(role="combobox"[^>]*?)value=""/, '$1value="backend"');
      await route.fulfill({ response: served, body });
    },
  );
  await restored.route(/\/assets\/boot-[^/]+\.js$/, () => undefined);
  await restored.goto(web.url);
  const first = composer(restored);
  await expect(first.picker).toHaveValue('backend');
  await available(first.form.getByRole('button', { name: 'Start timer' }));
  await context.close();

  // ...and filled or emptied later with a change and no input (autofill), or with no event before `pageshow` (a page
  // shown again from the back/forward cache)
  const { page } = await heldPage(browser, web.url);
  const { form, picker } = composer(page);
  const start = form.getByRole('button', { name: 'Start timer' });
  await unavailable(start);
  const fill = (value: string, event: 'change' | 'pageshow') =>
    picker.evaluate(
      (field: HTMLInputElement, [v, kind]) => {
        field.value = v;
        if (kind === 'change') field.dispatchEvent(new Event('change', { bubbles: true }));
        else window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      },
      [value, event] as const,
    );
  await fill('backend', 'change');
  await available(start);
  await fill('', 'change');
  await unavailable(start);
  await fill('backend', 'pageshow');
  await available(start);
  await fill('', 'pageshow');
  await unavailable(start);
  await page.context().close();
});
