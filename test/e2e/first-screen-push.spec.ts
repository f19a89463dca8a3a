/**
 * A push from the core that reaches a page while its first load is under way (another tab logs time as this one
 * opens): the page's answers still stand in for what they answer, so nothing it carried is asked before the first load
 * is through; the catch-up asks it all again once the window is idle (src/renderer/src/bridge.ts, boot.tsx `catchUp`).
 */
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { TEST_TODAY } from '../fixtures/test-clock';
import { answerKey } from '../../src/shared/first-screen/answers';
import { ANSWERS, call, withSession } from './first-screen-session';

/** In the page: the pushes it received from the core. */
function countPushes(): void {
  const seen = window as unknown as { pushes: number };
  seen.pushes = 0;
  const Source = window.EventSource;
  window.EventSource = class extends Source {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('message', () => seen.pushes++);
    }
  };
}

const markSet = () => performance.getEntriesByName('punchcard:first-screen').length > 0;

test('a push during the first load asks nothing the page carried until that load is through; the catch-up asks it all after', async ({
  browser,
  web,
}) => {
  // the page on its own clock (the real day): the week it asks for is not the one answered, so its first load waits
  // on the core for it (held below) and is not through until then
  const { page, bare } = await withSession(browser, web.url, false);
  await page.addInitScript(countPushes);
  const html = await (await page.request.get(bare)).text();
  const carried = (JSON.parse(ANSWERS.exec(html)![1]) as { answers: Array<{ name: string; input: unknown }> }).answers.map((a) =>
    answerKey(a.name, a.input),
  );
  expect(carried).toContain(answerKey('getOutboxList', { window: { count: 50, from: 0 } }));
  // every call the page sends to the core is held (what it carried it does not send), and noted with when it was sent
  let holding = true;
  const held: Route[] = [];
  const asked: Array<{ key: string; whileHeld: boolean }> = [];
  await page.route(/\/rpc\//, async (route: Route) => {
    const path = new URL(route.request().url()).pathname;
    asked.push({ key: answerKey(decodeURIComponent(path.slice(5)), JSON.parse(route.request().postData() ?? '{}')), whileHeld: holding });
    if (holding) held.push(route);
    else await route.continue();
  });
  await page.goto(bare);
  // the first screen takes input (the answers handed over), its first load still waiting on the core
  await page.waitForFunction(markSet);
  expect(held.length).toBeGreaterThan(0);
  // meanwhile another tab logs time: the core pushes the change (the ledger, the outbox) to this page too
  const [job] = (await call(web, 'listJobs', {})) as Array<{ jobId: string }>;
  await call(web, 'logTime', { jobId: job.jobId, workDate: TEST_TODAY, hours: '00:45', description: 'logged while this page started' });
  // its pushes all sent (the log synced, the status after it) and received, and the page past the frame that handled them
  await expect
    .poll(async () => {
      const { outbox } = (await call(web, 'getStatus', {})) as { outbox: { queued: number; sending: number } };
      return outbox.queued + outbox.sending;
    })
    .toBe(0);
  await page.waitForFunction(() => (window as unknown as { pushes: number }).pushes > 0);
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
  // the pushes were applied, and asked nothing the page carried (its answers stand in until the first load is through)
  expect(asked.filter((a) => a.whileHeld && carried.includes(a.key))).toEqual([]);
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  // once the first load is through and the window idle, the catch-up asks the core what the page was given: the outbox
  // as it is now, with the log of the other tab
  await expect
    .poll(() => asked.some((a) => !a.whileHeld && a.key === answerKey('getOutboxList', { window: { count: 50, from: 0 } })))
    .toBe(true);
});
