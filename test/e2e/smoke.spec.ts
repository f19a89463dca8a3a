import { expect, test } from './fixtures';

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
