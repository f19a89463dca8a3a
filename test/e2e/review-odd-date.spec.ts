/**
 * A manager's review of a timesheet one of whose logs came with a date in no form Punchcard reads (the sandbox's
 * odd-date fault writes "31-Foo-2026" on the first log of every timesheet's details): the week is shown, not refused
 * whole; the other logs are there, the odd one last with its date as it came and a plain sentence, the totals'
 * note says the total counts it but no day does; and the timesheet can still be approved (the decision is on the
 * timesheet). In web mode and real Chromium at 420 x 640, in English and in Arabic (right to left). The Week too, when
 * the list of the user's logs holds such a log.
 */
import type { Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
import { expect, saveScreen, test } from './fixtures';

const ODD = '31-Foo-2026';

function pendingSheetOf(sandbox: Sandbox, handle: string) {
  const user = `${handle}@demo.punchcard.test`;
  const sheet = sandbox
    .state()
    .timesheets.filter((t) => t.user === user && t.status === 'pending')
    .sort((a, b) => b.fromDate.localeCompare(a.fromDate))[0];
  expect(sheet, `${handle} has a pending timesheet in the seeded company`).toBeTruthy();
  return sheet;
}

/** Opens the review of Liam Chen's newest pending timesheet from the Team tab (by structure: any language). */
async function openLiam(page: Page, sandbox: Sandbox) {
  const sheet = pendingSheetOf(sandbox, 'liam.chen');
  const logs = sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
  expect(logs.length).toBeGreaterThan(1);
  await page.locator('#tab-team').click();
  const row = page.locator('.sheet-item').filter({ hasText: 'Liam Chen' }).first();
  await row.getByRole('button').click();
  await expect(page.locator('.decision-bar')).toBeVisible();
  return { sheet, logs };
}

for (const { lang, locale, sentence, note } of [
  {
    lang: 'en',
    locale: 'en-GB',
    sentence: `The service sent a date Punchcard cannot read: \u2068${ODD}\u2069`,
    note: 'One log (',
  },
  {
    lang: 'ar',
    locale: 'ar-EG',
    sentence: `أرسلت الخدمة تاريخًا لا يستطيع Punchcard قراءته: \u2068${ODD}\u2069`,
    note: 'لسجل واحد (',
  },
] as const) {
  test.describe(lang, () => {
    test.use({ locale });
    test(`a review with a log the service dated oddly is shown and decided (${lang})`, async ({ page, sandbox }) => {
      sandbox.fault({ kind: 'odd-date', workDate: ODD, match: 'gettimesheetdetails' });
      const { sheet, logs } = await openLiam(page, sandbox);
      // every log is a row, the odd one last, its date as it came in a plain sentence
      const rows = page.locator('table tbody tr');
      await expect(rows).toHaveCount(logs.length);
      await expect(rows.last().getByTestId('odd-date')).toHaveText(sentence);
      await expect(page.getByTestId('odd-date')).toHaveCount(1);
      // the totals say the hours on no day
      const undatedNote = page.getByTestId('undated-note');
      await expect(undatedNote).toContainText(note);
      await saveScreen(page, `review-odd-date-${lang}-420`);
      await rows.last().scrollIntoViewIfNeeded();
      await saveScreen(page, `review-odd-date-row-${lang}-420`);
      // still decidable: the odd log has its box too, and the timesheet is approved
      await expect(page.getByRole('checkbox').filter({ visible: true })).toHaveCount(logs.length + 1); // + all levels
      await page.locator('.decision-bar .btn-primary').click();
      await expect.poll(() => sandbox.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)?.status).not.toBe('pending');
      await expect(page.locator('.decision-bar[tabindex="-1"]')).toBeVisible();
      await saveScreen(page, `review-odd-date-decided-${lang}-420`);
    });
  });
}

test('the Week with a log the service dated oddly: shown above the grid, its date as it came, out of the totals', async ({
  page,
  sandbox,
}) => {
  sandbox.fault({ kind: 'odd-date', workDate: ODD, match: 'gettimelogs' });
  await page.locator('#tab-week').click();
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  // two weeks back: a week not read yet (the one shown was read before the fault), and not rejected (only the list)
  for (let i = 0; i < 2; i++) await page.getByRole('button', { name: 'Previous week' }).click();
  const note = page.getByTestId('undated-logs');
  await expect(note).toContainText('came from the service with a date Punchcard cannot read: the days and totals leave it out.');
  await expect(note.locator('li')).toHaveCount(1);
  await expect(note.locator('li')).toContainText(`date as sent: \u2068${ODD}\u2069`);
  await expect(page.getByTestId('timesheet-state')).toBeVisible();
  await saveScreen(page, 'week-odd-date-en-420');
});
