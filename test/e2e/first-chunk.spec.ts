/**
 * What the first screen's script holds (electron.vite.config.ts `firstScreenChunk`): every module boot.tsx reaches
 * through static imports, so a package's index imported for one function brings every module it names. date-fns'
 * index brought `format`, its formatters and the en-US locale (19.5 kB of the 413 kB compiled before the first screen
 * takes input); src/shared/time/week.ts imports date-fns function by function (docs/benchmarks.md, "Seventh pass").
 * Nor does the first screen pay for what it does not draw: ICU's locale lists (react-intl made on first use: I18n.tsx)
 * and a stylesheet of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

test("the first screen's script holds no date-fns format: it comes with the screens that write dates in words", async ({
  browser,
  web,
}) => {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(web.url);
  await page.waitForFunction(() => performance.getEntriesByName('punchcard:first-screen').length > 0);
  const scripts = await page.evaluate(() => {
    const mark = performance.getEntriesByName('punchcard:first-screen')[0].startTime;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.endsWith('.js'))
      .map((r) => ({ url: r.name, beforeMark: r.fetchStart < mark }));
  });
  const texts = await Promise.all(scripts.map((s) => page.request.get(s.url).then((r) => r.text())));
  // date-fns' format's own refusal of a bad pattern: in no script fetched before the mark
  const holdsFormat = (text: string) => text.includes('Format string contains an unescaped latin alphabet character');
  const first = scripts.flatMap((s, i) => (s.beforeMark && holdsFormat(texts[i]) ? [new URL(s.url).pathname] : []));
  expect(first).toEqual([]);
  // ...while the app does hold it (so the probe is right), in a chunk of the screens that write dates in words
  const assets = join('out', 'renderer', 'assets');
  const holders = readdirSync(assets).filter((f) => f.endsWith('.js') && holdsFormat(readFileSync(join(assets, f), 'utf8')));
  expect(holders.length).toBeGreaterThan(0);
  expect(holders.filter((f) => /^(boot|index)-/.test(f))).toEqual([]);
  await context.close();
});

test("the first screen takes input without starting ICU's locale lists or waiting on a stylesheet of its own", async ({ browser, web }) => {
  const context = await browser.newContext({ viewport: { width: 420, height: 640 }, locale: 'en-US' });
  const page = await context.newPage();
  // every ask of an Intl service for the locales it supports, timed (react-intl's setup makes two: I18n.tsx)
  await page.addInitScript(() => {
    const asks: Array<{ kind: string; at: number }> = [];
    (window as unknown as { __intlAsks: typeof asks }).__intlAsks = asks;
    for (const kind of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat'] as const) {
      const service = Intl[kind] as unknown as { supportedLocalesOf: (...a: unknown[]) => string[] };
      const own = service.supportedLocalesOf.bind(service);
      service.supportedLocalesOf = (...a: unknown[]) => (asks.push({ kind, at: performance.now() }), own(...a));
    }
  });
  await page.goto(web.url);
  await page.waitForFunction(() => performance.getEntriesByName('punchcard:first-screen').length > 0);
  const seen = await page.evaluate(() => {
    const mark = performance.getEntriesByName('punchcard:first-screen')[0].startTime;
    const asks = (window as unknown as { __intlAsks: Array<{ kind: string; at: number }> }).__intlAsks;
    return {
      asks: asks.filter((a) => a.at < mark).map((a) => a.kind),
      styles: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.name.endsWith('.css') && r.fetchStart < mark)
        .map((r) => new URL(r.name).pathname),
    };
  });
  expect(seen.asks).toEqual([]);
  // the first screen's styles are all in the page (main.tsx); Vite's loader would hold the app's script for any other
  expect(seen.styles).toEqual([]);
  // the probe is right: an ask is recorded
  const recorded = await page.evaluate(() => {
    Intl.NumberFormat.supportedLocalesOf('en');
    return (window as unknown as { __intlAsks: unknown[] }).__intlAsks.length;
  });
  expect(recorded).toBeGreaterThan(0);
  await context.close();
});
