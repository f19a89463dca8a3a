/**
 * What the first screen's script holds (electron.vite.config.ts `firstScreenChunk`): every module boot.tsx reaches
 * through static imports, so a package's index imported for one function brings every module it names. date-fns'
 * index brought `format`, its formatters and the en-US locale (19.5 kB of the 413 kB compiled before the first screen
 * takes input); src/shared/time/week.ts imports date-fns function by function (docs/benchmarks.md, "Seventh pass").
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
