/**
 * A page's first contentful paint as the page itself reports it, with nothing of Playwright's evaluated in the page:
 * a binding (CDP, no script) called from an observer installed before the page's own scripts. Playwright's waits
 * (`waitForFunction`, locators) evaluate its injected script, 100-odd kB, on the page's main thread: a trace of a
 * load shows 12 ms of it among the page's own parsing, before its paint, which then waits for it. Used by
 * bench/web-paint.ts for every load and by bench/web-page-loads.ts for its blank page's quiet paint.
 */
import { within } from './measure';

type Page = import('playwright-core').Page;

/** Call before `page.goto`: resolves with the paint's time (ms from navigation), rejects after `limitMs`. */
export async function paintReported(page: Page, limitMs = 15_000): Promise<() => Promise<number>> {
  let painted!: (at: number) => void;
  const seen = new Promise<number>((r) => (painted = r));
  await page.exposeBinding('__benchPainted', (_source, at: number) => painted(at));
  // (no named function inside: tsx would wrap it in a helper the page does not have)
  await page.addInitScript(() => {
    new PerformanceObserver((list, observer) => {
      const fcp = list.getEntriesByName('first-contentful-paint')[0];
      if (!fcp) return;
      observer.disconnect();
      (window as unknown as { __benchPainted: (at: number) => void }).__benchPainted(fcp.startTime);
    }).observe({ type: 'paint', buffered: true });
  });
  return () => within(limitMs, 'the first contentful paint', seen);
}

/** The first contentful paint of `url` in a new context (a cold cache), measured quietly; NaN when none came. */
export async function quietPaint(browser: import('playwright-core').Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const paint = await paintReported(page);
    await page.goto(url, { waitUntil: 'commit' });
    return await paint().catch(() => Number.NaN);
  } finally {
    await context.close();
  }
}
