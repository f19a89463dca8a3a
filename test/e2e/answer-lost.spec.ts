/**
 * A log whose request went out and whose answer never came back (a hotel Wi-Fi's login page answering 200 in the
 * service's place, through test/tools/fault-proxy.ts between web mode and the sandbox): the app cannot know whether
 * the service has it, so the entry stays "sending" until the service can say (docs/outbox.md "Classifying failures").
 * The form and the outbox say that, not "Syncing..." for as long as the network is away, and once it is back the log
 * is on the service exactly once.
 */
import { FaultProxy } from '../tools/fault-proxy';
import { expect, openApp, saveScreen, startWebApp, test, useTestClock } from './fixtures';

const DESCRIPTION = 'E2E log sent behind a Wi-Fi login page';
const IN_DOUBT =
  'Sent, but the answer did not come back: Punchcard checks with the service whether it arrived before sending it again, so it is never there twice.';

test('a log whose answer a login page took says it was sent and is checked, its badge "Checking" not "Syncing", and reaches the service once', async ({
  sandbox,
  context,
}) => {
  const proxy = await FaultProxy.start(sandbox.url);
  const web = await startWebApp(sandbox, { PUNCH_BASE_URL: proxy.url });
  try {
    const page = await context.newPage();
    await useTestClock(page);
    await openApp(page, web.url);
    await expect(page.getByTestId('status')).toHaveText(/Online · all synced/);
    const form = page.getByRole('form', { name: 'Log or time your work' });
    await form.getByRole('combobox', { name: 'Job' }).fill('support');
    await form.getByRole('option', { name: /Support Tickets/ }).click();
    await form.getByLabel('Hours').fill('00:40');
    await form.getByLabel('Description').fill(DESCRIPTION);

    // The login page takes the send first: were it a read that met it first, the app would know it offline before
    // sending and truly say "Queued". Then it takes everything, as a real one does.
    await proxy.setMode('captive-portal', { match: 'addtimelog' });
    await form.getByRole('button', { name: /^Log \d/ }).click();
    await proxy.until((log) => log.some((r) => r.mode === 'captive-portal' && r.path.includes('addtimelog')), 30_000);
    await proxy.setMode('captive-portal');
    await expect(page.getByTestId('status')).toHaveText(/Offline · 1 waiting/);
    await expect(form.getByRole('status')).toContainText(IN_DOUBT);
    await expect(form.getByRole('status')).not.toContainText('Syncing');
    // the log's badge in the day's list says the same: checked, not syncing (src/shared/status/badge.ts)
    const dayLog = page.getByTestId('day-log').filter({ hasText: DESCRIPTION });
    await expect(dayLog.locator('.sync')).toHaveText(/Checking/);
    await saveScreen(page, 'answer-lost-track');
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect(page.getByTestId('entry-in-doubt')).toHaveText(IN_DOUBT);
    await expect(page.getByTestId('outbox-entry').locator('.sync')).toHaveText('?Checking');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreen(page, 'answer-lost-outbox-1280');
    await page.setViewportSize({ width: 420, height: 640 });
    expect(sandbox.state().timeLogs.filter((l) => l.description === DESCRIPTION)).toHaveLength(0);
    // the Week tab's cell says what its detail says: checking, not syncing (src/renderer/src/store/slices/today.ts cellBadge)
    await page.getByRole('tab', { name: 'Week' }).click();
    const cell = page.locator('.week-grid .cell-checking');
    await expect(cell).toHaveCount(1);
    await expect(cell.locator('.sync')).toHaveAttribute('title', 'Checking');
    await expect(page.locator('.week-grid .cell-sending')).toHaveCount(0);
    await saveScreen(page, 'answer-lost-week');
    await page.getByRole('tab', { name: 'Outbox' }).click();

    proxy.setMode('pass');
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('status')).toHaveText(/Online · all synced/);
    await expect(page.getByTestId('outbox-entry')).toContainText(/Synced/);
    await expect(page.getByTestId('entry-in-doubt')).toHaveCount(0);
    expect(sandbox.state().timeLogs.filter((l) => l.description === DESCRIPTION)).toMatchObject([{ minutes: 40 }]);
  } finally {
    await web.stop();
    await proxy.close();
  }
});
