/**
 * The Content-Security-Policy header the server sends: the renderer's policy with the hashes of the built page's inline
 * stylesheet and script (./inline-styles.ts), read again whenever index.html changes (its time, size or inode). A
 * server left running across a rebuild (`npm run build`, another `npm run web` that rebuilt `out/`) served the old
 * hashes with the new page, and the browser refused the page's inline parts: its first paint unstyled, the early-input
 * layer off. A stat a request (a few microseconds); the page is read and hashed again only when it changed.
 */
import { readFileSync, statSync } from 'node:fs';
import { cspWithScriptHashes, cspWithStyleHashes, RENDERER_CSP } from '../shared/csp';
import { inlineScriptHashes, inlineStyleHashes } from './inline-styles';

/** The policy for the page at `page` (the built index.html) as it is now; a page not built yet allows nothing inline. */
export function pagePolicy(page: string): () => string {
  let seen: string | undefined;
  let policy = RENDERER_CSP;
  return () => {
    const s = statSync(page, { throwIfNoEntry: false });
    const now = s ? `${s.mtimeMs}:${s.size}:${s.ino}` : 'none';
    if (now === seen) return policy;
    let html = '';
    try {
      html = readFileSync(page, 'utf8');
    } catch {
      /* not built yet, or gone while a build rewrites it: static-files.ts says so */
    }
    seen = now;
    policy = cspWithScriptHashes(cspWithStyleHashes(RENDERER_CSP, inlineStyleHashes(html)), inlineScriptHashes(html));
    return policy;
  };
}
