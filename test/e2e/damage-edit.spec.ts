/**
 * A torn edit of a log the outbox still holds (src/core/journal/torn-end.ts), in real Chromium against `npm run web`:
 * the disk lost the end of the edit's record after it was written, so the file holds the log as it was. The banner
 * shows the change beside the log as the file holds it, and "Log it again" makes the change on the service. Each
 * screen is saved at 420 and 1280 px (test-results/screens/).
 * @inner src/core/journal/format.ts
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeRecord } from '../../src/core/journal/format';
import { appDay, expect, localToday, saveScreensAtBothSizes, test } from './fixtures';
import { logOn, minutesOf } from './torn-journal';

test('a torn edit of a synced log is shown beside the log as the file holds it, and made again in one click', async ({
  page,
  sandbox,
  web,
}) => {
  await logOn(page, '0:10', 'E2E edit');
  expect(minutesOf(sandbox, 'E2E edit')).toEqual([10]);

  // the log's latest row as the journal holds it, changed to 00:45 in a record whose end the disk lost
  const file = join(web.dataDir, 'outbox.journal');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const rows = lines.map((l) => (JSON.parse(l.slice(9)) as { rows?: Record<string, { description?: string }> }).rows ?? {});
  const [localId, row] = rows
    .flatMap((r) => Object.entries(r))
    .filter(([, r]) => r.description === 'E2E edit')
    .at(-1)!;
  const at = Date.now();
  const record = encodeRecord({
    t: 'change',
    rows: { [localId]: { ...(row as object), hours: '00:45', updatedAt: at } as never },
    ops: [
      {
        id: 'op-000900',
        kind: 'edit',
        localId,
        state: 'queued',
        resolutions: [],
        attempts: [],
        patch: { hours: '00:45' },
        maybeSent: false,
        createdAt: at,
        updatedAt: at,
      },
    ],
  });
  appendFileSync(file, record.slice(0, record.length - 20));
  // the next change takes the lock, and finds the torn end
  await logOn(page, '0:05', 'E2E next');

  const day = appDay(localToday());
  const offer = page.getByTestId('damage-offer');
  await expect(offer).toContainText(
    `A change: 00:45 on ${day}, Data Migration Scripts ("E2E edit"), where the file holds 00:10 on ${day}, Data Migration Scripts ("E2E edit")`,
    { timeout: 15_000 },
  );
  await expect(page.getByTestId('damage-report')).toContainText(
    'it holds a change of a log that the file holds as it was before the change',
  );
  // the notice said it once; the banner stays until the offer is answered
  await page.getByTestId('notices').getByRole('button', { name: 'Dismiss' }).click();
  await offer.scrollIntoViewIfNeeded();
  await saveScreensAtBothSizes(page, 'outbox-damage-edit-offer');
  expect(minutesOf(sandbox, 'E2E edit')).toEqual([10]);

  await offer.getByRole('button', { name: 'Log it again' }).click();
  await expect(page.getByTestId('data-banner')).toBeHidden();
  await expect.poll(() => minutesOf(sandbox, 'E2E edit')).toEqual([45]);
});
