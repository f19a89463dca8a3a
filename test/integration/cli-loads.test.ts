/**
 * What a `punch` command loads: only what it needs (docs/benchmarks.md "punch status within 2x a bare node"). Asserted
 * from what the process ran, not from its time. The CLI is one CommonJS bundle run through a code cache
 * (scripts/build-node-cli.mjs), so each run is made with V8's coverage on (`NODE_V8_COVERAGE`), and
 * test/fixtures/bundle-evaluated.ts maps the code that ran back to its sources through the bundle's source map: a
 * module reached by `import()` (the core, the sandbox, the team's room, a language's messages) runs only when it is
 * imported. test/tools/loaded-modules.mjs lists Node's own modules the process loaded and the files `require` loaded
 * (keytar).
 *
 * - `--help` loads no core, no sandbox, no zod, and no language's messages but English.
 * - `status` on the built-in demo loads the core, the sandbox and its own language's messages, never another's, nor
 *   keytar (no keychain is asked for the demo); the demo answers in the process (src/sandbox/in-process.ts), so no
 *   HTTP server nor client is loaded, nor what a server's `listen` loads (`cluster`, `child_process`, `dgram`).
 * - `status` with an account (PUNCH_* of a sandbox started here, as a real account is given) loads neither the
 *   sandbox nor global fetch's undici (the CLI's requests go over node:http/node:https: src/core/service/http/node-fetch.ts),
 *   nor node:https and TLS for a service on http://.
 * - `status` starts none of ICU's locale data (test/tools/intl-used.mjs: only Intl.Locale and PluralRules, which read
 *   none): its words are formatted without it (src/shared/i18n/light-format.ts).
 * - `status` loads neither Node's assert, perf_hooks nor worker_threads (about 1 ms each).
 * - `status` loads none of the team's room (src/core/team/: timesheets, payroll, employees, roles), which the
 *   composition root opens when a team call first comes (src/core/root/first-call.ts); `punch roles` loads it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import type { Sandbox } from '../../src/sandbox';
import { evaluatedSources } from '../fixtures/bundle-evaluated';
import { cleanEnv } from '../fixtures/cli-harness';
import { PUNCH_BUNDLE, ROOT } from '../fixtures/node-bundles';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

const run = promisify(execFile);
const LOADED_MODULES = pathToFileURL(join(ROOT, 'test/tools/loaded-modules.mjs')).href;
const INTL_USED = pathToFileURL(join(ROOT, 'test/tools/intl-used.mjs')).href;
const OTHER_LANGUAGES = ['de', 'fr', 'es', 'ar', 'en-XA'];

interface Loaded {
  /** The bundle's sources whose code ran (paths as the metafile names them). */
  sources: Set<string>;
  /** Modules loaded from outside the bundle: npm packages (keytar), by path. */
  outside: string[];
  /** Node's own modules (`internal/deps/undici/undici`). */
  builtins: Set<string>;
  /** The Intl entry points the process used (test/tools/intl-used.mjs): all but Locale and PluralRules read ICU's data. */
  intl: string[];
  stdout: string;
}

/** Runs the bundle with `args` and says what it loaded. */
async function loadedBy(args: string[], env: Record<string, string | undefined>, opts: { mayFail?: boolean } = {}): Promise<Loaded> {
  const scratch = tempDir('punch-loads-');
  const list = join(scratch, 'loaded.txt');
  const intl = join(scratch, 'intl.txt');
  try {
    const ran = run(process.execPath, ['--import', INTL_USED, '--import', LOADED_MODULES, PUNCH_BUNDLE, ...args], {
      cwd: scratch,
      env: cleanEnv({
        PUNCH_DATA_DIR: join(scratch, 'data'),
        XDG_CONFIG_HOME: join(scratch, 'xdg'),
        XDG_CACHE_HOME: join(scratch, 'cache'),
        NODE_V8_COVERAGE: join(scratch, 'coverage'),
        LOADED_MODULES_TO: list,
        INTL_USED_TO: intl,
        ...env,
      }),
    });
    // a command that fails (a keychain this machine lacks) still says what it loaded
    const { stdout } = await ran.catch((e: { stdout?: string }) => {
      if (!opts.mayFail) throw e;
      return { stdout: e.stdout ?? '' };
    });
    const sources = evaluatedSources(join(scratch, 'coverage'));
    const lines = readFileSync(list, 'utf8').split('\n').filter(Boolean);
    const bundleDir = join(ROOT, 'out', 'cli');
    const files = lines.filter((l) => l.startsWith('cjs ')).map((l) => l.slice(4));
    return {
      sources,
      outside: files.filter((p) => relative(bundleDir, p).startsWith('..') && !p.startsWith(join(ROOT, 'test'))),
      builtins: new Set(lines.filter((l) => l.startsWith('builtin ')).map((l) => l.slice('builtin '.length))),
      intl: readFileSync(intl, 'utf8').split('\n').filter(Boolean),
      stdout,
    };
  } finally {
    removeDir(scratch);
  }
}

/**
 * Node's modules status has no use for, each about 1 ms of CPU to load: assert (conf's one deepEqual, stood in for by
 * scripts/build-node-plugins.mjs), perf_hooks (the global `performance`: the core's clock reads process.hrtime),
 * worker_threads.
 */
const unneededBuiltins = (loaded: Loaded) =>
  [...loaded.builtins].filter((b) => /^(assert|internal\/assert\/.*|perf_hooks|internal\/perf\/performance|worker_threads)$/.test(b));
const under = (loaded: Loaded, prefix: string) => [...loaded.sources].filter((s) => s.startsWith(prefix));
const catalogs = (loaded: Loaded) =>
  [...loaded.sources].filter((s) => s.startsWith('src/shared/i18n/compiled/')).map((s) => s.replace(/.*\/(.+)\.json$/, '$1'));

describe('what punch loads', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ today: TEST_TODAY });
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('--help loads neither the core, the sandbox nor zod, and no messages but English', async () => {
    const loaded = await loadedBy(['--help'], {});
    expect(loaded.stdout).toContain('delete-timesheet');
    expect(under(loaded, 'src/cli/')).toContain('src/cli/help.ts');
    expect(under(loaded, 'src/core/')).toEqual([]);
    expect(under(loaded, 'src/sandbox/')).toEqual([]);
    expect(under(loaded, 'node_modules/zod/')).toEqual([]);
    expect(catalogs(loaded)).toEqual(['en']);
  });

  it("status on the built-in demo loads the core, the sandbox and English, no other language's messages and no keytar", async () => {
    const loaded = await loadedBy(['status', '--json'], {});
    const status = JSON.parse(loaded.stdout) as { online: boolean; account: { kind: string } };
    expect(status).toMatchObject({ online: true, account: { kind: 'sandbox' } });
    expect(under(loaded, 'src/core/')).toContain('src/core/root/punchcard.ts');
    expect(under(loaded, 'src/sandbox/')).toContain('src/sandbox/server.ts');
    expect(under(loaded, 'src/sandbox/')).toContain('src/sandbox/in-process.ts');
    // no server, no loopback exchange: none of node:http, nor what net.Server#listen loads
    expect([...loaded.builtins].filter((b) => /^(http|_http_server|_http_client|cluster|child_process|dgram)$/.test(b))).toEqual([]);
    expect(catalogs(loaded)).toEqual(['en']);
    expect(loaded.outside.filter((p) => p.includes('keytar'))).toEqual([]);
    expect(under(loaded, 'src/core/team/')).toEqual([]);
    expect(unneededBuiltins(loaded)).toEqual([]);
  });

  it("status (its counts, plurals and 'never') starts none of ICU's locale data: Intl.Locale and PluralRules only", async () => {
    const demo = await loadedBy(['status'], {});
    expect(demo.stdout).toMatch(/Outbox:\s+0 waiting \(0 queued, 0 syncing\), 0 need attention/);
    expect(demo.stdout).toMatch(/Last sync:\s+never/);
    expect(demo.intl).toEqual(['Locale', 'PluralRules']);
    const account = await loadedBy(['status', '--json'], { PUNCH_BASE_URL: sb.url, PUNCH_TOKEN: sb.demoToken, PUNCH_USER: sb.demoUser });
    expect(JSON.parse(account.stdout)).toMatchObject({ online: true });
    expect(account.intl.filter((k) => k !== 'Locale' && k !== 'PluralRules')).toEqual([]);
    // the watch sees what reads ICU's data: `punch config` says this computer's zone, which Intl knows
    const config = await loadedBy(['config'], {});
    expect(config.stdout).toMatch(/this computer's zone \(now: /);
    expect(config.intl).toContain('DateTimeFormat');
  });

  it("status in German loads German's messages and English's (the core's own words), no third language", async () => {
    const loaded = await loadedBy(['status', '--lang', 'de'], {});
    expect(loaded.stdout).toMatch(/Konto/);
    expect(catalogs(loaded).sort()).toEqual(['de', 'en']);
    for (const other of OTHER_LANGUAGES.filter((l) => l !== 'de')) expect(catalogs(loaded)).not.toContain(other);
  });

  it("status with an account (PUNCH_BASE_URL, PUNCH_TOKEN, PUNCH_USER) loads neither the sandbox nor global fetch's undici", async () => {
    sb.resetRequests();
    const loaded = await loadedBy(['status', '--json'], { PUNCH_BASE_URL: sb.url, PUNCH_TOKEN: sb.demoToken, PUNCH_USER: sb.demoUser });
    const status = JSON.parse(loaded.stdout) as { online: boolean; account: { kind: string; baseUrl: string } };
    // measured on the service: it answered this process's request, the one a status makes (the settings: the cheapest
    // read that proves the token and the service now; docs/cli.md "What status asks"), and nothing else
    expect(status).toMatchObject({ online: true, account: { kind: 'service', baseUrl: sb.url } });
    expect(sb.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /api/timetracker/gettimetrackersettings 200']);
    expect(under(loaded, 'src/sandbox/')).toEqual([]);
    expect(under(loaded, 'src/core/team/')).toEqual([]);
    expect(loaded.builtins.has('http')).toBe(true);
    expect([...loaded.builtins].filter((b) => b.includes('undici'))).toEqual([]);
    // an http:// service needs neither node:https nor TLS (loaded on the first https request: about 2.7 ms of CPU)
    expect([...loaded.builtins].filter((b) => /^(https|tls|_tls_wrap)$/.test(b))).toEqual([]);
    expect(loaded.outside.filter((p) => p.includes('keytar'))).toEqual([]);
    expect(unneededBuiltins(loaded)).toEqual([]);
  });

  // The child has no session bus, so no Secret Service: keytar is loaded and fails, and nothing is stored in this
  // user's keychain (test/integration/cli-account.test.ts signs in and out through the bundle with one).
  it('login requires keytar from outside the bundle (on first use, for the keychain), which status never loads', async () => {
    const noKeychain = { DBUS_SESSION_BUS_ADDRESS: undefined };
    const loaded = await loadedBy(['login', '--token', sb.demoToken, '--user', sb.demoUser, '--base-url', sb.url], noKeychain, {
      mayFail: true,
    });
    expect(loaded.outside.filter((p) => /[\\/]keytar[\\/]/.test(p)).length).toBeGreaterThan(0);
  });

  it("the team's room is loaded by a team call: punch roles asks the service and answers from it", async () => {
    const loaded = await loadedBy(['roles', '--json'], { PUNCH_BASE_URL: sb.url, PUNCH_TOKEN: sb.demoToken, PUNCH_USER: sb.demoUser });
    expect(JSON.parse(loaded.stdout)).toMatchObject({ approver: true, hr: true, known: true });
    expect(under(loaded, 'src/core/team/')).toEqual(expect.arrayContaining(['src/core/team/room.ts', 'src/core/team/roles.ts']));
  });
});
