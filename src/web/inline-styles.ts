/**
 * The hashes of a page's inline <style> blocks, as the browser computes them for the Content-Security-Policy (the
 * base64 sha256 of the element's text, exactly as written): the build puts them in index.html's <meta>, and the web
 * server in its header (src/shared/csp.ts `cspWithStyleHashes`). Node only.
 */
import { createHash } from 'node:crypto';

export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) =>
    createHash('sha256').update(m[1], 'utf8').digest('base64'),
  );
}
