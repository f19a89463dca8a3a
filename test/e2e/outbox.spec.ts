/**
 * The outbox as a user meets it after a refusal: an hour logged offline on a company holiday
 * waits, then the service refuses it; the outbox shows it under "Needs attention" (newest first, grouped), the header's
 * pill and the outbox's heading say the same count, the notice about it sits between the tabs and the screen without
 * covering either, and Fix opens on the date (the field the refusal concerns) saying there what is wrong. Fixed, the
 * entry reaches the service once. Screenshots: outbox-light, outbox-fix-light, outbox-dark.
 *
 * The entries are logged through the same bridge the screens use (POST /rpc/logTime with the page's session), so
 * this test does not depend on how the Track screen lays out its form.
 */
import type { Page } from '@playwright/test';
import { appDay, expect, localToday, saveScreen, test } from './fixtures';
import type { Sandbox } from '../../src/sandbox';
import { addDays } from '../../src/shared/time/week';
import { rpc } from './page-rpc';

test.use({ viewport: { width: 420, height: 640 } });

/**
 * The same operation for each input, from one script in the page, the calls under way together (the browser keeps
 * six at a time to the server): what `rpc` does N times, without N round trips of the test to the browser or N waits
 * one after another. 150 logs one by one took 12-40 s of the test's minute on a busy machine, together 5 s
 * (docs/benchmarks.md, "The suite's time, third pass"). Resolves once every call answered; throws on a refusal.
 */
async function rpcAll(page: Page, name: string, inputs: unknown[]): Promise<void> {
  await page.waitForFunction(() => sessionStorage.getItem('punchcard.runToken'));
  const refused = await page.evaluate(
    async ({ name, inputs }) => {
      const token = sessionStorage.getItem('punchcard.runToken') ?? '';
      const answers = await Promise.all(
        inputs.map(async (input) => {
          const r = await fetch(`/rpc/${name}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(input),
          });
          return (await r.json()) as { ok: boolean; error?: { message: string } };
        }),
      );
      const bad = answers.find((a) => !a.ok);
      return bad ? (bad.error?.message ?? 'refused') : null;
    },
    { name, inputs },
  );
  if (refused !== null) throw new Error(`${name}: ${refused}`);
}

/** A weekday some weeks back with nothing seeded: no log, no timesheet, no holiday (the fix moves the entry there). */
function quietDay(sandbox: Sandbox, today: string): string {
  const s = sandbox.state();
  for (let back = 50; back > 30; back--) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00`).getDay();
    if (weekday === 0 || weekday === 6) continue;
    if (s.holidays.some((h) => h.date === day) || s.timeLogs.some((l) => l.workDate === day && l.user === sandbox.demoUser)) continue;
    if (s.timesheets.some((t) => t.user === sandbox.demoUser && t.fromDate <= day && day <= t.toDate)) continue;
    return day;
  }
  throw new Error('no quiet day 30 to 50 days back');
}

/** The number a text starts its count with: "Offline · 1 waiting" -> waiting 1; "2 need attention" -> 2. */
const firstNumber = (text: string | null) => Number(/\d+/.exec(text ?? '')?.[0] ?? NaN);

async function chooseTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .locator('.seg-option')
    .filter({ hasText: theme === 'light' ? 'Light' : 'Dark' })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

test('a refused entry: needs attention, one count everywhere, a notice beside the screen, and Fix opens on the date', async ({
  page,
  sandbox,
}) => {
  const today = localToday();
  const holiday = sandbox
    .state()
    .holidays.map((h) => h.date)
    .find((d) => d < today && d >= addDays(today, -60))!;
  const [job] = await rpc<Array<{ jobId: string; jobName: string }>>(page, 'listJobs', {});
  await chooseTheme(page, 'light');
  await page.getByRole('tab', { name: /^Outbox/ }).click();

  // one hour sent at once (it shows under "Sent recently"), then one logged offline on a company holiday
  expect(
    (await rpc<{ state: string }>(page, 'logTime', { jobId: job.jobId, workDate: today, hours: '00:30', description: 'sent at once' }))
      .state,
  ).toBe('synced');
  await sandbox.setOffline(true);
  const offline = await rpc<{ state: string }>(page, 'logTime', {
    jobId: job.jobId,
    workDate: holiday,
    hours: '01:00',
    description: 'on the holiday',
  });
  expect(offline.state).toBe('queued');
  const pill = page.getByTestId('status');
  await expect(pill).toHaveText(/^\W*Offline · 1 waiting$/);
  await expect(page.getByTestId('outbox-group-waiting').getByTestId('outbox-entry')).toHaveCount(1);

  // where each tab is before the count joins the Outbox tab: a count must not push the tabs about under the pointer
  const tabBoxes = () => page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => JSON.stringify(t.getBoundingClientRect())));
  const tabsBefore = await tabBoxes();

  // back online: the service refuses the holiday
  await sandbox.setOffline(false);
  await page.getByRole('button', { name: 'Sync now' }).click();
  const attention = page.getByTestId('outbox-group-attention');
  await expect(attention.getByRole('heading')).toHaveText('Needs attention 1');
  const refused = attention.getByTestId('outbox-entry');
  await expect(refused).toContainText('that day is a weekend, a company holiday or a day of leave for you. Pick another day.');
  await expect(refused).toContainText('Needs attention');
  await expect(refused).not.toContainText(/Queued|8008|addtimelog|\d{4}-\d\d-\d\d/);

  // the Outbox tab carries the count now, and no tab moved for it (420 px: the strip is shared out between the tabs)
  await expect(page.getByRole('tab', { name: /^Outbox/ }).locator('.tab-dot')).toHaveText('1');
  expect(await tabBoxes()).toEqual(tabsBefore);

  // one count everywhere: the pill, the outbox's heading and its group say the same number
  await expect(pill).toHaveText(/^\W*1 needs attention$/);
  const heading = page.getByTestId('outbox-status');
  await expect(heading).toContainText('1 entry needs your attention in the outbox.');
  expect(firstNumber(await pill.textContent())).toBe(firstNumber(await heading.textContent()));
  expect(firstNumber(await attention.getByTestId('outbox-group-count').textContent())).toBe(firstNumber(await pill.textContent()));
  await expect(pill).toHaveAttribute('aria-label', /1 entry needs your attention in the outbox/);

  // the groups, in order: what needs the user first, what was sent last
  await expect(page.locator('.outbox-group-title')).toHaveText(['Needs attention 1', 'Sent recently 1']);

  // the notice about the refusal sits between the tabs and the screen: it covers neither
  const notice = page.getByTestId('notice').first();
  await expect(notice).toContainText('The service refused this');
  const [tabs, strip, screen] = await Promise.all([
    page.getByRole('tablist').boundingBox(),
    page.getByTestId('notices').boundingBox(),
    page.locator('main.screen').boundingBox(),
  ]);
  expect(tabs!.y + tabs!.height).toBeLessThanOrEqual(strip!.y + 0.5);
  expect(strip!.y + strip!.height).toBeLessThanOrEqual(screen!.y + 0.5);
  const noticeBox = (await notice.boundingBox())!;
  expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(screen!.y + 0.5);
  // nothing of the screen's content lies under it
  const heading1 = (await page.getByRole('heading', { name: 'Outbox', exact: true }).boundingBox())!;
  expect(heading1.y).toBeGreaterThanOrEqual(noticeBox.y + noticeBox.height);
  await saveScreen(page, 'outbox-light');

  // dismissed by keyboard: focus it, Escape
  await notice.getByRole('button', { name: 'Dismiss notice' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notice')).toHaveCount(0);

  // the same in the dark theme (then back to light for the rest)
  await chooseTheme(page, 'dark');
  await page.getByRole('tab', { name: /^Outbox/ }).click();
  await expect(page.locator('.outbox-group-title')).toHaveText(['Needs attention 1', 'Sent recently 1']);
  await saveScreen(page, 'outbox-dark');
  await chooseTheme(page, 'light');
  await page.getByRole('tab', { name: /^Outbox/ }).click();

  // Discard sits apart from the primary action (far left, quiet); Fix is the primary one, on the right
  const actions = refused.locator('.outbox-actions');
  const [discardBox, fixBox] = await Promise.all([
    actions.getByRole('button', { name: 'Discard' }).boundingBox(),
    actions.getByRole('button', { name: 'Fix' }).boundingBox(),
  ]);
  expect(discardBox!.x).toBeLessThan(fixBox!.x);
  await expect(actions.getByRole('button', { name: 'Fix' })).toHaveClass(/btn-primary/);
  await expect(actions.getByRole('button', { name: 'Discard' })).not.toHaveClass(/btn-primary|btn-danger/);

  // Fix opens on the date, saying there what is wrong
  await actions.getByRole('button', { name: 'Fix' }).click();
  const form = page.getByRole('form', { name: 'Fix entry' });
  const date = form.getByLabel('Date');
  await expect(date).toBeFocused();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  const problem = form.getByTestId('fix-problem-workDate');
  await expect(problem).toContainText('a company holiday');
  await expect(date).toHaveAccessibleDescription(/a company holiday/);
  await saveScreen(page, 'outbox-fix-light');

  // another day: the message goes as soon as the date changes; saved, the entry reaches the service once
  const day = quietDay(sandbox, today);
  await date.fill(day);
  await expect(problem).toHaveCount(0);
  await expect(date).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Save fix' }).click();
  await expect(pill).toHaveText(/^\W*Online · all synced$/);
  await expect(page.getByTestId('outbox-group-attention')).toHaveCount(0);
  await expect(page.locator('.outbox-group-title')).toHaveText(['Sent recently 2']);
  const onService = sandbox.state().timeLogs.filter((l) => l.description === 'on the holiday');
  expect(onService.map((l) => l.workDate)).toEqual([day]);
  // the last "Sync now" report went with the change: nothing on screen still says something needs attention
  await expect(page.getByText(/needs attention/)).toHaveCount(0);
});

test('a second refusal goes on top: newest first within "Needs attention"', async ({ page, sandbox }) => {
  const today = localToday();
  const holidays = sandbox
    .state()
    .holidays.map((h) => h.date)
    .filter((d) => d < today && d >= addDays(today, -60))
    .sort();
  test.skip(holidays.length < 2, 'the seeded company has one recent holiday only');
  const [job] = await rpc<Array<{ jobId: string }>>(page, 'listJobs', {});
  await sandbox.setOffline(true);
  for (const [i, workDate] of holidays.entries()) {
    await rpc(page, 'logTime', { jobId: job.jobId, workDate, hours: '01:00', description: `holiday ${i + 1}` });
  }
  await sandbox.setOffline(false);
  await page.getByRole('tab', { name: /^Outbox/ }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  const attention = page.getByTestId('outbox-group-attention');
  await expect(attention.getByRole('heading')).toHaveText('Needs attention 2');
  await expect(page.getByTestId('status')).toHaveText(/^\W*2 need attention$/);
  // the later one (logged last) first. The heading's count comes with the change; the rows' entries come after it, once
  // the page has asked for the group's places (a row says "reading" until then, or still holds what was there before):
  // the rows are waited for until they say their days, not read once (read at once, a busy machine saw the old rows).
  // The order is what is checked here; the day as the app writes it in the suite's region (fixtures.ts appDay).
  const rows = attention.getByTestId('outbox-entry');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('aria-label', new RegExp(escapeRegExp(appDay(holidays[1]))));
  await expect(rows.nth(1)).toHaveAttribute('aria-label', new RegExp(escapeRegExp(appDay(holidays[0]))));
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a long list waiting is a window of rows that still says its size, and End reaches its last entry', async ({ page, sandbox }) => {
  // a ceiling for a hang, not a speed limit: a web server, 150 logs and a long list, each step waited for by its event;
  // under two busy loops at load 16-18 the test took 27-55 s (one run of five passed the 60 s before rpcAll)
  test.slow();
  const N = 150; // over the window's threshold (WINDOW_FROM, 60): what a day or two offline with a timer makes
  const today = localToday();
  const [job] = await rpc<Array<{ jobId: string }>>(page, 'listJobs', {});
  await sandbox.setOffline(true);
  const logs = Array.from({ length: N }, (_, i) => ({
    jobId: job.jobId,
    workDate: today,
    hours: '00:01',
    description: `waiting ${i + 1}`,
  }));
  await rpcAll(page, 'logTime', logs);
  await page.getByRole('tab', { name: /^Outbox/ }).click();
  const waiting = page.getByTestId('outbox-group-waiting');
  await expect(waiting.getByTestId('outbox-group-count')).toHaveText(String(N));
  await expect(page.getByTestId('status')).toHaveText(new RegExp(`^\\W*Offline · ${N} waiting$`));

  // only the rows in view and a margin are in the page, each saying its place in the whole list
  const rows = waiting.getByTestId('outbox-entry');
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(N));
  await expect(rows.first()).toHaveAttribute('aria-posinset', '1');
  const inPage = await rows.count();
  expect(inPage).toBeGreaterThan(3);
  expect(inPage).toBeLessThan(40);
  await saveScreen(page, 'outbox-long-420');

  // the keyboard walks the whole list: Down to the next row, End to the last (brought into the window), Home back
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', '2');
  await page.keyboard.press('End');
  await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', String(N));
  // the window moved with it: the first rows left the page
  expect(Number(await rows.first().getAttribute('aria-posinset'))).toBeGreaterThan(N - 40);
  expect(await rows.count()).toBeLessThan(40);
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', '1');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(rows.first()).toHaveAttribute('aria-posinset', '1');
  expect(await rows.count()).toBeLessThan(40);
  await saveScreen(page, 'outbox-long-1280');
});
