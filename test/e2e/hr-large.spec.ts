/**
 * HR in a company of 10,000 employees (the sandbox's `extraEmployees`): the search draws one page of matches at a
 * time, says how many there are in all, and adds the next page on "Show more"; a new search draws its own first page
 * of 50 from the data in hand (drawing 10,000 rows at once took seconds): counted in rows and requests, not timed, so
 * a loaded machine cannot fail it.
 */
import { expect, startTestSandbox, test as base } from './fixtures';
import type { Sandbox } from '../../src/sandbox';

const test = base.extend<{ sandbox: Sandbox }>({
  // eslint-disable-next-line no-empty-pattern
  sandbox: async ({}, use) => {
    const sandbox = await startTestSandbox({ extraEmployees: 10_000 });
    await use(sandbox);
    await sandbox.close();
  },
});
test.use({ viewport: { width: 420, height: 640 } });

test('everyone matches: a page of 50 is drawn, then 50 more on "Show more"', async ({ page, sandbox }) => {
  const total = sandbox.state().employees.length;
  await page.getByRole('tab', { name: 'HR' }).click();
  await page.getByRole('button', { name: 'Employee records' }).click();
  await page.getByLabel('Search by name, email or employee ID').fill('demo');
  const rows = page.locator('.hr-employees .sheet-row');
  await expect(rows).toHaveCount(50, { timeout: 30_000 });
  await expect(page.getByText(`Showing 50 of ${total.toLocaleString('en-US')}`)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `${total.toLocaleString('en-US')} employees found` })).toHaveCount(1);

  // the data is in hand now: a new search draws its first page at once, without reading the directory again
  sandbox.resetRequests();
  const search = page.getByLabel('Search by name, email or employee ID');
  await search.fill('e1');
  await expect(page.getByText(/^Showing 50 of /)).not.toHaveText(`Showing 50 of ${total.toLocaleString('en-US')}`);
  expect(sandbox.requests().filter((r) => r.path.endsWith('/records'))).toHaveLength(0);
  // one page of the new matches drawn, not all of them
  await expect(rows).toHaveCount(50);

  await search.fill('demo');
  await expect(page.getByText(`Showing 50 of ${total.toLocaleString('en-US')}`)).toBeVisible();
  await page.getByRole('button', { name: 'Show 50 more' }).click();
  await expect(rows).toHaveCount(100);
  await expect(page.getByText(`Showing 100 of ${total.toLocaleString('en-US')}`)).toBeVisible();
});
