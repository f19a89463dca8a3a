import { appDay, appTakesInput, expect, localToday, test } from './fixtures';

test('the app opens in the browser, shows it is online and lists the demo jobs', async ({ page, sandbox }, testInfo) => {
  // The token left the address bar once it was read (it must not be bookmarked or shared).
  await expect(page).not.toHaveURL(/token=/);

  for (const tab of ['Track', 'Week', 'Outbox', 'Settings']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByTestId('status')).toContainText(/online/i);

  // The job picker offers the sandbox's jobs.
  const firstJob = sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sandbox.demoUser))!;
  await page.getByRole('combobox').first().click();
  await expect(page.getByRole('option', { name: new RegExp(firstJob.jobName) }).first()).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('smoke-track.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Week' }).click();
  await expect(page.getByRole('tab', { name: 'Week' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: testInfo.outputPath('smoke-week.png'), fullPage: true });

  // Every call went through the web server to the sandbox, not around it.
  expect(sandbox.requests().some((r) => r.path.includes('getjobs'))).toBe(true);
});

test('the first screen comes built into the page and is taken over by the script without a mismatch, on another day', async ({
  page,
  web,
}) => {
  // What the server sends, before any script: the Track form is in the HTML (the first tab's content, drawn at once).
  const html = await (await page.request.get(new URL('/', web.url).toString())).text();
  expect(html).toContain('data-prerendered');
  expect(html).toContain('aria-label="Log or time your work"');
  // ...with its stylesheet: nothing to fetch before the first paint (allowed by its hash: a CSP refusal is an error below)
  expect(html).toMatch(/<style>[^<]*\.app-header/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  expect(html).not.toMatch(/rel="prefetch"/);
  // Hydrated on the test day (not the day it was built): React reports any difference as an error on the page.
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.reload();
  await appTakesInput(page);
  await expect(page.getByTestId('today-total')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Today · ${appDay(localToday())}` })).toBeVisible();
  // It works: the form answers typing (hydrated, not a dead copy).
  await page.getByRole('textbox', { name: 'Hours', exact: true }).fill('1.5');
  await expect(page.getByTestId('duration-shown')).toHaveText(/01:30/);
  expect(errors).toEqual([]);
});

test("if the app's script cannot be loaded, the page says so instead of showing a form that never answers", async ({ page }) => {
  await page.route(/\/assets\/boot-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found.\n' }));
  await page.reload();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Punchcard could not load its program files. Reload the window');
  await expect(page.getByRole('form', { name: 'Log or time your work' })).toHaveCount(0);
});
