/**
 * Which fonts (family, size, weight, style) the first screen draws before the app's script runs, and where: each text
 * the browser lays out in the built page, with the app's own script held back (what the first paint shows), grouped by
 * font. Each distinct font is a synchronous call to the browser process on Linux before the first paint
 * (bench/web-paint.ts counts them), so this says which rule costs one. Also screenshots of that first screen.
 *
 *   npx tsx bench/web-paint-fonts.ts [language=en] [width=1280] [screenshot.png]
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../src/sandbox/index';
import { sessionCookie } from './web-page-loads';
import { currentWebEntry, startWebServer, WEB_ENTRIES } from './web-server';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';

interface Drawn {
  font: string;
  where: string;
  text: string;
}

async function main(): Promise<void> {
  const [language = 'en', width = '1280', shot] = process.argv.slice(2);
  if (!existsSync(join(ROOT, 'out', 'renderer', 'index.html'))) throw new Error('run node scripts/build-app.mjs first');
  const { chromium } = await import('playwright-core');
  const sandbox = await startSandbox({});
  const server = await startWebServer(WEB_ENTRIES[currentWebEntry()], {
    PUNCH_BASE_URL: sandbox.url,
    PUNCH_TOKEN: sandbox.demoToken,
    PUNCH_USER: sandbox.demoUser,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale: language, viewport: { width: Number(width), height: 800 } });
    await context.addCookies([await sessionCookie(server.url)]);
    const page = await context.newPage();
    // the app's script held back: the screen as painted first, laid out by the page's own HTML and CSS
    // (held, not refused: a refused script has the page say it cannot start)
    const held: Array<() => Promise<void>> = [];
    await page.route(/\/assets\/(boot|first-)[^/]*\.js$/, (route) => void held.push(() => route.abort()));
    await page.goto(new URL(server.url).origin + '/', { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    const drawn = await page.evaluate((): Drawn[] => {
      const out: Drawn[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || !n.textContent?.trim() || el.closest('template, script, style')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        if (range.getClientRects().length === 0) continue;
        const s = getComputedStyle(el);
        const cls = el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
        out.push({
          font: `${s.fontWeight} ${s.fontStyle === 'normal' ? '' : s.fontStyle + ' '}${s.fontSize} ${s.fontFamily}`,
          where: `${el.tagName.toLowerCase()}${cls}`,
          text: n.textContent.trim().slice(0, 40),
        });
      }
      // inputs' placeholders and values are text drawn too
      for (const el of document.querySelectorAll<HTMLInputElement>('input, textarea, select')) {
        if (el.getClientRects().length === 0 || el.type === 'hidden') continue;
        const s = getComputedStyle(el);
        out.push({
          font: `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`,
          where: `${el.tagName.toLowerCase()}[${el.name || el.id || el.type}]`,
          text: el.placeholder || el.value || '(field)',
        });
      }
      return out;
    });
    const byFont = new Map<string, Drawn[]>();
    for (const d of drawn) byFont.set(d.font, [...(byFont.get(d.font) ?? []), d]);
    console.log(`${language} at ${width} px: ${byFont.size} fonts drawn before the app's script`);
    for (const [font, list] of [...byFont].sort()) {
      console.log(`\n${font}  (${list.length})`);
      for (const d of list) console.log(`    ${d.where}: ${d.text}`);
    }
    if (shot) await page.screenshot({ path: shot, fullPage: true });
    await page.close();
    for (const release of held) await release().catch(() => undefined);
  } finally {
    await browser.close();
    await server.stop();
    await sandbox.close();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
