/**
 * A torn delete of a log the outbox still holds (src/core/journal/torn-end.ts `tornDeletes`), in real Chromium against
 * `npm run web`: the disk lost the end of the delete's record after it was written, so the file holds the log as it
 * was. The banner says the user deleted it and the delete was not saved; "Delete it" deletes it on the service. A
 * queued log so held is counted in the header as a delete to answer, not as waiting. Each screen is saved at 420 and
 * 1280 px (test-results/screens/).
 * @inner src/core/journal/format.ts
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeRecord } from '../../src/core/journal/format';
import { appDay, appTakesInput, expect, localToday, saveScreensAtBothSizes, test } from './fixtures';
import { form, logOn, minutesOf as onService } from './torn-journal';

test('a torn delete of a synced log is offered as a delete that was not saved, and made again in one click', async ({
  page,
  sandbox,
  web,
}) => {
  await appTakesInput(page); // the app takes input before the first click
  await logOn(page, '0:10', 'E2E delete');
  expect(onService(sandbox, 'E2E delete')).toEqual([10]);

  // the log's latest row as the journal holds it, marked deleted in a record whose end the disk lost
  const file = join(web.dataDir, 'outbox.journal');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const rows = lines.map((l) => (JSON.parse(l.slice(9)) as { rows?: Record<string, { description?: string }> }).rows ?? {});
  const [localId, row] = rows
    .flatMap((r) => Object.entries(r))
    .filter(([, r]) => r.description === 'E2E delete')
    .at(-1)!;
  const at = Date.now();
  const record = encodeRecord({
    t: 'change',
    rows: { [localId]: { ...(row as object), updatedAt: at, pendingDelete: true } as never },
    ops: [
      {
        id: 'op-000900',
        kind: 'delete',
        localId,
        state: 'queued',
        resolutions: [],
        attempts: [],
        maybeSent: false,
        createdAt: at,
        updatedAt: at,
      },
    ],
  });
  appendFileSync(file, record.slice(0, record.length - 20));
  // the next change takes the lock, and finds the torn end
  await logOn(page, '0:05', 'E2E after');

  const day = appDay(localToday());
  const offer = page.getByTestId('damage-offer');
  await expect(offer).toContainText(
    `You deleted this log; the delete was not saved: 00:10 on ${day}, Data Migration Scripts ("E2E delete")`,
    { timeout: 15_000 },
  );
  await expect(page.getByTestId('damage-report')).toContainText('it holds a delete of a log that the file still holds');
  await expect(offer.getByRole('button', { name: 'Keep it' })).toBeVisible();
  await page.getByTestId('notices').getByRole('button', { name: 'Dismiss' }).click();
  await offer.scrollIntoViewIfNeeded();
  await saveScreensAtBothSizes(page, 'outbox-damage-delete-offer');
  expect(onService(sandbox, 'E2E delete')).toEqual([10]);

  await offer.getByRole('button', { name: 'Delete it' }).click();
  await expect(page.getByTestId('data-banner')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted again.' })).toBeVisible();
  await expect.poll(() => onService(sandbox, 'E2E delete')).toEqual([]);
});

test('a queued log held for the answer to its torn delete says so in the Outbox, and Sync does not send it until "Keep it"', async ({
  page,
  sandbox,
  web,
}) => {
  await expect.poll(() => sandbox.requests().some((r) => r.path.endsWith('/getjobs') && r.status === 200)).toBe(true);
  await appTakesInput(page); // the app takes input before the first click
  await sandbox.setOffline(true);
  await form(page).getByRole('combobox', { name: 'Job' }).fill('migra');
  await page.getByRole('option', { name: /Data Migration Scripts/ }).click();
  await form(page).getByLabel('Hours').fill('0:20');
  await form(page).getByLabel('Description').fill('E2E held');
  await form(page)
    .getByRole('button', { name: /^Log \d/ })
    .click();
  await expect(form(page).getByRole('status')).toContainText('Queued');

  // the user deleted it (never sent: its row and add taken away), and the disk lost the end of that record
  const file = join(web.dataDir, 'outbox.journal');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const recs = lines.map(
    (l) => JSON.parse(l.slice(9)) as { rows?: Record<string, { description?: string }>; ops?: Array<{ id: string; localId: string }> },
  );
  const localId = recs.flatMap((r) => Object.entries(r.rows ?? {})).find(([, r]) => r.description === 'E2E held')![0];
  const opId = recs.flatMap((r) => r.ops ?? []).find((o) => o.localId === localId)!.id;
  const record = encodeRecord({ t: 'change', rowsGone: [localId], opsGone: [opId] });
  appendFileSync(file, record.slice(0, record.length - 20));
  await sandbox.setOffline(false);
  await logOn(page, '0:05', 'E2E after held'); // the next change takes the lock, and finds the torn end

  await page.getByTestId('notices').getByRole('button', { name: 'Dismiss' }).click();
  // the header counts the held log as a delete to answer, not as one waiting to be sent (src/shared/status/sync-words.ts)
  const pill = page.getByTestId('status');
  await expect(pill).toHaveText(/1 log to check/);
  await expect(pill).toHaveAttribute(
    'title',
    /^1 log to check\. 1 entry waits for your answer before it is sent\. You deleted 1 log and the delete was not saved: delete it or keep it\./,
  );
  await expect(pill).not.toHaveText(/waiting/);
  await page.getByTestId('data-banner').evaluate((e) => e.scrollIntoView({ block: 'start' })); // the header, the banner below it
  await saveScreensAtBothSizes(page, 'header-held-for-answer');
  await page.getByRole('tab', { name: /^Outbox/ }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();
  const held = page.getByTestId('outbox-entry').filter({ hasText: '00:20' });
  await expect(held).toContainText('Queued');
  await expect(held.getByTestId('waits-for-answer')).toHaveText(
    "Waiting for your answer: you deleted this log and the delete was not saved, so nothing of it is sent until you choose 'Delete it' or 'Keep it' in the banner above.",
  );
  await expect(page.getByRole('status').filter({ hasText: /^\W*Sent \d\./ })).toContainText(
    '1 is not sent until you answer about a delete that was not saved (Delete it or Keep it, above).',
  );
  // each row under its own group's heading: the synced log moved out of "Waiting" while the Outbox was not shown
  await expect(page.getByTestId('outbox-group-waiting').getByTestId('outbox-entry').filter({ hasText: '00:20' })).toHaveCount(1);
  await expect(page.getByTestId('outbox-group-sent').getByTestId('outbox-entry').filter({ hasText: '00:05' })).toHaveCount(1);
  // the Waiting heading says it holds the log that waits for the answer, as the header counts it apart
  await expect(page.getByTestId('outbox-group-waiting').getByTestId('outbox-group-held')).toHaveText('(1 waits for your answer)');
  await held.scrollIntoViewIfNeeded();
  await saveScreensAtBothSizes(page, 'outbox-held-for-answer');
  expect(onService(sandbox, 'E2E held')).toEqual([]);

  await page.getByTestId('damage-offer').getByRole('button', { name: 'Keep it' }).click();
  await expect.poll(() => onService(sandbox, 'E2E held')).toEqual([20]);
  await expect(held.getByTestId('waits-for-answer')).toBeHidden();
});
