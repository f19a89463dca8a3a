/**
 * Test DNS: host names under `.punch.test` (e.g. `sandbox.punch.test`) resolve to 127.0.0.1, and fail with a real
 * getaddrinfo-shaped ENOTFOUND while "DNS is down". Node's `net.connect` (and so global `fetch`, whose undici
 * connector calls `net.connect`) resolves names through `dns.lookup` at call time, so patching that one function
 * puts these names on the real resolution path: the error the client sees comes out of `net.connect` exactly as a
 * real one does (`TypeError('fetch failed', { cause: Error{ code: 'ENOTFOUND', errno: -3008, syscall: 'getaddrinfo',
 * hostname } })`). Other names go to the real resolver untouched.
 *
 * Two ways in:
 * - child processes (`punch`, crash children): `NODE_OPTIONS="--import <abs path>/test/tools/test-dns.mjs"`; DNS is
 *   down while the file named by `PUNCH_TEST_DNS_DOWN_FILE` exists (the test creates / removes it).
 * - in-process: `useTestDns()` from ./test-dns-switch.ts (a switch the test flips).
 */
import dns from 'node:dns';
import { existsSync } from 'node:fs';

export const TEST_DOMAIN = 'punch.test';
export const TEST_HOST = `sandbox.${TEST_DOMAIN}`;
export const DOWN_FILE_ENV = 'PUNCH_TEST_DNS_DOWN_FILE';

const INSTALLED = Symbol.for('punchcard.test-dns');

export function isTestHost(hostname) {
  const h = String(hostname).toLowerCase().replace(/\.$/, '');
  return h === TEST_DOMAIN || h.endsWith(`.${TEST_DOMAIN}`);
}

/** The error getaddrinfo gives for a name that does not resolve (the shape of `dns.lookup('x.invalid')`). */
export function notFound(hostname) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
    errno: -3008 /* UV_EAI_NONAME */,
    code: 'ENOTFOUND',
    syscall: 'getaddrinfo',
    hostname,
  });
}

/**
 * Patches `dns.lookup` (once per process; later calls only change the switch). `isDown()` is asked on every lookup
 * of a test host. Returns a handle whose `uninstall()` puts the real `lookup` back.
 */
export function installTestDns(isDown) {
  const state = globalThis[INSTALLED];
  if (state) {
    state.isDown = isDown;
    return state.handle;
  }
  const real = dns.lookup;
  const next = { isDown, handle: undefined };
  function lookup(hostname, options, callback) {
    if (typeof options === 'function') {
      callback = options;
      options = {};
    }
    if (typeof options === 'number') options = { family: options };
    options = options ?? {};
    if (!isTestHost(hostname)) return real.call(dns, hostname, options, callback);
    if (next.isDown()) {
      process.nextTick(callback, notFound(hostname));
      return {};
    }
    if (options.all) process.nextTick(callback, null, [{ address: '127.0.0.1', family: 4 }]);
    else process.nextTick(callback, null, '127.0.0.1', 4);
    return {};
  }
  dns.lookup = lookup;
  next.handle = {
    uninstall() {
      if (dns.lookup === lookup) dns.lookup = real;
      delete globalThis[INSTALLED];
    },
  };
  globalThis[INSTALLED] = next;
  return next.handle;
}

// As a preload (`--import`): the switch is the file named in the environment.
if (process.env[DOWN_FILE_ENV] !== undefined || process.env.PUNCH_TEST_DNS === '1') {
  const file = process.env[DOWN_FILE_ENV];
  installTestDns(() => !!file && existsSync(file));
}
