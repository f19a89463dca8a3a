/**
 * A web-mode tab left open while Punchcard restarts (`npm run web` stopped, started again on the same address with a
 * new run token): the tab says so once, over a window that cannot be used meanwhile, and recovers by itself without
 * a reload: when the new address is pasted into its address bar (only the `#token=` changes), when another tab of
 * the same address holds the new token (the one a restart opens), or when the address is pasted into its field.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { test, type Page } from '@playwright/test';
import type { Sandbox } from '../../src/sandbox';
// the plain test: this file starts (and restarts) its own web server, on an address of its choosing
import { appTakesInput, expect, saveScreen, startTestSandbox, startWebApp, useTestClock, type WebApp } from './fixtures';

test.use({ viewport: { width: 420, height: 640 } });

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const gate = (page: Page) => page.getByRole('alertdialog');
const picker = (page: Page) => page.getByRole('combobox', { name: 'Job' });

/** The window is usable: no notice over it, not inert, and the service's data loads (the job list). */
async function expectUsable(page: Page) {
  await expect(gate(page)).toHaveCount(0);
  await appTakesInput(page);
  await picker(page).fill('support');
  await expect(page.getByRole('option', { name: /Support Tickets/ }).first()).toBeVisible();
  await picker(page).fill('');
}

/** Stops `web` and starts another run on its port: the same address, a new token. */
async function restart(sandbox: Sandbox, web: WebApp, port: number): Promise<WebApp> {
  await web.stop();
  return startWebApp(sandbox, {}, ['--port', String(port)]);
}

test.describe('a tab left open across a restart', () => {
  let sandbox: Sandbox;
  let web: WebApp | undefined;
  let port: number;
  test.beforeEach(async () => {
    test.setTimeout(240_000);
    sandbox = await startTestSandbox();
    port = await freePort();
    web = await startWebApp(sandbox, {}, ['--port', String(port)]);
  });
  test.afterEach(async () => {
    await web?.stop();
    await sandbox.close();
  });

  test('says "not answering" then "restarted" once, is never usable meanwhile, and takes the new address without a reload', async ({
    page,
  }) => {
    await useTestClock(page);
    await page.goto(web!.url);
    await expect(picker(page)).toBeFocused();
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    await web!.stop();
    await expect(gate(page)).toContainText('Punchcard is not answering');
    // the form under it cannot be used: the whole window is inert
    await expect(page.locator('.app')).toHaveAttribute('inert', '');
    await saveScreen(page, 'stale-tab-not-answering');

    web = await startWebApp(sandbox, {}, ['--port', String(port)]);
    await expect(gate(page).getByRole('heading')).toHaveText('Punchcard restarted', { timeout: 20_000 });
    // one notice, not the server's refusal repeated by every part of the window
    await expect(gate(page)).toHaveCount(1);
    await expect(page.getByText(/no valid Punchcard session/)).toHaveCount(0);
    await expect(page.locator('.app')).toHaveAttribute('inert', '');
    await saveScreen(page, 'stale-tab-restarted');

    // the printed address pasted into this tab's address bar: the same page, working again
    await page.goto(web.url);
    await expectUsable(page);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // and the token is not left in the address bar
    expect(page.url()).not.toContain('token=');
  });

  test('recovers by itself when another tab holds the new token, and from the address pasted into its field', async ({ page, context }) => {
    await useTestClock(page);
    await page.goto(web!.url);
    await expect(picker(page)).toBeFocused();

    // restarted; the new run's address opened in another tab (what `npm run web` does): the old tab needs nothing
    web = await restart(sandbox, web!, port);
    await expect(gate(page).getByRole('heading')).toHaveText('Punchcard restarted', { timeout: 20_000 });
    const other = await context.newPage();
    await other.goto(web.url);
    await expect(picker(other)).toBeVisible();
    await expectUsable(page);
    await other.close();

    // restarted again, no other tab: the address pasted into the field the notice offers
    web = await restart(sandbox, web, port);
    await expect(gate(page).getByRole('heading')).toHaveText('Punchcard restarted', { timeout: 20_000 });
    const field = gate(page).getByLabel('Punchcard\u2019s address');
    await field.fill('http://127.0.0.1:1/#token=not-the-right-one-at-all');
    await gate(page).getByRole('button', { name: 'Use this address' }).click();
    await expect(gate(page).getByRole('alert')).toContainText('That address was not accepted');
    await field.fill(web.url);
    await gate(page).getByRole('button', { name: 'Use this address' }).click();
    await expectUsable(page);
  });
});
