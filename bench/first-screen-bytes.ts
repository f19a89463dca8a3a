/**
 * What a user downloads for the first screen in one language: the page (index.html) and every file the browser
 * fetched until the app's own mark (`punchcard:first-screen`: the Track tab usable, its script in charge), in a real
 * Chromium with a cold cache, each counted gzipped as a server would send it (zlib default level). Not counted: the
 * other screens, fetched while idle after the mark (src/renderer/src/screens.tsx), and the other languages' messages,
 * which a window in one language never asks for. The renderer's budget (150 KB gzip, an earlier issue's) is checked
 * against this figure: the whole of out/renderer counts every language's messages and every screen, which no user
 * downloads at once (bench/web-mode.ts reports it beside).
 *
 *   npx tsx bench/first-screen-bytes.ts [LOCALE]   (default en-US; its own sandbox and web server; also in `npm run bench -- web`)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { kib, report, within } from './measure';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RENDERER = join(ROOT, 'out', 'renderer');
const CHROMIUM = '/usr/bin/chromium';
/** The budget: the first screen, in one language, under 150 KB gzipped. */
export const FIRST_SCREEN_BUDGET_GZ = 150 * 1024;

export interface FirstScreenBytes {
  gzip: number;
  raw: number;
  files: Array<{ path: string; gzip: number }>;
}

/** The files of one cold load of `url` in `locale` until the app's mark, gzipped sizes from out/renderer. */
export async function firstScreenBytes(url: string, locale = 'en-US'): Promise<FirstScreenBytes> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    let marked!: (paths: string[]) => void;
    const seen = new Promise<string[]>((r) => (marked = r));
    // at the mark, what the page fetched so far (Resource Timing), from a binding: nothing of Playwright's in the page
    await page.exposeBinding('__benchFetched', (_source, paths: string[]) => marked(paths));
    await page.addInitScript(() => {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntriesByName('punchcard:first-screen')[0]) return;
        observer.disconnect();
        const paths = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
        (window as unknown as { __benchFetched: (paths: string[]) => void }).__benchFetched(paths);
      }).observe({ type: 'mark', buffered: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    const fetched = await within(20_000, "the app's punchcard:first-screen mark", seen);
    await context.close();
    const paths = ['/index.html', ...new Set(fetched.filter((p) => p.startsWith('/assets/')))];
    const files = paths.map((p) => {
      const file = join(RENDERER, p);
      const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
      return { path: p, raw: bytes.length, gzip: bytes.length ? gzipSync(bytes).length : 0 };
    });
    return {
      gzip: files.reduce((n, f) => n + f.gzip, 0),
      raw: files.reduce((n, f) => n + f.raw, 0),
      files: files.map(({ path, gzip }) => ({ path, gzip })),
    };
  } finally {
    await browser.close();
  }
}

/** Reports the figure against the budget, with the files it is made of. */
export async function reportFirstScreenBytes(url: string, locale = 'en-US'): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    report('first screen in one language, gzip', `skipped: ${CHROMIUM} is not installed`);
    return;
  }
  const m = await firstScreenBytes(url, locale);
  const verdict = m.gzip <= FIRST_SCREEN_BUDGET_GZ ? 'within' : 'OVER';
  report(
    `first screen in one language (${locale}), gzip`,
    `${kib(m.gzip)} (${kib(m.raw)} raw) in ${m.files.length} files: ${verdict} the budget of ${FIRST_SCREEN_BUDGET_GZ / 1024} KiB`,
  );
  for (const f of [...m.files].sort((a, b) => b.gzip - a.gzip)) report(`  ${f.path}`, kib(f.gzip));
}

/**
 * Run on its own. Not a top-level await: web-mode.ts imports this module, so awaiting its import here would wait on
 * this module's own evaluation (a cycle through top-level await never settles: Node exits with code 13).
 */
async function main(): Promise<void> {
  const { startSandbox } = await import('../src/sandbox/index');
  const { startWebServer, WEB_ENTRIES, currentWebEntry } = await import('./web-server');
  const sandbox = await startSandbox({});
  const server = await startWebServer(WEB_ENTRIES[currentWebEntry()], {
    PUNCH_BASE_URL: sandbox.url,
    PUNCH_TOKEN: sandbox.demoToken,
    PUNCH_USER: sandbox.demoUser,
  });
  try {
    await reportFirstScreenBytes(server.url, process.argv[2]);
  } finally {
    await server.stop();
    await sandbox.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
