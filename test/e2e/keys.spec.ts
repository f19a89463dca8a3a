/**
 * The keyboard as a new user meets it, in real Chromium at the tray's 420 x 640: the job picker (Enter and Tab choose
 * the highlighted job and never start a timer or log; Ctrl+Enter or the button does), the app's own keys (Alt+1..6
 * for the tabs, Alt+S to start or stop, Alt+L to log by hand) which never fire while typing in a field, Escape and
 * Cancel in the week's day panel (focus goes back where it came from), and Settings listing the keys, with the
 * global shortcut in the OS's words and the desktop-only settings saying so in the browser.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/shared/time/week';
import { appTakesInput, expect, localToday, saveScreen, sharedAppPerFile } from './fixtures';

// Every test leaves the timer stopped and logs on its own days and jobs: one sandbox and one server for the file.
const test = sharedAppPerFile();
test.use({ viewport: { width: 420, height: 640 } });

const composer = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });
const picker = (page: Page) => composer(page).getByRole('combobox', { name: 'Job' });
const hours = (page: Page) => page.getByRole('textbox', { name: 'Hours', exact: true });
const running = (page: Page) => page.locator('.running-name');

async function discardTimer(page: Page) {
  if ((await running(page).count()) === 0) return;
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('button', { name: /^Discard \d/ }).click();
  await expect(running(page)).toHaveCount(0);
}

test('the job picker by keyboard: Enter and Tab choose the highlighted job, and start nothing', async ({ page, sandbox }) => {
  const mine = () => sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser).length;
  const before = mine();
  await expect(picker(page)).toBeFocused();

  // Hours empty, "support", Enter: the job is chosen, the list closes, no timer runs and the form keeps its job
  await page.keyboard.type('support');
  await expect(page.getByRole('option', { name: /Support Tickets/ }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(picker(page)).toHaveValue('Support Tickets');
  await expect(picker(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(picker(page)).toBeFocused();
  await expect(running(page)).toHaveCount(0);
  await expect(composer(page).getByRole('button', { name: /Start timer/ })).toBeEnabled();
  await expect(composer(page).getByText('Choose a job first.')).toHaveCount(0);
  // Enter again on the chosen job moves on to Hours (still nothing started)
  await page.keyboard.press('Enter');
  await expect(hours(page)).toBeFocused();
  await expect(running(page)).toHaveCount(0);

  // Tab from a highlighted suggestion: chosen (not the raw text), and focus goes on
  await picker(page).fill('');
  await picker(page).pressSequentially('front');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option', { name: /Frontend Development/ }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(picker(page)).toHaveValue('Frontend Development');
  await expect(picker(page)).not.toBeFocused();
  await expect(running(page)).toHaveCount(0);
  await expect(composer(page).getByText('Choose a job first.')).toHaveCount(0);
  await saveScreen(page, 'keys-picker-chosen');
  expect(mine()).toBe(before);

  // The separate key starts the timer: Ctrl+Enter from the job field
  await picker(page).focus();
  await page.keyboard.press('Control+Enter');
  await expect(running(page)).toHaveText('Frontend Development');
  await discardTimer(page);

  // With hours typed, Enter in the job field still only chooses; Ctrl+Enter on a suggestion chooses and logs
  await hours(page).fill('25m');
  await picker(page).fill('train');
  await page.keyboard.press('Enter');
  await expect(picker(page)).toHaveValue('Training');
  await expect(composer(page).getByRole('button', { name: 'Log 00:25' })).toBeEnabled();
  expect(mine()).toBe(before);
  await composer(page).getByLabel('Description').fill('keys: logged by Ctrl+Enter');
  await picker(page).focus();
  await page.keyboard.press('Control+Enter');
  await expect(composer(page).getByRole('status')).toContainText('Logged 00:25 on Training');
  // billed as the job is (Training is non-billable): the core decided, as for punch
  await expect
    .poll(() =>
      sandbox
        .state()
        .timeLogs.filter((l) => l.description === 'keys: logged by Ctrl+Enter')
        .map((l) => [l.minutes, l.billingStatus]),
    )
    .toEqual([[25, 'Non Billable']]);
  await expect(running(page)).toHaveCount(0);
});

test("the app's keys: Alt+1..6 for the tabs, Alt+S starts and stops, Alt+L goes to Hours; none fires while typing", async ({ page }) => {
  const tab = (name: string) => page.getByRole('tab', { name });
  await expect(picker(page)).toBeFocused(); // the window is ready
  await page.keyboard.press('Alt+2');
  await expect(tab('Week')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Week')).toBeFocused();
  // the sixth tab exists once the user's roles are known (Team and HR come with them): until then Alt+6 has no tab
  await expect(tab('HR')).toBeVisible();
  await page.keyboard.press('Alt+6');
  await expect(tab('Settings')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+1');
  await expect(tab('Track')).toHaveAttribute('aria-selected', 'true');

  // Alt+S with no job chosen: nothing starts; the job field is where to choose one
  await page.keyboard.press('Alt+2');
  await page.keyboard.press('Alt+S');
  await expect(tab('Track')).toHaveAttribute('aria-selected', 'true');
  await expect(picker(page)).toBeFocused();
  await expect(running(page)).toHaveCount(0);
  // typing into a field types: digits and letters are not taken for keys
  await page.keyboard.type('intern 1 s l');
  await expect(picker(page)).toHaveValue('intern 1 s l');
  await expect(tab('Track')).toHaveAttribute('aria-selected', 'true');
  await picker(page).fill('internal meet');
  await page.keyboard.press('Enter');
  await expect(picker(page)).toHaveValue('Internal Meetings');

  // Alt+S from another tab starts it with the job chosen on Track; Alt+S again (anywhere) stops it
  await page.keyboard.press('Alt+3');
  await expect(tab('Outbox')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+S');
  await expect(tab('Track')).toHaveAttribute('aria-selected', 'true');
  await expect(running(page)).toHaveText('Internal Meetings');
  await page.keyboard.press('Alt+2');
  await expect(page.getByTestId('timer-bar')).toBeVisible();
  await page.keyboard.press('Alt+S');
  await expect(page.getByTestId('timer-bar')).toHaveCount(0);
  await page.keyboard.press('Alt+1');
  await expect(running(page)).toHaveCount(0);

  // Alt+L: to Track's Hours (a job is chosen there), from any tab
  await page.keyboard.press('Alt+2');
  await page.keyboard.press('Alt+L');
  await expect(tab('Track')).toHaveAttribute('aria-selected', 'true');
  await expect(hours(page)).toBeFocused();
});

test("Escape closes the week's open day, one thing at a time, and Cancel puts focus back on Edit", async ({ page, sandbox }) => {
  await page.getByRole('tab', { name: 'Week' }).click();
  // a cell of the seeded week with a log in it
  const log =
    sandbox
      .state()
      .timeLogs.find((l) => l.user === sandbox.demoUser && l.workDate < localToday() && l.workDate >= addDays(localToday(), -2)) ??
    sandbox.state().timeLogs.find((l) => l.user === sandbox.demoUser && l.workDate < localToday())!;
  const jobName = sandbox.state().jobs.find((j) => j.jobId === log.jobId)!.jobName;
  const cell = page.getByTestId(`cell-${jobName}-${log.workDate}`);
  await expect(cell).not.toHaveText('\u00B7');
  await cell.focus();
  await page.keyboard.press('Enter');
  const detail = page.locator('.cell-detail');
  await expect(detail).toBeVisible();

  // Edit, then Cancel: the form goes and focus is on this log's Edit button, not lost on the page
  const edit = detail.getByRole('button', { name: /^Edit / }).first();
  await edit.click();
  await expect(detail.getByRole('form', { name: /^Edit / })).toBeVisible();
  await detail.getByRole('button', { name: 'Cancel' }).click();
  await expect(detail.getByRole('form', { name: /^Edit / })).toHaveCount(0);
  await expect(edit).toBeFocused();

  // Edit, then Escape: the same; a second Escape closes the day, and focus is back on its cell
  await edit.click();
  await expect(detail.getByRole('form', { name: /^Edit / })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(detail.getByRole('form', { name: /^Edit / })).toHaveCount(0);
  await expect(detail).toBeVisible();
  await expect(edit).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(cell).toBeFocused();
});

test("Settings lists the keys; the global shortcut reads in the OS's words and is set by pressing it; browser-only notes", async ({
  page,
}) => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  const keys = page.getByRole('region', { name: 'Keyboard' });
  for (const k of ['Alt+S', 'Alt+L', 'Ctrl+Enter', 'Alt+1 \u2026 Alt+6', 'Esc'])
    await expect(keys.locator('kbd', { hasText: k }).first()).toBeVisible();

  const field = page.getByRole('button', { name: /Start\/stop from anywhere/ });
  await expect(field).toHaveText('Ctrl+Alt+P');
  await expect(page.getByText('CommandOrControl')).toHaveCount(0);
  // three settings only the desktop app can act on say so here
  await expect(page.getByText('Desktop app only: in the browser this setting is kept but does nothing.')).toHaveCount(3);
  await saveScreen(page, 'keys-settings');

  // set by pressing it; a key without Ctrl or Alt is refused with why
  await field.click();
  await expect(field).toHaveText('Press the keys...');
  await page.keyboard.press('k');
  await expect(page.getByText('Hold Ctrl or Alt with the key')).toBeVisible();
  await page.keyboard.press('Control+Shift+K');
  await expect(field).toHaveText('Ctrl+Shift+K');
  await page.reload();
  await appTakesInput(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: /Start\/stop from anywhere/ })).toHaveText('Ctrl+Shift+K');
});
