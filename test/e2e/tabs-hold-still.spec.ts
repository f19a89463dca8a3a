/**
 * The tabs do not move under the pointer when the user's roles arrive (App.tsx `TABS_WAIT_MS`): Team and HR join the
 * strip once the core knows the user may use them, and the strip is centred (at 1280 px) or shared out (at 420 px), so
 * shown before that, Track, Week and Outbox would move as they join; a click aimed at Week landed on Outbox (seen in
 * CI: day-panel.spec.ts). The roles' answer is held back here, as a slow service does at a first start, and the Week
 * tab's box is read at every frame from the page's start: whenever it is shown, it is where it ends up.
 */
import { expect, openApp, saveScreen, sharedAppPerFile, useTestClock } from './fixtures';

// One server for the file: each test holds the roles' answer in its own page (a fresh context, so none comes with the
// page), whatever the core already knows of them, and changes nothing.
const test = sharedAppPerFile();

for (const [width, height] of [
  [1280, 800],
  [420, 640],
] as const) {
  test(`at ${width} x ${height} the Week tab is where it stays from the moment it shows, though the roles (Team, HR) arrive late`, async ({
    browser,
    webUrl,
  }) => {
    // its own page: the fixture's `page` opens the app at once, before the roles' answer could be held
    const context = await browser.newContext({ viewport: { width, height } });
    // the roles' answer held until the page has drawn frames without it (below), then let through: a slow service
    let answerRoles!: () => void;
    const rolesLetThrough = new Promise<void>((r) => (answerRoles = r));
    const page = await context.newPage();
    try {
      await useTestClock(page);
      let held = 0;
      await page.route('**/rpc/getRoles', async (route) => {
        held++;
        await rolesLetThrough;
        await route.continue();
      });
      // every frame from the page's first: where the Week tab is while it can be seen (and so clicked)
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { weekTabBoxes: string[] }).weekTabBoxes = seen;
        const look = () => {
          const tab = document.getElementById('tab-week');
          if (tab?.checkVisibility({ visibilityProperty: true })) {
            const r = tab.getBoundingClientRect();
            const box = `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
            if (seen.at(-1) !== box) seen.push(box);
          }
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await openApp(page, webUrl);
      // while the roles are out (as a rule: they are held a second): the strip keeps its place, its tabs not shown yet
      if (await page.locator('.tabs[data-waiting]').count()) await saveScreen(page, `tabs-waiting-${width}`);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      answerRoles();
      // the demo user approves and runs payroll: both tabs join once the roles are in
      await expect(page.getByRole('tab', { name: 'HR' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Team' })).toBeVisible();
      expect(held, 'the roles were asked of the core (not answered with the page), and held').toBeGreaterThan(0);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const boxes = await page.evaluate(() => (window as unknown as { weekTabBoxes: string[] }).weekTabBoxes);
      // one place only: the box it was first shown at is the box it has with Team and HR beside it
      expect(boxes).toHaveLength(1);
      await saveScreen(page, `tabs-with-roles-${width}`);
    } finally {
      answerRoles();
      await context.close();
    }
  });
}
