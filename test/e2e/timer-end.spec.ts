/**
 * The timer's time asked about in the app before anything doubtful is logged (issue 23), in real Chromium against
 * `npm run web`, whose clock the test moves (test/e2e/web-app.ts: a day passing, a sleep, a clock set back):
 * a timer forgotten overnight, a start of another job over it, a sleep the web server notices by itself, a clock set
 * back, a damaged outbox record offered again, and the day offered for a start on a locked week. Every new choice is
 * a button reached by the keyboard; each screen is saved at 420 and 1280 px (test-results/screens/).
 * @inner src/core/journal/format.ts
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { encodeRecord } from '../../src/core/journal/format';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { appDay, expect, localToday, saveScreensAtBothSizes, test, WATCH_CLOCK_EVERY_SECOND } from './fixtures';

const HOUR = 3_600_000;

const form = (page: Page) => page.getByRole('form', { name: 'Log or time your work' });

async function startOn(page: Page, typed: string, job: RegExp, description: string): Promise<void> {
  await page.getByRole('tab', { name: 'Track' }).click();
  await form(page).getByRole('combobox', { name: 'Job' }).fill(typed);
  await page.getByRole('option', { name: job }).click();
  await form(page).getByLabel('Description').fill(description);
  await form(page).getByRole('button', { name: 'Start timer' }).click();
  await expect(page.locator('.running-name')).toBeVisible();
}

/**
 * When the server says the timer started ("since Wed 18 Nov 10:02", "(10:02)"), in minutes of the day: the suite's
 * clock runs on from 10:00 while the earlier tests run, so a timer starts a few minutes after.
 */
async function startedMinute(page: Page, dialog: import('@playwright/test').Locator, pattern: RegExp): Promise<number> {
  const text = (await dialog.textContent()) ?? '';
  const m = pattern.exec(text);
  expect(m, text).not.toBeNull();
  // A 12-hour region (the browser's en-US) words the core's moments "Wed, Nov 18 10:02 AM"
  const hour = (Number(m![1]) % 12) + (m![3] === 'PM' ? 12 : m![3] === 'AM' ? 0 : Number(m![1]) >= 12 ? 12 : 0);
  return hour * 60 + Number(m![2]);
}
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** `minutes` as HH:MM, or the minute before: the start's seconds (not shown) round the last minute either way. */
const about = (minutes: number) => `(${hhmm(minutes)}|${hhmm(minutes - 1)})`;

const minutesOf = (sandbox: { state(): { timeLogs: Array<{ description: string; minutes: number }> } }, description: string) =>
  sandbox
    .state()
    .timeLogs.filter((l) => l.description === description)
    .map((l) => l.minutes);

test('a timer forgotten overnight is asked about at Stop, and "Stop at that time" logs until the end of the day', async ({
  page,
  sandbox,
  web,
}) => {
  const today = localToday();
  await startOn(page, 'migra', /Data Migration Scripts/, 'E2E forgotten');
  await web.skipClock(24 * HOUR);
  await page.clock.fastForward(24 * HOUR);
  await page.getByRole('button', { name: 'Stop' }).click();

  const dialog = page.getByRole('dialog', { name: 'The timer ran long' });
  await expect(dialog.getByTestId('timer-end-question')).toContainText(
    new RegExp(`The timer on Data Migration Scripts has run since ${appDay(today)} 10:\\d\\d AM`),
  );
  const start = await startedMinute(page, dialog, /has run since \w+, \w+ \d+ (\d{1,2}):(\d\d) (AM|PM)/);
  // the end of day on the region's clock, as the start beside it (it said "10:00 AM ... (18:00)")
  await expect(dialog).toContainText('past your end of day (6:00 PM), over midnight, and longer than the company allows in a day');
  await expect(dialog.getByLabel('at')).toHaveValue('18:00');
  await saveScreensAtBothSizes(page, 'timer-end-forgotten');
  expect(minutesOf(sandbox, 'E2E forgotten')).toEqual([]);

  // the keyboard reaches every answer; Enter in the time field is "Stop at that time"
  await dialog.getByLabel('at').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // (the page measured the run from the start it showed, a second or so after the server's)
  await expect(page.locator('.stop-notice')).toContainText(
    new RegExp(`Logged ${about(18 * 60 - start)} on Data Migration Scripts, ${appDay(today)}( \\(timer ran [^)]*\\))?\\. Synced\\.`),
  );
  expect([[18 * 60 - start], [18 * 60 - start - 1]]).toContainEqual(minutesOf(sandbox, 'E2E forgotten'));
});

test('starting another job over a timer that ran long asks first, then starts it, and says what became of the old one', async ({
  page,
  sandbox,
  web,
}) => {
  const today = localToday();
  await startOn(page, 'migra', /Data Migration Scripts/, 'E2E left running');
  await web.skipClock(24 * HOUR);
  await page.clock.fastForward(24 * HOUR);
  await form(page).getByRole('combobox', { name: 'Job' }).fill('support');
  await page.getByRole('option', { name: /Support Tickets/ }).click();
  await form(page).getByRole('button', { name: 'Switch timer' }).click();

  const dialog = page.getByRole('dialog', { name: 'Before the next job starts' });
  await expect(dialog).toContainText('Support Tickets was not started.');
  const start = await startedMinute(page, dialog, /has run since \w+,? (?:\d+ \w+|\w+ \d+),? (\d{1,2}):(\d\d)(?: (AM|PM))?/);
  await saveScreensAtBothSizes(page, 'timer-end-switch');
  expect(minutesOf(sandbox, 'E2E left running')).toEqual([]);

  await expect(dialog).toContainText('After Log all, Stop at that time or Discard, Support Tickets starts.');
  await dialog.getByRole('button', { name: 'Stop at that time' }).click();
  await expect(page.locator('.running-name')).toHaveText('Support Tickets');
  await expect(page.locator('.stop-notice')).toContainText(
    new RegExp(`Stopped Data Migration Scripts: ${about(18 * 60 - start)} logged on ${appDay(today)}\\.`),
  );
  await saveScreensAtBothSizes(page, 'timer-switched');
  expect([[18 * 60 - start], [18 * 60 - start - 1]]).toContainEqual(minutesOf(sandbox, 'E2E left running'));
});

test.describe('with the server looking at its clock every second', () => {
  // the server notices the sleep by itself, on its clock watch's next look (15 s in the app): a second here
  test.use({ webEnv: WATCH_CLOCK_EVERY_SECOND });

  test('a sleep the web server notices by itself is asked as time away, from when to when', async ({ page, sandbox, web }) => {
    test.setTimeout(90_000);
    await startOn(page, 'migra', /Data Migration Scripts/, 'E2E slept');
    // the computer sleeps three hours: the wall clock moves on, the monotonic one does not (the server's watch: every second here)
    await web.moveWallClock(3 * HOUR);
    await page.clock.fastForward(3 * HOUR);
    const dialog = page.getByRole('dialog', { name: 'Keep the time you were away?' });
    await expect(dialog).toBeVisible({ timeout: 40_000 });
    // the times on the suite's region's clock (en-US: 12 hours)
    await expect(dialog.getByTestId('idle-question')).toContainText(
      /The computer was asleep from 1\d:\d\d AM to \d{1,2}:\d\d PM \(03:00 h\)/,
    );
    // asleep from when the watch last saw the server awake, a few seconds after the start (a morning: AM)
    const away = await startedMinute(page, dialog, /asleep from (\d{1,2}):(\d\d) AM to/);
    await saveScreensAtBothSizes(page, 'timer-away-asleep');

    await dialog.getByLabel('at').fill(hhmm(away + 45));
    await dialog.getByRole('button', { name: 'Stop at that time' }).click();
    await expect(dialog).toBeHidden();
    // 45 minutes after the start of the time away, give or take the seconds of the start (not shown)
    await expect.poll(() => JSON.stringify(minutesOf(sandbox, 'E2E slept'))).toMatch(/^\[4[456]\]$/);
    await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
  });
});

test('a clock set back under a running timer keeps it, says so, and logs the end the user gives', async ({ page, sandbox, web }) => {
  await startOn(page, 'migra', /Data Migration Scripts/, 'E2E set back');
  await web.skipClock(20 * 60_000);
  await web.moveWallClock(-HOUR);
  await page.getByRole('button', { name: 'Stop' }).click();
  const dialog = page.getByRole('dialog', { name: 'The computer\u2019s clock moved back' });
  await expect(dialog).toContainText(/The computer's clock reads 9:\d\d AM, earlier than the start of the timer/);
  const start = await startedMinute(page, dialog, /start of the timer on [^(]+\((\d{1,2}):(\d\d) (AM|PM)\)/);
  await expect(dialog.getByRole('button', { name: /^Log all/ })).toHaveCount(0);
  await saveScreensAtBothSizes(page, 'timer-end-clock-moved');

  await dialog.getByLabel('at').fill(hhmm(start + 20));
  await dialog.getByRole('button', { name: 'Stop at that time' }).click();
  await expect(page.locator('.stop-notice')).toContainText(new RegExp(`Logged ${about(20)} on Data Migration Scripts`));
  expect([[20], [19]]).toContainEqual(minutesOf(sandbox, 'E2E set back'));
});

test('a log whose outbox record was damaged in place is shown in the banner and logged again in one click', async ({
  page,
  sandbox,
  web,
}) => {
  const day = addDays(localToday(), -1);
  // something logged first: the outbox journal exists
  await form(page).getByRole('combobox', { name: 'Job' }).fill('migra');
  await page.getByRole('option', { name: /Data Migration Scripts/ }).click();
  await form(page).getByLabel('Hours').fill('0:10');
  await form(page)
    .getByRole('button', { name: /^Log \d/ })
    .click();
  await expect(form(page).getByRole('status')).toContainText('Synced');

  // a queued log's record, written whole, then one byte of it changed on disk: the same length, its newline kept
  const job = sandbox.state().jobs.find((j) => j.jobName === 'Data Migration Scripts')!;
  const fields = {
    workDate: day,
    hours: '01:15',
    jobId: job.jobId,
    jobName: job.jobName,
    billingStatus: 'Billable' as const,
    description: 'E2E damaged',
  };
  const at = Date.now();
  const line = Buffer.from(
    encodeRecord({
      t: 'change',
      rows: { 'L-e2e-damaged': { ...fields, localId: 'L-e2e-damaged', createdAt: at, updatedAt: at } },
      ops: [
        {
          id: 'op-000900',
          kind: 'add',
          localId: 'L-e2e-damaged',
          state: 'queued',
          resolutions: [],
          attempts: [],
          add: fields,
          maybeSent: false,
          createdAt: at,
          updatedAt: at,
        },
      ],
      seq: 900,
    }),
  );
  line[line.indexOf('E2E damaged') + 4] = 'f'.charCodeAt(0); // "E2E damaged" -> "E2E famaged"
  appendFileSync(join(web.dataDir, 'outbox.journal'), line);

  const offer = page.getByTestId('damage-offer');
  await expect(offer).toContainText(`01:15 on ${appDay(day)}, Data Migration Scripts ("E2E famaged")`, { timeout: 15_000 });
  await expect(page.getByTestId('damage-report')).toContainText('Its last record could not be read (it does not match its checksum)');
  await saveScreensAtBothSizes(page, 'outbox-damage-offer');
  expect(minutesOf(sandbox, 'E2E famaged')).toEqual([]);

  await offer.getByRole('button', { name: 'Log it again' }).click();
  await expect(page.getByTestId('data-banner')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Logged again' })).toContainText(
    `01:15 on ${appDay(day)}, Data Migration Scripts`,
  );
  await expect.poll(() => minutesOf(sandbox, 'E2E famaged')).toEqual([75]);
});

test('the day offered for a start on a locked week is checked first: Today in that week is not offered', async ({ page, sandbox, web }) => {
  const monday = weekStartOf(localToday());
  const draft = sandbox.state().timesheets.find((t) => t.user === sandbox.demoUser && t.fromDate === monday)!;
  await fetch(`${sandbox.url}/api/timetracker/modifytimesheet`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.demoToken}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ timesheetId: draft.timesheetId, sendforApproval: 'true' }),
  });
  // a minute later: the week the app read at the start is read again before the start is checked
  await web.skipClock(61_000);
  await page.clock.fastForward(61_000);
  await form(page).getByRole('combobox', { name: 'Job' }).fill('migra');
  await page.getByRole('option', { name: /Data Migration Scripts/ }).click();
  await form(page).getByRole('button', { name: 'Start timer' }).click();

  const dialog = page.getByRole('dialog', { name: 'This week cannot take new time' });
  await expect(dialog.getByRole('button', { name: /^Start, log the time to / })).toBeVisible();
  await dialog.getByRole('button', { name: 'Today' }).click();
  await expect(dialog.getByRole('button', { name: 'Pick an open day to start' })).toBeDisabled();
  await expect(dialog).toContainText(`the week of`);
  await saveScreensAtBothSizes(page, 'timer-locked-week-today');
  await expect(dialog.getByRole('button', { name: /Start, log the time to/ })).toHaveCount(0);
});

test("the end of the working day and the zone of the timer's days are set in Settings, and the question follows them", async ({
  page,
  web,
}) => {
  await page.getByRole('tab', { name: 'Settings' }).click();
  const end = page.getByLabel('End of my working day');
  await end.fill('17:30');
  await end.blur();
  await page.getByRole('combobox', { name: 'Count my days in' }).selectOption('Europe/Berlin');
  await expect(page.getByRole('combobox', { name: 'Count my days in' })).toHaveValue('Europe/Berlin');
  await saveScreensAtBothSizes(page, 'settings-workday');
  await page.getByRole('combobox', { name: 'Count my days in' }).selectOption('system');

  await startOn(page, 'migra', /Data Migration Scripts/, 'E2E end of day');
  await web.skipClock(8 * HOUR);
  await page.clock.fastForward(8 * HOUR);
  await page.getByRole('button', { name: 'Stop' }).click();
  const dialog = page.getByRole('dialog', { name: 'The timer ran long' });
  await expect(dialog).toContainText('past your end of day (5:30 PM)');
  await expect(dialog.getByLabel('at')).toHaveValue('17:30');
  await dialog.getByRole('button', { name: 'Keep running' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
});
