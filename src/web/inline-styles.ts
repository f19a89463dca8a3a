/**
 * The hashes of a page's inline <style> blocks and (inlineScriptHashes) scripts, as the browser computes them for the Content-Security-Policy (the
 * base64 sha256 of the element's text, exactly as written): the build puts them in index.html's <meta>, and the web
 * server in its header (src/shared/csp.ts `cspWithStyleHashes`). Node only.
 */
import { createHash } from 'node:crypto';

export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) =>
    createHash('sha256').update(m[1], 'utf8').digest('base64'),
  );
}

/**
 * The hashes of a page's inline scripts that run (the early-input layer): not those with a `src`, nor data blocks
 * (`type="application/json"`: the first screen's answers, which the browser does not run and the CSP does not govern).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc=/i.test(m[1]) && !/\stype="(?!module"|text\/javascript")/i.test(m[1]))
    .map((m) => createHash('sha256').update(m[2], 'utf8').digest('base64'));
}
