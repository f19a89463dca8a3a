/**
 * 5. Web mode: how fast the server is up, how much memory it holds while idle, how soon a browser shows the
 * interface, and how big the built renderer is. The server is what `npm run web` runs (the bundle out/web/web.mjs
 * when current, else src/web/main.ts under tsx), pointed at a sandbox in this process with the environment account
 * (PUNCH_BASE_URL / PUNCH_TOKEN / PUNCH_USER) and a fresh PUNCH_DATA_DIR each start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startSandbox } from '../src/sandbox/index';
import { pageLoads, PAGE_LOADS } from './web-page-loads';
import { reportFirstScreenBytes } from './first-screen-bytes';
import { currentWebEntry, startWebServer, WEB_ENTRIES, type WebServer } from './web-server';
import { describe, kib, method, mib, processRss, report, sleep, summarize } from './measure';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RENDERER = join(ROOT, 'out', 'renderer');
const STARTS = 5;
const IDLE_MS = 5_000;

/** The built renderer's JS and CSS, raw and gzipped (zlib default level, as a server would compress). */
function rendererBytes(): void {
  if (!existsSync(join(RENDERER, 'index.html'))) {
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
    if (build.status !== 0)
      throw new Error(
        `out/renderer is missing and npx electron-vite build failed: ${(build.stderr || build.stdout).trim().split('\n').slice(-2).join(' | ')}`,
      );
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.push(p);
    }
  };
  walk(RENDERER);
  let allGz = 0;
  for (const kind of ['.js', '.css']) {
    const mine = files.filter((f) => extname(f) === kind);
    const raw = mine.reduce((n, f) => n + statSync(f).size, 0);
    const gz = mine.reduce((n, f) => n + gzipSync(readFileSync(f)).length, 0);
    allGz += gz;
    report(
      `renderer ${kind.slice(1).toUpperCase()} (${mine.length} file${mine.length === 1 ? '' : 's'})`,
      `${kib(raw)} raw, ${kib(gz)} gzip`,
    );
  }
  // no budget here: every language's messages and every screen, which no user downloads at once; the budget is checked
  // against the first screen in one language (./first-screen-bytes.ts, after the page loads below)
  report('renderer, all of it, gzip', `${kib(allGz)} (every language and every screen)`);
  // What the first screen needs: index.html's own script and styles and the chunks they import at once (modulepreload).
  const html = readFileSync(join(RENDERER, 'index.html'), 'utf8');
  const named = (re: RegExp) => [...html.matchAll(re)].map((m) => join(RENDERER, m[1]));
  const gz = (files: string[]) => files.reduce((n, f) => n + (existsSync(f) ? gzipSync(readFileSync(f)).length : 0), 0);
  // anything preloaded from the head (none since the fifth pass's preloads were taken out: electron.vite.config.ts)
  const preloaded = named(/<link rel="preload"[^>]*href="\.?\/?(assets\/[^"]+\.(?:js|css))"/g);
  const first = named(/<(?:script|link)(?![^>]*rel="(?:prefetch|preload)")[^>]*(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g);
  report(
    '  needed before the first paint, gzip',
    `${kib(gzipSync(html).length)} (index.html: the first tab and its stylesheet inline) + ${kib(gz(first))} in ${first.length} ` +
      `file${first.length === 1 ? '' : 's'} loaded with it` +
      (preloaded.length ? `; preloaded beside it: ${kib(gz(preloaded))} in ${preloaded.length} files` : '') +
      `; the app's script and the window's messages are asked for after that paint, the other screens while idle`,
  );
  const builtAt = statSync(join(RENDERER, 'index.html')).mtime.toISOString();
  report('  built at', `${builtAt} (out/renderer, not rebuilt by the benchmark when present)`);
}

export async function runWebMode(): Promise<void> {
  const entry = WEB_ENTRIES[currentWebEntry()];
  method(
    `${STARTS} starts of node ${entry.join(' ')} --port 0 --no-open (what npm run web runs now), each timed from spawn to its first stdout line ` +
      `(the URL); RSS (VmRSS from /proc) of the first server after ${IDLE_MS / 1000} s idle; then ${PAGE_LOADS} page loads in headless ` +
      `Chromium (new context each, so a cold cache, holding the run's session cookie as a reload does, so the page carries the first screen's answers): the first contentful paint (Paint Timing; index.html carries the first tab, ` +
      `prerendered at build), the app's own mark once its script has taken the tab over, and page.goto to the first tab visible; ` +
      `each after a blank page's first paint and followed by one more load timed without Playwright's script in the page ` +
      `(usable / blank: median of the per-round ratios, goal 2x), and by one more load of the blank page measured as quietly ` +
      `(the "both so" ratios: the earlier blank page's paint waits for Playwright's script in it). ` +
      `For scale: a page of one heading and no script paints in about 150 ms on this machine (2 vCPU, headless, software raster).`,
  );
  rendererBytes();
  const sandbox = await startSandbox({});
  const servers: WebServer[] = [];
  try {
    const firstLine: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const server = await startWebServer(entry, {
        PUNCH_BASE_URL: sandbox.url,
        PUNCH_TOKEN: sandbox.demoToken,
        PUNCH_USER: sandbox.demoUser,
      });
      firstLine.push(server.firstLineMs);
      if (i === 0) servers.push(server);
      else await server.stop();
    }
    report('spawn -> first line (URL)', describe(summarize(firstLine)));
    const [server] = servers;
    await sleep(Math.max(0, IDLE_MS - (performance.now() - server.readyAt)));
    const idle = processRss(server.child.pid!);
    report(`server RSS idle ${IDLE_MS / 1000} s after start`, idle ? `${mib(idle.rss)} (peak so far ${mib(idle.peak)})` : 'n/a (no /proc)');
    await pageLoads(server.url);
    await reportFirstScreenBytes(server.url);
    const after = processRss(server.child.pid!);
    if (after) report(`server RSS after ${PAGE_LOADS} page loads`, `${mib(after.rss)} (peak ${mib(after.peak)})`);
  } finally {
    for (const s of servers) await s.stop();
    await sandbox.close();
  }
}
