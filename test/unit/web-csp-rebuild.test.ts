/**
 * A web server started before a rebuild sends the CSP of the page it serves now: the build rewrote index.html with
 * other inline parts (the first stylesheet, the early-input script), and the header names their new hashes, as the
 * browser computes them from the page it got. Before, the hashes were read once at start: the page's inline parts
 * were refused after a rebuild until the server restarted. Real HTTP, a fake core (only the door matters here).
 * @inner src/core/dispatch.ts
 */
import { createHash } from 'node:crypto';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEventBus } from '../../src/core/context';
import { createDispatcher } from '../../src/core/dispatch';
import { OPERATION_NAMES, type Handlers } from '../../src/shared/contract';
import { startWebServer, type WebServer } from '../../src/web/server';
import { removeDir, tempDir } from '../fixtures/temp-dirs';

const bus = createEventBus();
const handlers = Object.fromEntries(OPERATION_NAMES.map((name) => [name, async () => ({})])) as unknown as Handlers;
const core = { dispatch: createDispatcher(handlers), on: bus.on };

const page = (style: string, script: string) =>
  `<!doctype html><html><head><style>${style}</style></head><body><script>${script}</script></body></html>`;
/** The CSP source a browser checks an inline element's text against. */
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

let dir: string;
let server: WebServer;

beforeAll(async () => {
  dir = tempDir('punch-web-csp-');
  writeFileSync(join(dir, 'index.html'), page('body{color:red}', 'window.early=1'));
  server = await startWebServer({ core, rendererDir: dir, keepFirstAnswers: false });
});

afterAll(async () => {
  await server?.close();
  if (dir) removeDir(dir);
});

/** The page and the policy it came with. */
async function load(): Promise<{ html: string; csp: string }> {
  const res = await fetch(`${server.origin}/`);
  return { html: await res.text(), csp: res.headers.get('content-security-policy') ?? '' };
}

/** Every inline <style> and <script> of `html` allowed by `csp`, by hash. */
function allows(csp: string, html: string): boolean {
  const inline = [...html.matchAll(/<(style|script)>([\s\S]*?)<\/\1>/g)].map((m) => m[2]);
  return inline.length > 0 && inline.every((text) => csp.includes(hashOf(text)));
}

it('a rebuild while the server runs: the header names the new page inline parts, not the old ones', async () => {
  const before = await load();
  expect(allows(before.csp, before.html)).toBe(true);

  // the build writes the page again, with another first stylesheet and early script; its time moves on
  writeFileSync(join(dir, 'index.html'), page('body{color:blue}', 'window.early=2'));
  const later = new Date(Date.now() + 5_000);
  utimesSync(join(dir, 'index.html'), later, later);
  const after = await load();
  expect(after.html).toContain('color:blue');
  expect(allows(after.csp, after.html)).toBe(true);
  expect(after.csp).not.toContain(hashOf('body{color:red}'));
  expect(after.csp).not.toContain(hashOf('window.early=1'));
  // an answer of the API carries the same header
  const rpc = await fetch(`${server.origin}/rpc/getStatus`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  expect(rpc.headers.get('content-security-policy')).toBe(after.csp);
});

it('a page rewritten within the same instant but with another size is read again too', async () => {
  const { html } = await load();
  const at = new Date(Date.now() + 10_000);
  writeFileSync(join(dir, 'index.html'), page('body{color:green;margin:0}', 'window.early=3'));
  utimesSync(join(dir, 'index.html'), at, at);
  expect(allows((await load()).csp, html)).toBe(false);
  writeFileSync(join(dir, 'index.html'), page('body{color:teal}', 'window.early=4'));
  utimesSync(join(dir, 'index.html'), at, at);
  const now = await load();
  expect(allows(now.csp, now.html)).toBe(true);
});
