/**
 * The first screen: built into index.html and painted before the app's script runs; the script and the window's
 * messages asked for together once it is painted; nothing typed before the script is in charge lost
 * (docs/benchmarks.md, "The first screen usable"; src/renderer/src/main.tsx).
 */
import type { Browser, Page, Route } from '@playwright/test';
import { expect, saveScreen, test } from './fixtures';
import { TEST_TODAY } from '../fixtures/test-clock';
import { ANSWERS, call, tokenOf, withSession } from './first-screen-session';
import { OUTBOX_FIRST_WINDOW } from '../../src/shared/status/outbox-groups';
import { answerKey } from '../../src/shared/first-screen/answers';

/**
 * A page of its own, without the suite's test clock: its fake timers stub `performance.mark` and the entries these
 * tests read. Nothing here depends on the day.
 */
async function ownPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  return context.newPage();
}

const BOOT = /\/assets\/boot-[^/]+\.js$/;

/** Records, when the app sets its first-screen mark, whether the window was still closed to input (inert) then. */
function watchTheMark(): void {
  const mark = performance.mark.bind(performance);
  performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
    if (name === 'punchcard:first-screen') {
      (window as unknown as { inertAtMark: boolean }).inertAtMark = document.querySelector('.app')?.hasAttribute('inert') ?? true;
    }
    return mark(name, options);
  }) as typeof performance.mark;
}

const markSet = () => performance.getEntriesByName('punchcard:first-screen').length > 0;

test("the app's script is asked for only once the first screen is painted, once per file, its messages beside it", async ({
  browser,
  web,
}) => {
  const page = await ownPage(browser);

  await page.goto(web.url);
  await page.waitForFunction(markSet);
  const t = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const asked = (file: RegExp) => resources.find((r) => file.test(r.name))?.fetchStart ?? Number.NaN;
    return {
      firstPaint: at('first-contentful-paint'),
      appAsked: at('punchcard:app-asked'),
      bootFetches: resources.filter((r) => /\/assets\/boot-[^/]+\.js$/.test(r.name)).map((r) => ({ file: r.name, at: r.fetchStart })),
      // English's first screen's messages (the page's language here), not the pseudo-locale's (first-en-XA-...)
      messagesAsked: asked(/\/assets\/first-en-(?!XA-)[^/]+\.js$/),
      bootRuns: at('punchcard:app-script'),
    };
  });
  // the messages asked for before boot.tsx runs (boot.tsx itself asked for them once it ran, after its own download)...
  expect(t.messagesAsked).toBeLessThan(t.bootRuns);
  // ...the app's chunks fetched once each, and none before the first paint: announced in the page's head, even as
  // low-priority preloads, they held that paint back (electron.vite.config.ts, prerenderFirstScreen's comment)...
  expect(t.bootFetches.length).toBe(2);
  expect(new Set(t.bootFetches.map((f) => f.file)).size).toBe(2);
  for (const f of t.bootFetches) expect(f.at).toBeGreaterThan(t.firstPaint);
  // ...and nothing of it asked for or run before the first paint, which running it would hold back
  expect(t.appAsked).toBeGreaterThan(t.firstPaint);
  expect(t.bootRuns).toBeGreaterThan(t.firstPaint);
  expect(t.messagesAsked).toBeGreaterThan(t.firstPaint);
});

test("the app's script comes in three files, not nine: the first screen waits on no other screen's chunks", async ({ browser, web }) => {
  const page = await ownPage(browser);

  await page.goto(web.url);
  await page.waitForFunction(markSet);
  const asked = await page.evaluate(() => {
    const mark = performance.getEntriesByName('punchcard:first-screen')[0].startTime;
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    // scripts asked for once the first screen was painted and before it took input (the other screens' chunks are
    // fetched after the mark, while the window is idle: screens.tsx); the window's messages are not counted
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.endsWith('.js') && r.fetchStart > firstPaint && r.fetchStart < mark)
      .map((r) => new URL(r.name).pathname.split('/').pop()!)
      .filter((file) => !/^(first-|rest-)?(en|de|fr|es|ar)(-XA)?-[\w-]{8}\.js$/.test(file));
  });
  // boot.tsx (an entry of one line), the first screen's chunk it imports (React, the store, Track) and the bundler's
  // runtime; nothing of Week, Outbox, Team, HR or Settings (electron.vite.config.ts, firstScreenChunk)
  expect(asked.filter((file) => /^(Week|Outbox|Team|Hr|Settings)Screen-/.test(file))).toEqual([]);
  expect(asked.length).toBeLessThanOrEqual(3);
});

test('what is typed into the first screen before the script is in charge stays, and the script takes it as typed', async ({
  browser,
  web,
}) => {
  const page = await ownPage(browser);
  await page.addInitScript(watchTheMark);
  // The app's script held back: the screen built into the page takes input through its early layer alone.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(BOOT, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(web.url);
  const form = page.getByRole('form', { name: 'Log or time your work' });
  await expect(form).toBeVisible();
  await expect(page.locator('.app')).not.toHaveAttribute('inert', /.*/);
  await expect(page.locator('html')).toHaveAttribute('data-early-input', '');

  // A user clicks into Hours and types: the field takes the focus and what is typed (src/renderer/src/first-screen/early-input.ts).
  const hours = page.locator('#root').getByRole('textbox', { name: 'Hours', exact: true });
  const box = (await hours.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type('2.5');
  expect(await hours.inputValue()).toBe('2.5');
  await expect(hours).toBeFocused();

  release();
  await page.waitForFunction(markSet);
  // The mark (what the benchmark calls usable) is set only once the window takes input from the app.
  expect(await page.evaluate(() => (window as unknown as { inertAtMark: boolean }).inertAtMark)).toBe(false);
  // what was typed before is in the app's state: it reads it as hours
  await expect(page.getByTestId('duration-shown')).toHaveText(/02:30/);
  await page.keyboard.type('5');
  await expect(page.getByTestId('duration-shown')).toHaveText(/02:33/);
  // ...and stays: the data that comes in afterwards (jobs, today, status) does not reset the form
  await expect(page.getByTestId('status')).toContainText(/online/i);
  await expect(hours).toHaveValue('2.55');

  await saveScreen(page, 'first-screen-track-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'first-screen-track-1280');
});

test('at its mark the first screen takes keyboard input and the job picker opens, with nothing after the mark let in', async ({
  browser,
  web,
}) => {
  // with the run's session, so the jobs come with the page (the page's own clock: its marks are read)
  const { page, bare } = await withSession(browser, web.url, false);
  // At the moment of the mark, in the page: the window open to input, and the Hours field taking the focus.
  await page.addInitScript(() => {
    const seen = window as unknown as { atMark?: { inert: boolean; focused: boolean; pickerDisabled: boolean } };
    const mark = performance.mark.bind(performance);
    performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
      if (name === 'punchcard:first-screen') {
        const hours = document.querySelector<HTMLInputElement>('#root input.duration-input');
        const before = document.activeElement as HTMLElement | null;
        hours?.focus();
        seen.atMark = {
          inert: document.querySelector('#root .app')?.closest('[inert]') !== null,
          focused: hours !== null && document.activeElement === hours,
          pickerDisabled: document.querySelector<HTMLInputElement>('#root [role="combobox"]')?.disabled ?? true,
        };
        hours?.blur();
        before?.focus?.();
      }
      return mark(name, options);
    }) as typeof performance.mark;
  });
  // Everything the window asks for after its mark is held: the rest of its messages and every call to the core, so
  // what is tried below is the window as it was at the mark, not after the data came in.
  let marked = false;
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/(rpc\/|assets\/rest-)/, (route) => {
    if (!marked) return route.continue();
    held.push(() => route.continue());
  });
  await page.goto(bare);
  await page.waitForFunction(markSet);
  marked = true;

  const atMark = await page.evaluate(
    () => (window as unknown as { atMark: { inert: boolean; focused: boolean; pickerDisabled: boolean } }).atMark,
  );
  expect(atMark).toEqual({ inert: false, focused: true, pickerDisabled: false });
  const form = page.getByRole('form', { name: 'Log or time your work' });
  await form.getByRole('textbox', { name: 'Hours', exact: true }).click();
  await page.keyboard.type('1.5');
  await expect(page.getByTestId('duration-shown')).toHaveText(/01:30/);
  const picker = form.getByRole('combobox', { name: 'Job' });
  await picker.click();
  await page.keyboard.type('back');
  await expect(page.getByRole('option', { name: /Backend API/ }).first()).toBeVisible();
  for (const go of held.splice(0)) await go();
});

test("with the run's session the first screen's answers come with the page: shown without a request for them, none before the mark", async ({
  browser,
  web,
}) => {
  // the page on its own clock (the real day): the week it asks for is then another than the one answered, and asked
  const { page, bare } = await withSession(browser, web.url, false);
  const asked: Array<{ key: string; at: number }> = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/rpc/')) asked.push({ key: answerKey(path.slice(5), JSON.parse(r.postData() ?? '{}')), at: Date.now() });
  });
  // when the account's initials (getAccount's answer) are first on screen, and whether the window took input at the mark
  await page.addInitScript(() => {
    const seen = window as unknown as { shownAt?: number; inertAtMark?: boolean };
    new MutationObserver((_records, observer) => {
      const initials = document.querySelector('.avatar [aria-hidden="true"]')?.textContent ?? '?';
      if (initials === '?' || !document.querySelector('.app:not([inert])')) return;
      seen.shownAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    const mark = performance.mark.bind(performance);
    performance.mark = ((name: string, options?: PerformanceMarkOptions) => {
      if (name === 'punchcard:first-screen') seen.inertAtMark = document.querySelector('.app')?.hasAttribute('inert') ?? true;
      return mark(name, options);
    }) as typeof performance.mark;
  });
  const html = await (await page.request.get(bare)).text();
  const carried = (JSON.parse(ANSWERS.exec(html)![1]) as { answers: Array<{ name: string; input: unknown }> }).answers.map((a) =>
    answerKey(a.name, a.input),
  );
  expect(carried).toContain(answerKey('getAccount', {}));
  // the outbox's first window (what the page asks as it opens), never the whole list
  expect(carried).toContain(answerKey('getOutboxList', { window: { ...OUTBOX_FIRST_WINDOW } }));
  expect(carried).not.toContain(answerKey('getOutboxList', {}));
  await page.goto(bare);
  await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined);
  const seen = await page.evaluate(() => ({
    markAt: performance.timeOrigin + performance.getEntriesByName('punchcard:first-screen')[0].startTime,
    ...(window as unknown as { shownAt: number; inertAtMark: boolean }),
  }));
  // the window took input at its mark, and the account was on screen before anything the page carried was asked for
  // (those calls are asked again only once the window is idle, to catch up)
  expect(seen.inertAtMark).toBe(false);
  expect(asked.filter((r) => carried.includes(r.key) && (r.at < seen.markAt || r.at < seen.shownAt))).toEqual([]);
  await expect(page.getByTestId('status')).toContainText(/online/i);
  await saveScreen(page, 'first-screen-answered-420');
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreen(page, 'first-screen-answered-1280');
});

test("the page carries what the core answers for the same calls, only to the run's session, and never a token", async ({
  browser,
  web,
  sandbox,
}) => {
  const { page, bare } = await withSession(browser, web.url);
  const html = await (await page.request.get(bare)).text();
  const carried = ANSWERS.exec(html);
  expect(carried).not.toBeNull();
  const answers = JSON.parse(carried![1]) as { answers: Array<{ name: string; input: unknown; value: unknown }> };
  const names = answers.answers.map((a) => a.name);
  for (const name of ['getAccount', 'getPreferences', 'getTimer', 'getOutboxList']) expect(names).toContain(name);
  // each answer is what the same call answers (those that do not move with the clock or the network)
  for (const a of answers.answers.filter((x) => ['getAccount', 'getPreferences', 'getTimer', 'getRoles', 'listJobs'].includes(x.name))) {
    expect(a.value, a.name).toEqual(await call(web, a.name, a.input));
  }
  // no secret of the run or of the account: the run token, the session cookie, the service's token
  const cookie = (await page.context().cookies(bare))[0].value;
  for (const secret of [tokenOf(web), cookie, sandbox.demoToken]) expect(html).not.toContain(secret);
  // a request without the session (another program on this machine, a profile that never opened the address) gets the page alone
  const stranger = await fetch(bare).then((r) => r.text());
  expect(stranger).toContain('data-first-screen');
  expect(stranger).not.toMatch(ANSWERS);
});

test('a page whose answers went stale before its script ran shows the truth without a reload, with no later change to push it', async ({
  browser,
  web,
}) => {
  const { page, bare } = await withSession(browser, web.url);
  // the page and its answers arrive; its script is held back while another tab logs time
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(BOOT, async (route: Route) => {
    await released;
    await route.continue();
  });
  await page.goto(bare);
  await expect(page.getByRole('form', { name: 'Log or time your work' })).toBeVisible();
  const [job] = (await call(web, 'listJobs', {})) as Array<{ jobId: string }>;
  await call(web, 'logTime', { jobId: job.jobId, workDate: TEST_TODAY, hours: '00:45', description: 'logged in another tab meanwhile' });
  // sent and settled before the page listens to the core: no push of it is left to come (the window must catch up)
  await expect
    .poll(async () => {
      const { outbox } = (await call(web, 'getStatus', {})) as { outbox: { queued: number; sending: number } };
      return outbox.queued + outbox.sending;
    })
    .toBe(0);
  release();
  // the page's answers did not have it
  await expect(page.getByTestId('day-log').filter({ hasText: 'logged in another tab meanwhile' })).toBeVisible();
});
