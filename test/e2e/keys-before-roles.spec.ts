/**
 * Alt+4..6 pressed before the user's roles are known (src/renderer/src/hooks/useTabChoice.ts): until then the tab
 * strip lacks Team and HR, so its 4th tab is Settings for a moment before Team takes that place. The key is held and
 * read once the roles are in, as the tab it names in the strip the user sees from then on, which takes the focus; a
 * user's act meanwhile comes first. Also when the key was pressed before the app's script and replayed
 * (first-screen/early-input.ts, take-over.ts). The roles' answer is held in the page (./hold-roles.ts).
 */
import type { Browser, Page, Route } from '@playwright/test';
import { expect, openApp, sharedAppPerFile, slowPageWhenAsked, startWebApp, useTestClock } from './fixtures';
import { holdRolesInPage, type RolesHeld } from './hold-roles';

// One server for the file (the demo user: manager and HR admin): each test opens its own context without the run's
// session, so the roles are asked of the core and can be held; nothing of the company's data changes.
const test = sharedAppPerFile();

const BOOT = /\/assets\/boot-[^/]+\.js$/;

/** A context of its own: the fixture's `page` opens the app before anything could be held. */
async function ownPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  const page = await context.newPage();
  await useTestClock(page);
  await page.addInitScript(holdRolesInPage);
  return page;
}

/** Once the app has asked for the roles, held: the strip waits, the job field has the focus. */
async function rolesWaiting(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as RolesHeld).rolesHeld === true);
  await expect(page.locator('.tabs[data-waiting]')).toHaveCount(1);
  await expect(jobField(page)).toBeFocused();
}

const jobField = (page: Page) => page.getByRole('form', { name: 'Log or time your work' }).getByRole('combobox', { name: 'Job' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true, includeHidden: true });
const openRoles = (page: Page) => page.evaluate(() => (window as unknown as RolesHeld).openRoles());

/** The roles handed over: the strip settles and shows `strip`. */
async function rolesIn(page: Page, strip: string[]): Promise<void> {
  await openRoles(page);
  await expect(page.locator('.tabs[data-waiting]')).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveText(strip);
}

const EVERY_TAB = ['Track', 'Week', 'Outbox', 'Team', 'HR', 'Settings'];

for (const [key, nth] of [
  ['Alt+4', 4],
  ['Alt+5', 5],
] as const) {
  test(`${key} before the roles, as a manager and HR admin: the strip's tab ${nth} once they are in (${EVERY_TAB[nth - 1]}), focused`, async ({
    browser,
    webUrl,
  }) => {
    const page = await ownPage(browser);
    try {
      await openApp(page, webUrl);
      await rolesWaiting(page);
      await page.keyboard.press(key);
      // held: nothing chosen yet (the strip of the moment would have said Settings, or nothing)
      await expect(tab(page, 'Track')).toHaveAttribute('aria-selected', 'true');
      await expect(tab(page, 'Settings')).toHaveAttribute('aria-selected', 'false');
      await rolesIn(page, EVERY_TAB);
      const chosen = tab(page, EVERY_TAB[nth - 1]);
      await expect(chosen).toHaveAttribute('aria-selected', 'true');
      await expect(chosen).toBeFocused();
    } finally {
      await page.context().close();
    }
  });
}

test('as a plain employee, before the roles: Alt+4 is the 4th tab of their strip (Settings), Alt+5 (past its end) does nothing', async ({
  browser,
  sandbox,
}) => {
  test.setTimeout(90_000);
  const user = 'liam.chen@demo.punchcard.test';
  const web = await startWebApp(sandbox, {
    PUNCH_TOKEN: sandbox.issueToken({ user, scopes: ['timetracker.ALL', 'forms.ALL'] }),
    PUNCH_USER: user,
  });
  const strip = ['Track', 'Week', 'Outbox', 'Settings'];
  const four = await ownPage(browser);
  const five = await ownPage(browser);
  try {
    await openApp(four, web.url);
    await rolesWaiting(four);
    await four.keyboard.press('Alt+4');
    await expect(tab(four, 'Track')).toHaveAttribute('aria-selected', 'true');
    await rolesIn(four, strip);
    await expect(tab(four, 'Settings')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(four, 'Settings')).toBeFocused();

    await openApp(five, web.url);
    await rolesWaiting(five);
    await five.keyboard.press('Alt+5');
    await rolesIn(five, strip);
    // the settling is through (its effect ran with the render that showed the tabs), and changed nothing
    await five.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(tab(five, 'Track')).toHaveAttribute('aria-selected', 'true');
    await expect(jobField(five)).toBeFocused();
  } finally {
    await four.context().close();
    await five.context().close();
    await web.stop();
  }
});

test('Alt+4 before the roles, then a click in Hours: the last act wins, Hours keeps the focus and Track stays', async ({
  browser,
  webUrl,
}) => {
  const page = await ownPage(browser);
  try {
    await openApp(page, webUrl);
    await rolesWaiting(page);
    await page.keyboard.press('Alt+4');
    const hours = page.getByRole('form', { name: 'Log or time your work' }).getByRole('textbox', { name: 'Hours', exact: true });
    await hours.click();
    await rolesIn(page, EVERY_TAB);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(tab(page, 'Track')).toHaveAttribute('aria-selected', 'true');
    await expect(hours).toBeFocused();
  } finally {
    await page.context().close();
  }
});

test("Alt+4 before the app's script and before the roles: replayed, held, and the Team tab once the roles are in", async ({
  browser,
  webUrl,
}) => {
  const page = await ownPage(browser);
  let release = () => {};
  try {
    const released = new Promise<void>((r) => (release = r));
    await page.route(BOOT, async (route: Route) => {
      await released;
      await route.continue();
    });
    await slowPageWhenAsked(page);
    await page.goto(webUrl);
    await expect(page.locator('html')).toHaveAttribute('data-early-input', '');
    // in the job field, as a user would start (a click there is the field's own: the layer keeps none)
    await jobField(page).click();
    await expect(jobField(page)).toBeFocused();
    await page.keyboard.press('Alt+4');
    release();
    // the app in charge, the key replayed (the layer hands over what it kept as it stands down), the roles held
    await expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/, { timeout: 30_000 });
    await rolesWaiting(page);
    await expect(tab(page, 'Track')).toHaveAttribute('aria-selected', 'true');
    await rolesIn(page, EVERY_TAB);
    await expect(tab(page, 'Team')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Team')).toBeFocused();
  } finally {
    release();
    await page.context().close();
  }
});
