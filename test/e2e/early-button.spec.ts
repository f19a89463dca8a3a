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
