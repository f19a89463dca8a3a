/**
 * Serves the built renderer (`out/renderer`) read-only. Paths are resolved inside `rendererDir` and anything that
 * would step outside it is refused; routes without a file extension fall back to index.html (the renderer owns
 * its screens, the server does not know them).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Maps a URL path to a file inside `root`, or null when it is not a clean path below it. */
export function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try { decoded = decodeURIComponent(urlPath); } catch { return null; }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const full = resolve(join(base, decoded === '/' ? 'index.html' : decoded));
  return full === base || full.startsWith(base + sep) ? full : null;
}

async function isFile(path: string): Promise<boolean> {
  try { return (await stat(path)).isFile(); } catch { return false; }
}

/** Answers a GET/HEAD for a static file; headers common to every response are set by the caller. */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
  let file = fileFor(root, urlPath);
  if (!file) {
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad path.\n');
    return;
  }
  if (!(await isFile(file))) {
    // A client-side route (no extension) gets the app; a missing asset is a real 404.
    if (extname(urlPath) !== '') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    file = join(resolve(root), 'index.html');
    if (!(await isFile(file))) {
      res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('The renderer is not built yet. Run `npx electron-vite build` (npm run web does it for you), then reload.\n');
      return;
    }
  }
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  // index.html is tiny and names the hashed assets: never cache it, so a rebuild is picked up on reload.
  const cache = extname(file) === '.html' ? 'no-store' : 'no-cache';
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cache });
  if (req.method === 'HEAD') { res.end(); return; }
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}
