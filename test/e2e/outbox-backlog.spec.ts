/**
 * A long outbox does not come whole to the page: with 10,000 entries waiting (a long time offline), the page asks the
 * core for the first window of the list and the counts, never for the whole list, at start and when the Outbox
 * opens; the Outbox shows the true counts and the rows in view, and a log typed meanwhile moves the counts without
 * the list being read whole. The bytes of every answer to `getOutboxList` are counted: the whole list was about
 * 5 MiB.
 */
import { execFileSync } from 'node:child_process';
import type { Page, Request } from '@playwright/test';
import { addDays } from '../../src/shared/time/week';
import { appDay, expect, localToday, openApp, saveScreen, startWebApp, test } from './fixtures';
import { e2eTempDir, removeTempDir } from '../tools/e2e-temp-dirs';

const BACKLOG = 10_000;

/** A data directory whose outbox holds BACKLOG adds waiting, over the 60 days before today (test/fixtures/backlog-journal.ts). */
function backlogDir(jobId: string, jobName: string): string {
  const dir = e2eTempDir('backlog');
  execFileSync('npx', ['tsx', 'test/fixtures/backlog-journal.ts', dir, String(BACKLOG), jobId, jobName, localToday()]);
  return dir;
}

/** Every `getOutboxList` the page asks, with what it asked for and the bytes of the answer. */
function watchLists(page: Page): Array<{ input: { window?: { from: number; count: number } }; bytes: Promise<number> }> {
  const seen: Array<{ input: { window?: { from: number; count: number } }; bytes: Promise<number> }> = [];
  page.on('request', (r: Request) => {
    if (!r.url().endsWith('/rpc/getOutboxList')) return;
    seen.push({
      input: JSON.parse(r.postData() ?? '{}'),
      // a read the page starts as the test closes it never answers: counted as nothing (the test has measured by then)
      bytes: r
        .response()
        .then(async (res) => (res ? (await res.body()).length : 0))
        .catch(() => 0),
    });
  });
  return seen;
}

test('with 10,000 waiting the page reads windows of the outbox and the counts, never the whole list', async ({ page, sandbox }) => {
  test.setTimeout(120_000);
  const job = sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sandbox.demoUser))!;
  const dir = backlogDir(job.jobId, job.jobName);
  await sandbox.setOffline(true);
  const web = await startWebApp(sandbox, {}, ['--data-dir', dir]);
  try {
    const lists = watchLists(page);
    await openApp(page, web.url);
    await expect(page.getByTestId('status')).toHaveText(/^\W*Offline · 10,?000 waiting$/, { timeout: 30_000 });
    await page.getByRole('tab', { name: /^Outbox/ }).click();
    const waiting = page.getByTestId('outbox-group-waiting');
    // with the region's separator, as the pill and the heading say it
    await expect(waiting.getByTestId('outbox-group-count')).toHaveText('10,000');
    const rows = waiting.getByTestId('outbox-entry');
    await expect(rows.first()).toHaveAttribute('aria-setsize', String(BACKLOG));
    await expect(rows.first()).toContainText('00:01');
    await saveScreen(page, 'outbox-backlog-420');

    // the keyboard reaches the last entry: its place is read when it comes into view
    await rows.first().focus();
    await page.keyboard.press('End');
    await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', String(BACKLOG));
    // the oldest entry (the first made: the day before today) is the last of "Waiting", newest first
    await expect(page.locator(':focus')).toContainText(appDay(addDays(localToday(), -1)));

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator(':focus')).toHaveAttribute('aria-posinset', String(BACKLOG));
    await saveScreen(page, 'outbox-backlog-end-1280');

    expect(lists.length).toBeGreaterThan(0);
    for (const l of lists) expect(l.input.window, 'every read of the list is a window').toBeDefined();
    const bytes = await Promise.all(lists.map((l) => l.bytes));
    expect(Math.max(...bytes)).toBeLessThan(200_000);
    expect(bytes.reduce((a, b) => a + b, 0)).toBeLessThan(1_000_000);
  } finally {
    await page.close();
    await web.stop();
    removeTempDir(dir);
  }
});
