/**
 * The core's words in the window, in the user's language (docs/i18n.md "The core says what happened"): a refusal by
 * the service shown at its outbox entry and in the notice strip, and a damaged file's report in the banner, worded
 * from the codes the core sent with their English. Under the pseudo-locale en-XA none of those texts has a plain
 * English word; in German and Arabic they read in that language (Arabic right to left). Only the core's texts are
 * checked here: the words the screens write themselves (the outbox's and the banner's labels) are their own.
 * Screenshots: test-results/screens/i18n-core-*.png at 420 px.
 * @inner src/core/journal/format.ts, src/sandbox/types.ts
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { encodeRecord } from '../../src/core/journal/format';
import { addDays } from '../../src/shared/time/week';
import type { Sandbox } from '../../src/sandbox/types';
import { expect, localToday, saveScreen, sharedAppPerFile } from './fixtures';
import { rpc } from './page-rpc';

const test = sharedAppPerFile();
test.use({ viewport: { width: 420, height: 640 } });

/** A company holiday in a week still open: the service refuses a log there (8008); no rule of Punchcard knows holidays. */
function openHoliday(sandbox: Sandbox): string {
  const state = sandbox.state();
  const today = localToday();
  const locked = (d: string) =>
    state.timesheets.some(
      (t) => t.user === sandbox.demoUser && (t.status === 'pending' || t.status === 'approved') && t.fromDate <= d && d <= t.toDate,
    );
  return state.holidays.map((h) => h.date).find((d) => d < today && d >= addDays(today, -60) && !locked(d))!;
}

/** One entry the service refused (logged once for the file: the tests share one app and its data). */
async function refusedEntry(page: Page, sandbox: Sandbox): Promise<void> {
  const entries = await rpc<Array<{ state: string }>>(page, 'getOutbox', {});
  if (entries.some((e) => e.state === 'needs-attention')) return;
  const [job] = await rpc<Array<{ jobId: string }>>(page, 'listJobs', {});
  const r = await rpc<{ state: string }>(page, 'logTime', {
    jobId: job.jobId,
    workDate: openHoliday(sandbox),
    hours: '01:00',
    billable: true,
  });
  expect(r.state).toBe('needs-attention');
}

/** Words of three plain letters or more outside the pseudo-locale's brackets (the product's name and data aside). */
function plainEnglish(text: string): string[] {
  let t = text;
  for (let before = ''; before !== t;) {
    before = t;
    t = t.replace(/\[[^[\]]*\]/g, ' ');
  }
  t = t.replace(/\bPunchcard\b|\S+@\S+|\/\S+/g, ' ');
  return t.match(/[A-Za-z]{3,}/g) ?? [];
}

async function openOutbox(page: Page) {
  await page.locator('#tab-outbox').click();
  await expect(page.getByTestId('outbox-entry').first()).toBeVisible();
}

/** The refused entry's words, as the outbox shows them under it. */
const refusal = (page: Page) => page.locator('[data-testid=outbox-entry].outbox-needs-attention .field-error').first();

test.describe('under the pseudo-locale en-XA', () => {
  test.use({ locale: 'en-XA' });

  test('a refusal, its notice and a damaged file’s report show no word outside the catalogs', async ({ page, sandbox, web }) => {
    await refusedEntry(page, sandbox);
    await openOutbox(page);
    const refused = (await refusal(page).textContent()) ?? '';
    expect(refused, 'the refusal is said at all').toMatch(/^\[/);
    expect(plainEnglish(refused), `plain English in "${refused}"`).toEqual([]);
    // the notice strip said it too (its own label is the strip's; its text is the core's)
    const notices = await page.locator('[data-testid=notice] .notice-text').allTextContents();
    for (const n of notices) expect(plainEnglish(n), `plain English in the notice "${n}"`).toEqual([]);

    // a record of the outbox journal changed on disk (one byte, the same length): kept aside and reported
    const at = Date.now();
    const fields = { workDate: addDays(localToday(), -2), hours: '00:45', jobName: 'Support Tickets', billingStatus: 'Billable' as const };
    const line = Buffer.from(
      encodeRecord({
        t: 'change',
        rows: { 'L-i18n-damaged': { ...fields, localId: 'L-i18n-damaged', createdAt: at, updatedAt: at } },
        ops: [
          {
            id: 'op-000800',
            kind: 'add',
            localId: 'L-i18n-damaged',
            state: 'queued',
            resolutions: [],
            attempts: [],
            add: fields,
            maybeSent: false,
            createdAt: at,
            updatedAt: at,
          },
        ],
        seq: 800,
      }),
    );
    line[line.indexOf('Support Tickets') + 1] = 'i'.charCodeAt(0);
    appendFileSync(join(web.dataDir, 'outbox.journal'), line);
    const report = page.getByTestId('damage-report').first();
    await expect(report).toBeVisible({ timeout: 15_000 });
    const [, reason, outcome] = await report.locator('.callout-text > p').allTextContents();
    for (const text of [reason, outcome]) {
      expect(text).toMatch(/^\[/);
      expect(plainEnglish(text), `plain English in the report's "${text}"`).toEqual([]);
    }
    await saveScreen(page, 'i18n-core-420-en-XA-outbox-damage');
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the refusal reads in German, what was being done too', async ({ page, sandbox }) => {
    await refusedEntry(page, sandbox);
    await openOutbox(page);
    await expect(refusal(page)).toHaveText(
      'Der Dienst hat dies abgelehnt (Senden eines neuen Zeiteintrags): dieser Tag ist für Sie ein Wochenende, ein Firmenfeiertag oder ein Urlaubstag. Wählen Sie einen anderen Tag.',
    );
    await refusal(page).scrollIntoViewIfNeeded();
    await saveScreen(page, 'i18n-core-420-de-outbox-refusal');
    await page.setViewportSize({ width: 1280, height: 800 });
    await refusal(page).scrollIntoViewIfNeeded();
    await saveScreen(page, 'i18n-core-1280-de-outbox-refusal');
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-EG' });

  test('the refusal reads in Arabic, right to left', async ({ page, sandbox }) => {
    await refusedEntry(page, sandbox);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await openOutbox(page);
    await expect(refusal(page)).toHaveText(
      'رفضت الخدمة هذا أثناء إرسال سجل وقت جديد: هذا اليوم عطلة نهاية أسبوع أو عطلة للشركة أو يوم إجازة لك. اختر يومًا آخر.',
    );
    // nothing of it is cut or runs out of the window at 420 px
    const box = await refusal(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(420);
    await refusal(page).scrollIntoViewIfNeeded();
    await saveScreen(page, 'i18n-core-420-ar-outbox-refusal');
    await page.setViewportSize({ width: 1280, height: 800 });
    await refusal(page).scrollIntoViewIfNeeded();
    await saveScreen(page, 'i18n-core-1280-ar-outbox-refusal');
  });
});
