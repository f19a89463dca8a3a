/**
 * In-process test DNS (see ./test-dns.mjs): `sandbox.punch.test` resolves to 127.0.0.1 through the real
 * `dns.lookup` path until the test says DNS is down; then every lookup of a test host fails with ENOTFOUND as
 * getaddrinfo does. For child processes use `childDnsEnv()` (a `--import` preload plus a switch file).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DOWN_FILE_ENV, installTestDns, TEST_HOST } from './test-dns.mjs';

export { TEST_HOST, isTestHost, notFound } from './test-dns.mjs';

export interface TestDns {
  /** DNS down: lookups of test hosts fail with ENOTFOUND. */
  setDown(down: boolean): void;
  uninstall(): void;
}

export function useTestDns(): TestDns {
  let down = false;
  const handle = installTestDns(() => down);
  return {
    setDown(d) {
      down = d;
    },
    uninstall: () => handle.uninstall(),
  };
}

/** `http://sandbox.punch.test:<port>` for a server listening on 127.0.0.1:<port>. */
export function testHostUrl(port: number, host = TEST_HOST): string {
  return `http://${host}:${port}`;
}

// import.meta.url, not __dirname: the package is ESM, and outside vitest (tsx, `npm run bench`) there is no __dirname
export const PRELOAD = resolve(dirname(fileURLToPath(import.meta.url)), 'test-dns.mjs');

/**
 * Environment for a child process (e.g. `punch`) that resolves test hosts and whose DNS is down while `downFile`
 * exists. Keeps any NODE_OPTIONS already set.
 */
export function childDnsEnv(downFile: string, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const preload = `--import ${pathToFileURL(PRELOAD).href}`;
  return { NODE_OPTIONS: [base.NODE_OPTIONS, preload].filter(Boolean).join(' '), [DOWN_FILE_ENV]: downFile };
}

export function setChildDnsDown(downFile: string, down: boolean): void {
  if (down) writeFileSync(downFile, 'down\n');
  else rmSync(downFile, { force: true });
}
