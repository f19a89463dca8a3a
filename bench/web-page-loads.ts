/**
 * 5. Web mode, in the browser: page loads of the app against a blank page from the same server (interleaved, so both
 * see the same load), timed to the first paint, to the app's own mark (usable) and to "online". bench/web-mode.ts
 * starts the server and calls this.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, goal, median, ms, report, summarize, within } from './measure';
import { quietPaint } from './web-quiet-paint';

const RENDERER = join(dirname(fileURLToPath(import.meta.url)), '..', 'out', 'renderer');
const CHROMIUM = '/usr/bin/chromium';
export const PAGE_LOADS = 15;
/** The first tab's content painted within 300 ms (median): what a tray window must show before it feels slow. */
const FIRST_SCREEN_BUDGET_MS = 300;
const within_ = (value: number, budget: number, unit: string) => `${value <= budget ? 'within' : 'OVER'} the budget of ${budget}${unit}`;

/** A page of one heading and no script or stylesheet, served by the same server from the same folder: the floor. */
export const BLANK_PAGE = '__bench-blank.html';
export const BLANK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Punchcard</title></head><body><h1>Punchcard</h1></body></html>';
/** The goal: the first tab's content painted within twice the blank page's first paint; before: 2.3-2.6x (docs/benchmarks.md). */
const PAINT_RATIO_GOAL = 2;
const PAINT_RATIO_BASELINE = 2.3;

/** The first tab usable (the app's mark) within twice a blank page's first paint: the app costs at most what the page itself does again. */
const USABLE_RATIO_GOAL = 2;
const USABLE_RATIO_BASELINE = 3;

/**
 * A quiet load's times (ms from navigation): first paint, the app's script asked for (main.tsx), run (boot.tsx), the
 * mark; and the early-input layer's mark (src/renderer/src/first-screen/early-input.ts: the page takes input).
 */
interface QuietTimes {
  fcp: number;
  mark: number;
  asked: number;
  runs: number;
  takes: number;
}

/**
 * The first tab takes input (the early layer's mark) once it is also painted: a user acts on what is shown, and the
 * layer, run as the page is parsed, is on before the paint.
 */
const takesInputAt = (fcp: number, takes: number) => (Number.isFinite(fcp) && Number.isFinite(takes) ? Math.max(fcp, takes) : Number.NaN);

/** The early layer: the first tab takes input within twice a blank page's first paint. */
const TAKES_RATIO_GOAL = 2;

/**
 * A load of the app in a new context in which nothing of Playwright's runs in the page until the app's mark: the
 * mark and the first paint are reported through a binding (CDP, no script in the page) by an observer installed
 * before the page's own scripts. The loads below wait with Playwright's locators, whose script (100-odd kB, injected
 * at the first wait) is parsed and run on the page's main thread right while the app starts: 40-100 ms of it on two
 * busy CPUs, in the very stretch between the first paint and the mark (a Chromium trace of a load shows it).
 */
async function quietLoad(
  browser: import('playwright-core').Browser,
  url: string,
  cookie: { name: string; value: string; url: string },
): Promise<QuietTimes> {
  const context = await browser.newContext();
  await context.addCookies([cookie]);
  try {
    const page = await context.newPage();
    let resolve!: (times: QuietTimes) => void;
    const seen = new Promise<QuietTimes>((r) => (resolve = r));
    await page.exposeBinding('__benchFirstScreen', (_source, fcp: number, mark: number, asked: number, runs: number, takes: number) =>
      resolve({ fcp, mark, asked, runs, takes }),
    );
    // (no named function inside: tsx would wrap it in a helper the page does not have)
    await page.addInitScript(() => {
      new PerformanceObserver((list, observer) => {
        const mark = list.getEntriesByName('punchcard:first-screen')[0];
        if (!mark) return;
        observer.disconnect();
        (
          window as unknown as { __benchFirstScreen: (fcp: number, mark: number, asked: number, runs: number, takes: number) => void }
        ).__benchFirstScreen(
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          mark.startTime,
          performance.getEntriesByName('punchcard:app-asked')[0]?.startTime ?? Number.NaN,
          performance.getEntriesByName('punchcard:app-script')[0]?.startTime ?? Number.NaN,
          performance.getEntriesByName('punchcard:takes-input')[0]?.startTime ?? Number.NaN,
        );
      }).observe({ type: 'mark', buffered: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    return await within(15_000, "the app's punchcard:first-screen mark", seen).catch(() => ({
      fcp: Number.NaN,
      mark: Number.NaN,
      asked: Number.NaN,
      runs: Number.NaN,
      takes: Number.NaN,
    }));
  } finally {
    await context.close();
  }
}

/**
 * The run's session cookie, as the page's first call with the run token gets it (src/web/session-cookie.ts): each load
 * below is in a browser that holds it, as a reload or a tab reopened from history is, so the page comes with the first
 * screen's answers (src/web/first-answers.ts). Only the very first open after `npm run web` has none yet.
 */
export async function sessionCookie(url: string): Promise<{ name: string; value: string; url: string }> {
  const { origin, hash } = new URL(url);
  const answer = await fetch(`${origin}/rpc/getAccount`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${hash.slice('#token='.length)}` },
    body: '{}',
  });
  const [name, value] = (answer.headers.get('set-cookie') ?? '').split(';')[0].split('=');
  return { name, value, url: origin };
}

/** The blank page's first contentful paint in a new context (a cold cache, as the app's loads). */
async function blankPaint(browser: import('playwright-core').Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${new URL(url).origin}/${BLANK_PAGE}`, { waitUntil: 'commit' });
    return await page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 15_000 })
      .then(
        (h) => h.jsonValue() as Promise<number>,
        () => Number.NaN,
      );
  } finally {
    await context.close();
  }
}

/** Navigation to the first visible tab, and to the status saying "online" (the core answered through the server). */
export async function pageLoads(url: string): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    report('first visible tab in Chromium', `skipped: ${CHROMIUM} is not installed`);
    return;
  }
  const { chromium } = await import('playwright-core');
  const t0 = performance.now();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  report('Chromium launch', ms(performance.now() - t0));
  try {
    const toTab: number[] = [];
    const firstScreen: number[] = [];
    const usable: number[] = [];
    const toOnline: number[] = [];
    const domReady: number[] = [];
    const blank: number[] = [];
    const ratios: number[] = [];
    const usableRatios: number[] = [];
    const quietUsable: number[] = [];
    const quietRatios: number[] = [];
    const quiet: QuietTimes[] = [];
    const takes: number[] = [];
    const takesRatios: number[] = [];
    // the same two ratios against a blank page measured as quietly (bench/web-quiet-paint.ts)
    const quietPaints: number[] = [];
    const quietTakes: number[] = [];
    const quietBlank: number[] = [];
    writeFileSync(join(RENDERER, BLANK_PAGE), BLANK_HTML);
    const cookie = await sessionCookie(url);
    for (let i = 0; i < PAGE_LOADS; i++) {
      // interleaved with the app's loads, so both see the same load on a shared machine
      const floor = await blankPaint(browser, url);
      blank.push(floor);
      // A new context each time: empty cache and sessionStorage, the run's session cookie (sessionCookie).
      const context = await browser.newContext();
      await context.addCookies([cookie]);
      const page = await context.newPage();
      const start = performance.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByRole('tab').first().waitFor({ state: 'visible', timeout: 15_000 });
      toTab.push(performance.now() - start);
      // The first tab's content painted: index.html holds it (prerender.tsx), so the browser's first contentful paint is
      // that content; and the app's own mark (TrackScreen, once the script has taken it over and it can be used).
      const mark = await page
        .waitForFunction(() => performance.getEntriesByName('punchcard:first-screen')[0]?.startTime, undefined, { timeout: 15_000 })
        .then(
          (h) => h.jsonValue() as Promise<number>,
          () => Number.NaN,
        );
      if (Number.isFinite(mark)) usable.push(mark);
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
      if (Number.isFinite(fcp)) firstScreen.push(fcp);
      if (Number.isFinite(fcp) && Number.isFinite(floor) && floor > 0) ratios.push(fcp / floor);
      if (Number.isFinite(mark) && Number.isFinite(floor) && floor > 0) usableRatios.push(mark / floor);
      const online = await page
        .getByTestId('status')
        .filter({ hasText: /online/i })
        .waitFor({ timeout: 15_000 })
        .then(
          () => performance.now() - start,
          () => Number.NaN,
        );
      if (Number.isFinite(online)) toOnline.push(online);
      domReady.push(
        await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          return nav ? nav.domContentLoadedEventEnd : Number.NaN;
        }),
      );
      await context.close();
      // and the same app once more, measured without Playwright's script in the page, against the same blank page
      const times = await quietLoad(browser, url, cookie);
      quiet.push(times);
      if (Number.isFinite(times.mark)) quietUsable.push(times.mark);
      if (Number.isFinite(times.mark) && Number.isFinite(floor) && floor > 0) quietRatios.push(times.mark / floor);
      const takesAt = takesInputAt(times.fcp, times.takes);
      if (Number.isFinite(takesAt)) takes.push(takesAt);
      if (Number.isFinite(takesAt) && Number.isFinite(floor) && floor > 0) takesRatios.push(takesAt / floor);
      const quietFloor = await quietPaint(browser, `${new URL(url).origin}/${BLANK_PAGE}`);
      quietBlank.push(quietFloor);
      if (Number.isFinite(times.fcp) && quietFloor > 0) quietPaints.push(times.fcp / quietFloor);
      if (Number.isFinite(takesAt) && quietFloor > 0) quietTakes.push(takesAt / quietFloor);
    }
    report('navigation -> first tab visible (as Playwright sees it)', describe(summarize(toTab)));
    if (firstScreen.length) {
      const s = summarize(firstScreen);
      report(
        "navigation -> first tab's content painted (first-contentful-paint)",
        `${describe(s)}; ${within_(Math.round(s.median), FIRST_SCREEN_BUDGET_MS, ' ms')} (median)`,
      );
    } else report("navigation -> first tab's content painted", 'n/a (no first-contentful-paint entry)');
    report('a blank page from the same server: first paint', describe(summarize(blank.filter(Number.isFinite))));
    if (ratios.length) {
      report(
        "  first tab's content / blank page (median of the rounds)",
        goal(median(ratios), {
          goal: PAINT_RATIO_GOAL,
          atMost: true,
          baseline: PAINT_RATIO_BASELINE,
          format: (v) => `${v.toFixed(2)}x`,
        }),
      );
    }
    report(
      "navigation -> first tab usable (the app's mark, script in charge)",
      usable.length ? describe(summarize(usable)) : 'n/a (the page set no punchcard:first-screen mark within 15 s)',
    );
    const usableGoal = (ratios_: number[]) =>
      goal(median(ratios_), { goal: USABLE_RATIO_GOAL, atMost: true, baseline: USABLE_RATIO_BASELINE, format: (v) => `${v.toFixed(2)}x` });
    if (usableRatios.length) report('  first tab usable / blank page (median of the rounds)', usableGoal(usableRatios));
    if (quietUsable.length) {
      report("  the same, nothing of Playwright's in the page until the mark", describe(summarize(quietUsable)));
      report('  first tab usable / blank page, measured so (median of the rounds)', usableGoal(quietRatios));
      // where the time between the first paint and the mark goes (medians of the quiet loads; docs/benchmarks.md)
      const at = (pick: (t: QuietTimes) => number) => ms(median(quiet.map(pick).filter(Number.isFinite)));
      report(
        '  the same loads: first paint -> script asked -> script runs -> mark',
        `${at((t) => t.fcp)} -> ${at((t) => t.asked)} -> ${at((t) => t.runs)} -> ${at((t) => t.mark)} (main.tsx's start, boot.tsx's compile and run, hydration to input)`,
      );
    }
    report(
      'navigation -> first tab takes input (early layer: painted, its mark set)',
      takes.length ? describe(summarize(takes)) : 'n/a (the page set no punchcard:takes-input mark)',
    );
    if (takesRatios.length) {
      report(
        '  first tab takes input (early layer) / blank page (median of the rounds)',
        goal(median(takesRatios), {
          goal: TAKES_RATIO_GOAL,
          atMost: true,
          baseline: USABLE_RATIO_BASELINE,
          format: (v) => `${v.toFixed(2)}x`,
        }),
      );
    }
    // Playwright's waits above run its script in the page, the blank page's and the app's alike, before their paints
    report("a blank page, nothing of Playwright's in it: first paint", describe(summarize(quietBlank.filter(Number.isFinite))));
    const ratio = (v: number[]) =>
      v.length ? `${median(v).toFixed(2)}x (${Math.min(...v).toFixed(2)}-${Math.max(...v).toFixed(2)}x)` : 'n/a';
    report("  both so: first tab's content / blank page", `${ratio(quietPaints)}, median of the rounds (goal 2x)`);
    report('  both so: first tab takes input / blank page', `${ratio(quietTakes)}, median of the rounds (goal 2x)`);
    report('  DOMContentLoaded (Navigation Timing)', describe(summarize(domReady)));
    report(
      'navigation -> status shows "online"',
      toOnline.length ? describe(summarize(toOnline)) : 'n/a (no status element said online within 15 s)',
    );
  } finally {
    rmSync(join(RENDERER, BLANK_PAGE), { force: true });
    await browser.close();
  }
}
