/**
 * Tabs follow what the signed-in user may do: a plain employee sees no Team and no HR tab; a manager
 * who is not an HR admin sees Team (and HR, which the service answers him for his own team); the demo user, manager and
 * HR admin, sees both. Each user runs `npm run web` with a token of their own (the demo token is Maya Patel's).
 */
import type { Sandbox } from '../../src/sandbox';
import { expect, openApp, saveScreen, startWebApp, test } from './fixtures';

test.use({ viewport: { width: 420, height: 640 } });

const tabNames = (page: import('@playwright/test').Page) => page.getByRole('tab').allInnerTexts();

/** The web app as `handle`, with that employee's own token; the page opened at its address. */
async function openAs(sandbox: Sandbox, handle: string, page: import('@playwright/test').Page) {
  const user = `${handle}@demo.punchcard.test`;
  const web = await startWebApp(sandbox, {
    PUNCH_TOKEN: sandbox.issueToken({ user, scopes: ['timetracker.ALL', 'forms.ALL'] }),
    PUNCH_USER: user,
  });
  await openApp(page, web.url);
  return web;
}

/** The roles are known once both probes were answered (the tabs are hidden until then, so absence alone proves nothing). */
async function rolesAnswered(sandbox: Sandbox) {
  await expect
    .poll(() => {
      const done = sandbox.requests().filter((r) => r.status > 0);
      return ['/gettimesheet', '/getpayrollreport'].every((p) => done.some((r) => r.path.endsWith(p) && r.params.user === 'all'));
    })
    .toBe(true);
}

test('a plain employee sees no Team and no HR tab', async ({ page, sandbox }) => {
  test.setTimeout(120_000);
  const web = await openAs(sandbox, 'liam.chen', page);
  try {
    await expect(page.getByRole('tab', { name: 'Track' })).toBeVisible();
    await rolesAnswered(sandbox);
    // what the app learnt from those answers: neither
    await expect(page.getByRole('tab', { name: 'Settings' })).toBeVisible();
    await page.waitForFunction(() => document.querySelectorAll('[role="tab"]').length === 4);
    expect(await tabNames(page)).toEqual(['Track', 'Week', 'Outbox', 'Settings']);
    // the arrow keys go round the four: right of Settings is Track again
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await page.getByRole('tab', { name: 'Outbox' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Settings' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Track' })).toHaveAttribute('aria-selected', 'true');
    await saveScreen(page, 'roles-employee-light');
  } finally {
    await web.stop();
  }
});

test('a manager who is not an HR admin sees the Team tab, with his own team only', async ({ page, sandbox }) => {
  test.setTimeout(120_000);
  const web = await openAs(sandbox, 'daniel.okafor', page);
  try {
    await page.getByRole('tab', { name: 'Team' }).click();
    await expect(page.locator('.period-heading').first()).toBeVisible();
    const team = sandbox
      .state()
      .employees.filter((e) => e.managerEmail === 'daniel.okafor@demo.punchcard.test')
      .map((e) => `${e.firstName} ${e.lastName}`);
    const shown = await page.locator('.sheet-who .strong').allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(team).toContain(name);
    expect(await tabNames(page)).toContain('HR');
  } finally {
    await web.stop();
  }
});

test('the demo user, manager and HR admin, sees Team and HR', async ({ page, sandbox }) => {
  await expect(page.getByRole('tab', { name: 'Team' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'HR' })).toBeVisible();
  expect(await tabNames(page)).toEqual(['Track', 'Week', 'Outbox', 'Team', 'HR', 'Settings']);
  expect(sandbox.requests().filter((r) => r.path.endsWith('/getpayrollreport'))).toHaveLength(1);
});
