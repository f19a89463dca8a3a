/**
 * The renderer's Content Security Policy, in one place: the Electron shell sends it as a response header
 * (window.ts), the web server sends it on every response (src/web/server.ts), and the renderer's index.html
 * carries the same core policy in its <meta> (`default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'
 * data:; connect-src 'self'`). Everything comes from our own origin; no inline script or style, no eval. React's
 * `style={}` props are set through the CSSOM, which style-src does not govern. The header adds what a <meta> cannot
 * express (frame-ancestors) and closes object/base/form targets.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The development policy (electron-vite dev server only): Vite's React refresh preamble is an inline script, Vite
 * injects CSS as <style> elements, and hot reload talks over a WebSocket. Never used for built files.
 */
export const RENDERER_DEV_CSP = RENDERER_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
  .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
  .replace("connect-src 'self'", "connect-src 'self' ws: http://localhost:* http://127.0.0.1:*");

/**
 * The policy that also allows exactly these inline <style> blocks, by the base64 sha256 of their text (CSP level 2),
 * and still nothing else inline. The built index.html carries the first screen's stylesheet inline (a separate
 * file was a request the first paint had to wait for: electron.vite.config.ts); its <meta> names the hash, and the
 * web server's header names it too (src/web/inline-styles.ts), since a browser enforces both policies.
 */
export function cspWithStyleHashes(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  return policy.replace("style-src 'self'", `style-src 'self' ${hashes.map((h) => `'sha256-${h}'`).join(' ')}`);
}

/**
 * The same for inline scripts: the built index.html runs one, the early-input layer (src/renderer/src/first-screen/
 * early-input.ts), allowed by its hash; still no 'unsafe-inline', so no other inline script runs.
 */
export function cspWithScriptHashes(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  return policy.replace("script-src 'self'", `script-src 'self' ${hashes.map((h) => `'sha256-${h}'`).join(' ')}`);
}
