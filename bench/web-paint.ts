/**
 * `npm run bench -- paint`: what the first paint waits for on the page's main thread. Traced loads (Chromium's own
 * trace, bench/web-paint-trace.ts) of the built app and of a blank page from the same web server, interleaved (each
 * round both, in turns first), each in a new context (cold cache, the run's session cookie as a reload has it): the
 * main thread's work from navigation to the first contentful paint (parsing, scripts, style, layout, pre-paint,
 * paint; each kind by its own time) with its spread, and the paint itself. The work is a steadier figure than the
 * paint's time on a shared machine: it counts what this page makes the thread do, not how long the thread waited for
 * a CPU, nor the raster and the compositor's frame after it.
 *
 *   npm run bench -- paint                          (about 30-50 s on 2 CPUs)
 *   PUNCH_PAINT_AGAINST=/work/wt/other npm run bench -- paint
 *       also the app as another tree builds it (its out/web/web.mjs, else its src/web/main.ts under tsx, serving its
 *       out/renderer), in the same rounds: two builds compared under the same load. A page whose inline stylesheet or
 *       script was edited by hand must be served this way, by a server of its own (a copy of out/ with its index.html):
 *       the server's Content-Security-Policy header allows its own index.html's inline blocks only, so the same edit
 *       at another address is a page without its stylesheet.
 *   PUNCH_PAINT_ROUNDS=20 npm run bench -- paint    more rounds (default 12)
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../src/sandbox/index';
import { BLANK_HTML, BLANK_PAGE, sessionCookie } from './web-page-loads';
import { paintWork, PAINT_TRACE_CATEGORIES, WORK_KINDS, type PaintWork } from './web-paint-trace';
import { currentWebEntry, startWebServer, WEB_ENTRIES, type WebServer } from './web-server';
import { median, method, ms, percentile, report, summarize } from './measure';
import { paintReported } from './web-quiet-paint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RENDERER = join(ROOT, 'out', 'renderer');
const CHROMIUM = '/usr/bin/chromium';
const ROUNDS = Number(process.env.PUNCH_PAINT_ROUNDS) || 12;
/** Loads of each page before the rounds, not counted: the server's and the browser's first-time costs. */
const WARM_UP = 2;

type Browser = import('playwright-core').Browser;
type Cookie = { name: string; value: string; url: string };

/** One traced load of `url` in a new context, until its first contentful paint has been seen by the page. */
async function tracedLoad(browser: Browser, url: string, cookie: Cookie, trace: boolean): Promise<PaintWork | Error> {
  const context = await browser.newContext();
  await context.addCookies([cookie]);
  try {
    const page = await context.newPage();
    // a page whose inline blocks the policy refuses paints unstyled, and fast: no figure rather than a wrong one
    let refused = '';
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused ||= m.text().slice(0, 120);
    });
    // nothing of Playwright's evaluated in the page: its injected script would be counted as the page's work
    const paint = await paintReported(page);
    if (trace) await browser.startTracing(page, { categories: PAINT_TRACE_CATEGORIES });
    // the paint reported to the page means its trace event is written
    const fcp = await page
      .goto(url, { waitUntil: 'commit' })
      .then(paint)
      .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    const buffer = trace ? await browser.stopTracing() : null;
    if (fcp instanceof Error) return fcp;
    if (refused) return new Error(`the page broke its Content-Security-Policy: ${refused}`);
    return buffer ? paintWork(buffer, fcp) : new Error('not traced');
  } finally {
    await context.close();
  }
}

const spread = (values: number[]) => {
  const s = summarize(values);
  return `median ${ms(s.median)} (p25 ${ms(percentile(values, 25))}, p75 ${ms(percentile(values, 75))}, min ${ms(s.min)}, max ${ms(s.max)}, n=${s.n})`;
};

export async function runWebPaint(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    report('main thread before the first paint', `skipped: ${CHROMIUM} is not installed`);
    return;
  }
  if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('out/renderer/index.html is missing: run node scripts/build-app.mjs');
  const others = (process.env.PUNCH_PAINT_AGAINST ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  method(
    `${ROUNDS} rounds (after ${WARM_UP} loads of each, not counted), each a traced load of the app (/, with the session cookie) ` +
      `and of a blank page (one heading, no script or style) from the same server` +
      `${others.length ? `, and of the app as built in ${others.join(', ')} (a server of its own each)` : ''}, ` +
      `in turns first; headless Chromium, a new context each load. From each trace, navigationStart -> firstContentfulPaint ` +
      `on the painting renderer's main thread: the own time of ${WORK_KINDS.join(', ')} (summed: "work") and of its tasks ` +
      `(RunTask: "busy"); the paint's time as the page reports it (Paint Timing; tracing slows every page alike).`,
  );
  const { chromium } = await import('playwright-core');
  const sandbox = await startSandbox({});
  const account = { PUNCH_BASE_URL: sandbox.url, PUNCH_TOKEN: sandbox.demoToken, PUNCH_USER: sandbox.demoUser };
  const servers: WebServer[] = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  writeFileSync(join(RENDERER, BLANK_PAGE), BLANK_HTML);
  try {
    const server = await startWebServer(WEB_ENTRIES[currentWebEntry()], account);
    servers.push(server);
    const { origin } = new URL(server.url);
    const pages: Array<{ name: string; url: string; cookie: Cookie }> = [
      { name: 'app', url: `${origin}/`, cookie: await sessionCookie(server.url) },
      { name: 'blank', url: `${origin}/${BLANK_PAGE}`, cookie: await sessionCookie(server.url) },
    ];
    for (const root of others) {
      const entry = existsSync(join(root, 'out', 'web', 'web.mjs')) ? WEB_ENTRIES.bundle : WEB_ENTRIES.tsx;
      const other = await startWebServer(entry, account, root);
      servers.push(other);
      pages.push({ name: basename(root), url: `${new URL(other.url).origin}/`, cookie: await sessionCookie(other.url) });
    }
    const results = new Map<string, PaintWork[]>(pages.map(({ name }) => [name, []]));
    const ratios = new Map<string, number[]>(pages.map(({ name }) => [name, []]));
    const failures: string[] = [];
    for (let i = 0; i < WARM_UP; i++) for (const { url, cookie } of pages) await tracedLoad(browser, url, cookie, false);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? pages : [...pages].reverse();
      const got = new Map<string, PaintWork>();
      for (const { name, url, cookie } of order) {
        const r = await tracedLoad(browser, url, cookie, true);
        if (r instanceof Error) failures.push(`${name}: ${r.message}`);
        else {
          results.get(name)!.push(r);
          got.set(name, r);
        }
      }
      const blank = got.get('blank');
      for (const { name } of pages) {
        const mine = got.get(name);
        if (mine && blank && blank.fcp > 0 && name !== 'blank') ratios.get(name)!.push(mine.fcp / blank.fcp);
      }
    }
    for (const { name } of pages) {
      const list = results.get(name)!;
      if (!list.length) continue;
      report(`${name}: main thread's work before the first paint`, spread(list.map((r) => r.work)));
      report(`  by kind (medians)`, WORK_KINDS.map((k) => `${k} ${ms(median(list.map((r) => r.byKind[k])))}`).join(', '));
      report(`  its tasks before the paint (busy)`, spread(list.map((r) => r.busy)));
      report(
        `  font calls waited for (count; their time)`,
        `median ${median(list.map((r) => r.fontCalls))} (min ${Math.min(...list.map((r) => r.fontCalls))}, max ${Math.max(...list.map((r) => r.fontCalls))}); ${ms(median(list.map((r) => r.fontMs)))}`,
      );
      report(`  navigation -> first contentful paint (traced)`, spread(list.map((r) => r.fcp)));
    }
    const blankWork = median(results.get('blank')!.map((r) => r.work));
    for (const { name } of pages.filter((p) => p.name !== 'blank')) {
      const list = ratios.get(name)!;
      if (list.length) report(`${name} / blank: first contentful paint (per round)`, spread(list).replace(/ ms/g, 'x'));
      const work = results.get(name)!.map((r) => r.work);
      if (work.length) report(`  ${name}'s work less the blank page's (medians)`, ms(median(work) - blankWork));
    }
    if (failures.length) report('loads without figures', `${failures.length}: ${[...new Set(failures)].join('; ')}`);
  } finally {
    rmSync(join(RENDERER, BLANK_PAGE), { force: true });
    await browser.close();
    for (const s of servers) await s.stop();
    await sandbox.close();
  }
}
