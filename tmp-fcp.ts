import { readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startWebServer } from './bench/web-mode';
const R = join(process.cwd(), 'out', 'renderer');
const index = readFileSync(join(R, 'index.html'), 'utf8');
const variants: Record<string, string> = {
  blank: '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Punchcard</title></head><body><h1>Punchcard</h1></body></html>',
  app: index,
  noscript: index.replace(/<script[^>]*><\/script>/g, '').replace(/<link rel="prefetch"[^>]*>/g, ''),
  nocss: index.replace(/<link rel="stylesheet"[^>]*>/g, ''),
  neither: index.replace(/<script[^>]*><\/script>/g, '').replace(/<link rel="prefetch"[^>]*>/g, '').replace(/<link rel="stylesheet"[^>]*>/g, ''),
  ...(process.env.EXTRA ? JSON.parse(readFileSync(process.env.EXTRA, 'utf8')) : {}),
};
for (const [k, v] of Object.entries(variants)) writeFileSync(join(R, `__v-${k}.html`), v);
const server = await startWebServer(['out/web/web.mjs']);
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const origin = new URL(server.url).origin;
const res: Record<string, number[]> = {};
for (let i = 0; i < Number(process.env.N ?? 12); i++) {
  for (const k of Object.keys(variants)) {
    const ctx = await browser.newContext(); const page = await ctx.newPage();
    await page.goto(`${origin}/__v-${k}.html`, { waitUntil: 'load' });
    const fcp = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime).then((h) => h.jsonValue() as Promise<number>);
    (res[k] ??= []).push(fcp);
    await ctx.close();
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const [k, v] of Object.entries(res)) console.log(k.padEnd(12), med(v).toFixed(0), 'ms', (med(v) / med(res.blank)).toFixed(2) + 'x');
await browser.close(); await server.stop();
for (const k of Object.keys(variants)) rmSync(join(R, `__v-${k}.html`));
