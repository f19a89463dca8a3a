/**
 * The first screen's answers come with the page only to a browser holding the run's session cookie (src/web/first-answers.ts):
 * what first-screen.spec.ts and first-screen-push.spec.ts need to open the page as such a browser does, read what it
 * carried, and call the core as another tab would.
 */
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { TEST_NOW } from '../fixtures/test-clock';

/** The page as a browser with this run's session gets it (the cookie its first call got), and without. */
export async function withSession(browser: Browser, url: string, testDay = true): Promise<{ page: Page; bare: string }> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  const first = await context.newPage();
  await first.goto(url);
  await expect(first.getByTestId('status')).toContainText(/online/i);
  await first.close();
  const page = await context.newPage();
  // the page's day is the server's (the suite's test day, test/e2e/web-app.ts), so the week it asks for is the one
  // answered; not where the performance entries are read (the page's fake clock holds its marks back)
  if (testDay) await page.clock.setFixedTime(TEST_NOW);
  return { page, bare: `${new URL(url).origin}/` };
}

export const tokenOf = (web: { url: string }) => new URL(web.url).hash.slice('#token='.length);

/** The answers the server wrote into the page. */
export const ANSWERS = /<script type="application\/json" id="punchcard-first-answers">([^<]*)<\/script>/;

/** One call with the run token, as another tab or `punch` would make it. */
export async function call(web: { url: string }, name: string, input: unknown): Promise<unknown> {
  const r = await fetch(new URL(`/rpc/${name}`, web.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenOf(web)}` },
    body: JSON.stringify(input),
  });
  const answer = (await r.json()) as { ok: boolean; value?: unknown; error?: { message: string } };
  if (!answer.ok) throw new Error(`${name}: ${answer.error?.message}`);
  return answer.value;
}
