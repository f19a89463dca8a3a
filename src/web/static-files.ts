/**
 * Serves the built renderer (`out/renderer`) read-only. Paths are resolved inside `rendererDir` and anything that
 * would step outside it is refused; routes without a file extension fall back to index.html (the renderer owns
 * its screens, the server does not know them).
 *
 * No symbolic link is followed, out of the folder or inside it: the build writes plain files, so a link there was put
 * by someone else, and following it would serve whatever it points at (a file of the user's home, a socket, a
 * device). Every folder on the way is checked with lstat, and the file itself is opened with O_NOFOLLOW and checked
 * to be a regular file on the opened descriptor, so a link swapped in between the check and the read is not
 * followed either.
 */
import { constants, createReadStream } from 'node:fs';
import { lstat, open, realpath, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { extname, join, relative, resolve, sep } from 'node:path';
import { COMMANDS, requestWording, WEB_WORDS } from './web-words';
import { splitAtBodyEnd } from './first-answers';

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
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const full = resolve(join(base, decoded === '/' ? 'index.html' : decoded));
  return full === base || full.startsWith(base + sep) ? full : null;
}

/**
 * The file at `full` (below `root`) opened for reading, when it is a regular file reached without a symbolic link;
 * otherwise null. `root` itself may be reached through links (the checkout may live behind one).
 */
async function openPlainFile(root: string, full: string): Promise<FileHandle | null> {
  let base: string;
  try {
    base = await realpath(root);
  } catch {
    return null;
  }
  const parts = relative(resolve(root), full).split(sep).filter(Boolean);
  let at = base;
  for (const part of parts.slice(0, -1)) {
    at = join(at, part);
    try {
      const s = await lstat(at);
      if (!s.isDirectory() || s.isSymbolicLink()) return null;
    } catch {
      return null;
    }
  }
  let handle: FileHandle;
  try {
    handle = await open(join(base, ...parts), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  const s = await handle.stat().catch(() => null);
  if (!s?.isFile()) {
    await handle.close();
    return null;
  }
  return handle;
}

/**
 * The build's scripts and stylesheets under /assets/ carry their content's hash in their name (vite's
 * `[name]-[hash].js|css`, 8 characters): a file of that name never changes, and a new build names new files.
 */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.(js|css)$/;
const CACHE_HASHED = 'public, max-age=31536000, immutable';

/**
 * How long a browser may keep what a path served: a hashed asset for a year without asking again (it cannot change);
 * index.html never (it is tiny and names the hashed assets, so a rebuild is picked up on reload); anything else
 * (an icon, a file without a hash) kept but checked again each time.
 */
function cacheFor(urlPath: string, served: string): string {
  if (extname(served) === '.html') return 'no-store';
  return HASHED_ASSET.test(urlPath) ? CACHE_HASHED : 'no-cache';
}

/** A plain page in the request's language (./web-words.ts). */
async function plainPage(req: IncomingMessage, res: ServerResponse, status: number, words: keyof typeof WEB_WORDS): Promise<void> {
  const w = await requestWording(req);
  res
    .writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Language': w.language })
    .end(`${w.say(WEB_WORDS[words], COMMANDS)}\n`);
}

/**
 * Answers a GET/HEAD for a static file; headers common to every response are set by the caller. `pageTail`: what a
 * GET of the page (index.html) gets written into it before `</body>` (./first-answers.ts), asked only then. The page
 * up to there is sent first, so the answers never hold back its first paint.
 */
export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  urlPath: string,
  pageTail?: () => Promise<string>,
): Promise<void> {
  const file = fileFor(root, urlPath);
  if (!file) {
    await plainPage(req, res, 400, 'badPath');
    return;
  }
  let served = file;
  let handle = await openPlainFile(root, file);
  if (!handle) {
    // A client-side route (no extension) gets the app; a missing asset (or a link) is a real 404.
    if (extname(urlPath) !== '') {
      await plainPage(req, res, 404, 'notFound');
      return;
    }
    served = join(resolve(root), 'index.html');
    handle = await openPlainFile(root, served);
    if (!handle) {
      await plainPage(req, res, 503, 'notBuilt');
      return;
    }
  }
  const type = CONTENT_TYPES[extname(served).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': cacheFor(urlPath, served) });
  if (req.method === 'HEAD') {
    await handle.close();
    res.end();
    return;
  }
  if (pageTail && extname(served) === '.html' && req.method === 'GET') {
    const asked = pageTail(); // asked while the file is read
    let html: string;
    try {
      html = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
    const { head, tail } = splitAtBodyEnd(html);
    res.write(head);
    res.end((await asked) + tail);
    return;
  }
  // the stream reads the descriptor opened above (not the path again) and closes it when done, and also when the
  // browser goes away before the end (a reload while a script loads): `pipe` left the stream paused and the file open
  // until a garbage collection closed it, one descriptor per abandoned answer in a server that runs all day
  pipeline(createReadStream('', { fd: handle, autoClose: true }), res, () => undefined);
}
