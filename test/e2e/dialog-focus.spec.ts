/**
 * Where the focus goes, with the keyboard alone, when what a keyboard user was on goes away.
 *
 * - A dialog gives the focus back to the element that opened it (Escape), but not to one that is gone: "Delete log..."
 *   on Track asks first, and the log's row, the button with it, goes once the core has answered, a moment after the
 *   dialog closed. The focus then goes to the screen shown (its first field, the job), not to nothing (the page's
 *   body) (src/renderer/src/components/focus-return.ts).
 * - The tray asking for a screen (the shell's `navigate` push) gives that screen's tab the focus, as its key
 *   (Alt+1..6) does, also when the screen's code is still on its way: the field left on Track, hidden beside
 *   "Opening...", does not keep it, nor does the page's body once Track goes (App.tsx).
 */
import type { Browser, Locator, Page, Route } from '@playwright/test';
import { expect, openApp, sharedAppPerFile, useTestClock } from './fixtures';

// One server for the file: the first test adds and deletes its own log; the second reads the screens only.
const test = sharedAppPerFile();

/** Presses Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i <= max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`The focus did not reach the target within ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}.`);
}

/** What has the focus, said plainly for a failure's message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page body';
    const label =
      el.getAttribute('aria-label') ?? (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()} "${label.trim().slice(0, 50)}"`;
  });

test('a log deleted from Track with the keyboard: Escape gives the focus back to Delete log..., the deletion to the job field', async ({
  page,
  sandbox,
}) => {
  const job = page.getByRole('combobox', { name: 'Job' });
  await expect(job).toBeFocused();
  const ofMinutes = (minutes: number) =>
    sandbox.state().timeLogs.filter((l) => l.user === sandbox.demoUser && l.minutes === minutes).length;
  const before = ofMinutes(35);
  // a log of its own, made with the keys: the job chosen by typing and Enter, the hours, Enter
  await page.keyboard.type('train');
  await expect(page.getByRole('option', { name: /Training/ }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(job).toHaveValue('Training');
  const hours = page.locator('form.composer input[id$="-hours"]');
  await tabTo(page, hours);
  await page.keyboard.type('0:35');
  await page.keyboard.press('Enter');
  const edit = page.getByRole('button', { name: 'Edit 00:35 on Training' });
  await expect(edit).toBeVisible();
  await expect.poll(() => ofMinutes(35)).toBe(before + 1);

  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const deleteLog = page.getByRole('button', { name: 'Delete log...' });
  await tabTo(page, deleteLog);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete this log?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  // kept: back where it came from, which is still there
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deleteLog).toBeFocused();

  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Delete 00:35' }));
  await page.keyboard.press('Enter');
  await expect(edit).toHaveCount(0);
  await expect(deleteLog).toHaveCount(0);
  await expect.poll(() => focused(page), 'the focus once the log is gone').toBe('input "Job"');
  await expect(job).toBeFocused();
  await expect.poll(() => ofMinutes(35)).toBe(before);
});

/** The `navigate` push as the shell sends it (src/main/electron/window.ts `showScreen`), on the page's event stream. */
function keepEventStreams() {
  const Real = window.EventSource;
  const sources: EventSource[] = [];
  (window as unknown as { eventSources: EventSource[] }).eventSources = sources;
  window.EventSource = class extends Real {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      sources.push(this);
    }
  };
}
const navigate = (page: Page, screen: string) =>
  page.evaluate((to) => {
    const data = JSON.stringify({ event: 'navigate', payload: { screen: to } });
    for (const s of (window as unknown as { eventSources: EventSource[] }).eventSources)
      s.dispatchEvent(new MessageEvent('message', { data }));
  }, screen);

async function ownPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  return context.newPage();
}

test("the tray asks for Week while Week's code is on its way, then for Outbox: each one's tab has the focus", async ({
  browser,
  webUrl,
}) => {
  const page = await ownPage(browser);
  let releaseWeek = () => {};
  const weekHeld = new Promise<void>((r) => (releaseWeek = r));
  try {
    await useTestClock(page);
    await page.route(/\/assets\/WeekScreen-[\w-]+\.js$/, async (route: Route) => {
      await weekHeld;
      await route.continue();
    });
    await page.addInitScript(keepEventStreams);
    await openApp(page, webUrl);
    await expect(page.getByRole('tab', { name: 'HR' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Job' })).toBeFocused();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { eventSources: EventSource[] }).eventSources.length))
      .toBeGreaterThan(0);

    await navigate(page, 'week');
    await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Opening...')).toBeVisible();
    await expect.poll(() => focused(page), "the focus while Week's code loads").toBe('button "Week"');
    releaseWeek();
    await expect(page.getByRole('button', { name: 'Previous week' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Week' })).toBeFocused();

    // a screen whose code is in: its tab at once
    await navigate(page, 'outbox');
    await expect(page.getByRole('tab', { name: 'Outbox' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Outbox' })).toBeFocused();
    // and the tab takes the keys on from there (the tabs pattern)
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Week' })).toBeFocused();
  } finally {
    releaseWeek();
    await page.context().close();
  }
});
