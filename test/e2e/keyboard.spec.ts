/**
 * The main flow with the keyboard only (Tab / Shift+Tab, arrows, Enter, Space; no mouse): set rounding, start a
 * timer on a job chosen by typing, stop it, open the day in the week, move to the outbox. Every element focus
 * lands on must show it (an outline or a box-shadow), or a keyboard user is lost.
 */
import type { Locator, Page } from '@playwright/test';
import type { TimerView } from '../../src/shared/domain';
import { expect, localToday, saveScreen, test } from './fixtures';
import { rpc } from './page-rpc';

const JOB = 'Training';

/** What has focus, and whether it shows a ring (outline or box-shadow) by its computed style. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { onBody: true, ring: false, what: 'body' };
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    const shadow = s.boxShadow !== 'none' && s.boxShadow !== '';
    const what = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    return { onBody: false, ring: outline || shadow, what };
  });
}

async function expectFocusVisible(page: Page): Promise<void> {
  const f = await focused(page);
  expect(f.onBody, 'focus is on an element, not lost on the page body').toBe(false);
  expect(f.ring, `focus ring on ${f.what}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the ring at every stop on the way. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i <= max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
  }
  throw new Error(`Focus did not reach the target within ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}.`);
}

test('the main flow works with the keyboard alone, and focus is always visible', async ({ page, sandbox }) => {
  const today = localToday();
  const tab = (name: string | RegExp) => page.getByRole('tab', { name });

  // The picker has focus when the app opens.
  const picker = page.getByRole('combobox', { name: 'Job' });
  await expect(picker).toBeFocused();
  await expectFocusVisible(page);

  // To Settings: back to the tab list, then the arrow keys (tabs pattern: ArrowLeft from the first wraps to the last).
  await tabTo(page, tab('Track'), { back: true });
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Settings')).toBeFocused();
  await expect(tab('Settings')).toHaveAttribute('aria-selected', 'true');
  await expectFocusVisible(page);

  // Round up to the minute: a few seconds of timer then log 00:01.
  const round = page.getByRole('combobox', { name: /^Round/ });
  await tabTo(page, round);
  await page.keyboard.press('ArrowDown');
  await expect(round).toHaveValue('up');
  await expect(page.locator('.example')).toContainText('(up to the minute)');

  // Back to Track; choose the job by typing and Enter (which only chooses), then Ctrl+Enter starts the timer.
  await tabTo(page, tab('Settings'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(tab('Track')).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, picker);
  await page.keyboard.type('train');
  await expect(page.getByRole('option', { name: new RegExp(JOB) })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue(JOB);
  await expect(page.locator('.running-name')).toHaveCount(0);
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.running-name')).toHaveText(JOB);

  // Focus moves to Stop; Space presses it once the minute is due.
  const stop = page.getByRole('button', { name: 'Stop' });
  await expect(stop).toBeFocused();
  await expectFocusVisible(page);
  await expect(page.getByTestId('timer-rounded')).toContainText('00:01 will be logged');
  await saveScreen(page, 'keyboard-timer-running');
  await page.keyboard.press('Space');
  await expect(page.locator('.stop-notice')).toContainText(/Logged 00:01/);
  // Logged once, with the job's own billing status (Training is non-billable), decided by the core.
  const training = sandbox.state().jobs.find((j) => j.jobName === JOB)!;
  expect(training.jobBillableStatus).toBe('Non Billable');
  const logged = () =>
    sandbox.state().timeLogs.filter((l) => l.workDate === today && l.user === sandbox.demoUser && l.jobId === training.jobId);
  await expect.poll(() => logged().length).toBe(1);
  expect(logged()[0]).toMatchObject({ minutes: 1, billingStatus: 'Non Billable' });

  // To the Week tab, then Tab to today's cell for the job and open it with Enter.
  await tabTo(page, tab('Track'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(tab('Week')).toHaveAttribute('aria-selected', 'true');
  const cell = page.getByTestId(`cell-${JOB}-${today}`);
  await expect(cell).toHaveText('00:01');
  // The grid is one Tab stop (today's cell of the first job); the arrow keys move to the job's row.
  await tabTo(page, page.locator('.week-grid [data-cell][tabindex="0"]'));
  for (let i = 0; i < 10 && !(await cell.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('ArrowDown');
    await expectFocusVisible(page);
  }
  await expect(cell).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell).toHaveAttribute('aria-pressed', 'true');
  const detail = page.locator('.cell-detail');
  await expect(detail).toContainText('00:01');
  await expect(detail.getByRole('heading')).toContainText(JOB);
  await saveScreen(page, 'keyboard-week-cell');

  // Into the open day: its buttons are reachable too.
  await tabTo(page, detail.getByRole('button', { name: `Edit 00:01 on ${JOB}` }));

  // To the Outbox: the entry reached the service.
  await tabTo(page, tab('Week'), { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(tab(/^Outbox/)).toHaveAttribute('aria-selected', 'true');
  await expectFocusVisible(page);
  await expect(page.getByText('Everything you logged has reached the service.').first()).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Sync now' }));
  await saveScreen(page, 'keyboard-outbox');
});

test('with no job chosen, Tab reaches the greyed Log button, which says it cannot log and why, and Enter on it sends nothing', async ({
  page,
  sandbox,
}) => {
  const form = page.getByRole('form', { name: 'Log or time your work' });
  const hours = form.getByRole('textbox', { name: 'Hours', exact: true });
  await hours.fill('1:30');
  await hours.focus();
  const log = form.getByRole('button', { name: 'Log 01:30' });
  // reached by Tab like any button (a disabled one was skipped: the reason was never heard), its ring shown
  await tabTo(page, log);
  await expect(log).toHaveAttribute('aria-disabled', 'true');
  await expect(log).toHaveAccessibleDescription('Choose a job first.');
  await saveScreen(page, 'keyboard-log-without-job-420');
  const requests = sandbox.requests().length;
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  // nothing logged, nothing said but the reason, and the focus where it was
  await expect(log).toBeFocused();
  await expect(form.getByRole('status')).toHaveCount(0);
  await expect(hours).toHaveValue('1:30');
  expect(
    sandbox
      .requests()
      .slice(requests)
      .filter((r) => r.path.endsWith('/addtimelog')),
  ).toEqual([]);
  // with no hours it is the timer's button, the same: reached, and why it cannot start said
  await hours.fill('');
  const start = form.getByRole('button', { name: /Start timer/ });
  await hours.focus();
  await tabTo(page, start);
  await expect(start).toHaveAttribute('aria-disabled', 'true');
  await expect(start).toHaveAccessibleDescription('Choose a job first.');
  await page.keyboard.press('Enter');
  expect((await rpc<TimerView>(page, 'getTimer', {})).running).toBe(false);
  await expect(start).toBeFocused();
});
