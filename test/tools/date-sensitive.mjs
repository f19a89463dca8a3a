/**
 * Which vitest files run a second time, in the second time zone. scripts/test.sh runs every file in UTC+14
 * (Pacific/Kiritimati), then the date-sensitive ones again in UTC-11 (Pacific/Pago_Pago); vitest.config.ts takes this
 * list when PUNCH_TEST_DATE_SENSITIVE_ONLY=1, and test/unit/date-sensitive.test.ts checks the rule below. This module
 * is the one place the rule lives.
 *
 * Why two zones: at 10:00 on the test day (test/fixtures/test-clock.ts), UTC+14 is still the day before in UTC, so the
 * first run catches a day taken in UTC instead of local time; UTC-11 is the same day in UTC, but a calendar day read
 * as UTC midnight falls on the day before there, so the second run catches that kind (and any sign error in an
 * offset). Both only show in a scenario set on a day.
 *
 * The rule: a file is date-sensitive when its scenarios depend on the local day, week, hour or zone. Mechanically:
 *  1. A file touches a day when the file, or a test helper it imports (any module under test/, followed through its
 *     own imports; src/ is the code under test and is not followed), does one of the things in TOUCHES_A_DAY: imports
 *     the test clock, the week math or date-fns, builds or reads a date, writes a calendar day, or carries the marker
 *     `@date-sensitive` (for a dependence none of these can see). `Date.now()` alone (an elapsed time) does not count.
 *     A file that touches no day runs in the first zone only.
 *  2. Every file that touches a day runs in both zones, unless it is listed in FIRST_ZONE_ONLY with the reason its
 *     days are incidental: the scenario is about something else (a network failure, a crash, a disk, a sign-in) and
 *     no assertion changes with the zone. A file that itself works in local time (LOCAL_TIME: builds a date from local
 *     fields, reads one, reads the zone or sets the system time, or has a helper do it for it: the real local day,
 *     the test clock's local time, date-fns, TZ set or read) cannot be listed; the check fails if it is.
 * So a new test that touches a day runs in both zones by default: leaving the second zone takes a line here, with a
 * reason a reviewer reads.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Files whose days are incidental to what they test: the first zone only (rule 2), each with why. */
/** @type {Readonly<Record<string, string>>} */
export const FIRST_ZONE_ONLY = {
  'test/integration/fault-matrix.test.ts':
    'network failures x actions: any free day; exactly one effect, counted on the service for that same day',
  'test/integration/fault-matrix-punch.test.ts':
    'the same matrix through punch; the week punch shows is checked in both zones by cli-logging and cli-read',
  'test/integration/outbox-crash.test.ts': 'SIGKILL mid-sync: every entry once on the service; the day only names where the entries go',
  'test/unit/torn-delete.test.ts':
    'a delete record cut at every byte: offered or cut off; the fixed day only names the log, its words are the same in any zone',
  'test/integration/torn-sending-mark.test.ts':
    'a sending mark cut at every byte: the log once on the service; the day only names where the log goes',
  'test/integration/timer-stop-kill.test.ts':
    'SIGKILL mid-stop: the timer logged once or still running; its 5 minutes lie inside one morning of the test day (the day of a stop is checked in both zones by timer-zone and cli-timer)',
  'test/integration/rate-late-admission.test.ts':
    'pacing of one endpoint against a late admission (a read of any week, a punch jobs): only the requests and their answers are checked',
  'test/integration/outbox-multiprocess.test.ts':
    'two processes on one data directory: no entry lost or sent twice; distinct days only spread the daily maximum',
  'test/integration/cli-network.test.ts': 'a black hole, a bad token, an unknown host: exit codes and causes in words',
  'test/integration/cli-network-faults.test.ts': 'a sign-in page and DNS down in front of punch: exit codes, and the entry sent once',
  'test/integration/cli-offline.test.ts': 'an unreachable service: log queues, sync sends each entry once; the day only has to be free',
  'test/integration/cli-account.test.ts': 'login, logout and the standalone sandbox: where the token is kept',
  'test/integration/cli-account-identity.test.ts': 'which account a queued entry waits for',
  'test/integration/cli-damaged-files.test.ts': 'damaged data files kept and reported; the day inside is file content',
  'test/integration/cli-job-name.test.ts': 'matching a job by its name',
  'test/integration/cli-install.test.ts': 'the npm pack tarball installs a working punch',
  'test/integration/cli-build.test.ts': "the bundle answers as the sources do; the dates are file times for the bin's choice",
  'test/integration/reachability.test.ts': 'when the service counts as reachable, and what an outage costs in requests',
  'test/integration/client-resilience.test.ts': 'envelopes, numeric ids, invalid tokens, Retry-After and pacing of the client',
  'test/integration/client-network-faults.test.ts': 'each network failure becomes the right error, and a write is sent once',
  'test/integration/fault-proxy.test.ts': 'the fault proxy and the test DNS themselves',
  'test/integration/keychain.test.ts': 'the token in a real Secret Service',
  'test/integration/package.test.ts': 'what the packaged desktop app holds',
  'test/integration/web-mode-instance.test.ts': 'one web mode per data directory',
  'test/integration/demo-service-guard.test.ts': 'probes of the built-in demo service are refused and change nothing',
  'test/integration/demo-shared.test.ts': 'processes sharing one demo company: every synced log once, no id given twice',
  'test/integration/run-code-cache.test.ts': "the test run's code cache of punch: a directory, its files and their sizes",
  'test/integration/cli-language-json.test.ts':
    "--json compared between languages made in the same run: a zone moves every language's days alike (the days punch writes are checked in both zones by cli-read, cli-logging and cli-language)",
  'test/integration/cli-pseudo-locale.test.ts':
    'no plain English in any command under en-XA: which words a command prints follows the command, not the zone (its days and times are checked in both zones by cli-read, cli-logging, cli-timer and cli-language)',
  // the costliest files of the second zone's pass whose days only name where the logs go (docs/benchmarks.md, "The second
  // zone's pass"): each asserts counts, pacing, damage or words, the same in any zone
  'test/integration/day-requests.test.ts':
    'requests counted over a day of use at 10:00: the count does not follow the zone (the same reads are checked for their days in both zones by one-truth and cli-truth)',
  'test/integration/rate-budget.test.ts':
    'processes sharing one rate budget and a lock-out: no 429, each entry once; the day only has to be free',
  'test/integration/logtime-pacing.test.ts':
    'logTime answers "queued" while addtimelog is paced; the entry sent once: what is timed is the pacing',
  'test/integration/cli-damaged-record.test.ts':
    "a queued record damaged on disk: exit 5, the bytes kept, the log offered as it was written; the day is the record's content",
  'test/integration/outbox-damage-running.test.ts': 'a record damaged while the app runs: kept aside, reported, the app goes on',
  'test/integration/cli-team-roles.test.ts': 'what each role may do, and refusals in plain words; no day is asserted',
  'test/integration/cli-approve-pace.test.ts':
    "approvals paced within the endpoint's minute; whose timesheet it is, kept for the next process",
  'test/integration/cli-employee-search.test.ts':
    'the employee directory kept in the data directory: the second search reads no page again',
  'test/integration/cli-interrupt.test.ts': 'Ctrl+C mid-request: exit 130, and a write stopped in flight never sent twice',
  'test/integration/cli-code-cache.test.ts': "punch's code cache made, used, damaged or refused: the output is the same either way",
  'test/integration/start-script.test.ts': 'npm start without the Electron runtime: one line saying why, the browser instead',
  'test/integration/employee-directory-disk.test.ts':
    'a directory of 10,000 employees read once, kept, read again after 12 hours: requests and records, on an instant, not a day',
  'test/unit/outbox-journal.test.ts':
    "records read back, a torn record cut at every byte, damage kept aside: a record's day is its content, read back as written",
  'test/unit/journal-record-check.test.ts': "the quick test of a record at start against the schemas: a record's day is text it checks",
  'test/integration/held-counts.test.ts':
    'the kept counts of held logs against a walk after random steps: counted by account and state, not by day',
  'test/integration/journal-counts.test.ts': 'the kept counts by account and state against a walk after random changes and a kill',
  'test/integration/team-call-budget.test.ts':
    "a manager's decisions counted in requests and paced in the endpoint's minute; a period is only checked to be a date",
  'test/unit/journal-index.test.ts':
    "the ledger's indexes against a walk after random rules: days are keys compared as text (the week math has its own tests in both zones)",
};

/** What makes a file touch a day (rule 1), read in its own text; [what, pattern]. */
/** @type {ReadonlyArray<[string, RegExp]>} */
export const TOUCHES_A_DAY = [
  [
    'imports the test clock, the week math or date-fns',
    /\bfrom\s*['"]((?:[^'"]*\/)?test-clock(?:\.ts)?|[^'"]*\/shared\/time\/week(?:\.ts)?|date-fns(?:\/[^'"]*)?)['"]/,
  ],
  ['builds a date', /\bnew Date\s*\(|\bDate\.(UTC|parse)\s*\(/],
  ['reads a local field', /\.(get|set)(Hours|Minutes|Date|Day|Month|FullYear)\s*\(/],
  ['reads the zone', /getTimezoneOffset|Intl\.DateTimeFormat|\.toLocale(Date|Time)?String\s*\(|resolvedOptions\(\)\.timeZone/],
  // vitest's clock of the process (vi.setSystemTime, or fake timers that fake Date); not a private fake clock's own
  // setSystemTime (test/fixtures/test-timers.ts `set`: the core's clock, not the process's)
  ['sets the system time', /\bvi\.setSystemTime\s*\(|toFake:[^\]]*'Date'/],
  ['writes a calendar day', /['"`]\d{4}-\d{2}-\d{2}/],
  ['is marked', /@date-sensitive\b/],
];

/** Working in local time in the file's own text: such a file cannot be listed in FIRST_ZONE_ONLY (rule 2). */
/** @type {ReadonlyArray<[string, RegExp]>} */
export const LOCAL_TIME = [
  // new Date(2026, 10, 18, ...): two or more arguments are local fields (one argument is an instant or a string)
  ['builds a date from local fields', /\bnew Date\s*\(\s*[^()\s,]+\s*,/],
  ['reads a local field', /\.(get|set)(Hours|Minutes|Date|Day|Month|FullYear)\s*\(/],
  ['reads the zone', /getTimezoneOffset|Intl\.DateTimeFormat|\.toLocale(Date|Time)?String\s*\(|resolvedOptions\(\)\.timeZone/],
  // vitest's clock of the process (vi.setSystemTime, or fake timers that fake Date); not a private fake clock's own
  // setSystemTime (test/fixtures/test-timers.ts `set`: the core's clock, not the process's)
  ['sets the system time', /\bvi\.setSystemTime\s*\(|toFake:[^\]]*'Date'/],
  // the same work done by a helper: the week math's functions from an instant or to a local Date, the zone module's
  // own zone, the test clock's local time, date-fns (every function of it works in the process's zone), and the zone
  // itself set or read (process.env.TZ, or TZ handed to a child process). `localDate(Date.now())` is today's real date
  // in the zone: it passed the patterns above, and three listed files did it.
  ['reads the local day through a helper', /\b(localDate|toLocalDate|splitByLocalDay|systemZone|localTime)\s*\(/],
  ['imports date-fns', /\bfrom\s*['"]date-fns(?:\/[^'"]*)?['"]/],
  ['reads or sets the zone by name', /\bprocess\.env\.TZ\b|\bTZ\s*:\s*['"`]|\bTZ=/],
  ['is marked', /@date-sensitive\b/],
];

const IMPORT = /\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** What in `text` matches one of `patterns`, or undefined. */
export function firstMatch(text, patterns) {
  return patterns.find(([, pattern]) => pattern.test(text))?.[0];
}

/** How `file` touches a day (rule 1: "<module> <what>", the module it was found in), or undefined. */
export function howItTouchesADay(file, testRoot, seen = new Set()) {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  const what = firstMatch(text, TOUCHES_A_DAY);
  if (what) return `${relative(dirname(testRoot), file).split(sep).join('/')} ${what}`;
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    const target = spec.startsWith('.') ? resolveImport(file, spec) : undefined;
    // only test helpers are followed: src/ is the code under test, and nearly all of it reaches the week math
    if (!target || !target.startsWith(testRoot + sep)) continue;
    const how = howItTouchesADay(target, testRoot, seen);
    if (how) return how;
  }
  return undefined;
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    // test/e2e is Playwright's (one run, on the test clock)
    if (e.isDirectory()) return e.name === 'e2e' || e.name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every vitest file under `root`/test, classified by the rule. */
export function classifyTestFiles(root, firstZoneOnly = FIRST_ZONE_ONLY) {
  const testRoot = join(root, 'test');
  return testFiles(testRoot)
    .sort()
    .map((path) => {
      const file = relative(root, path).split(sep).join('/');
      const touches = howItTouchesADay(path, testRoot);
      const listed = firstZoneOnly[file];
      return { file, touches, firstZoneOnly: listed, dateSensitive: touches !== undefined && listed === undefined };
    });
}

/** The date-sensitive vitest files under `root`: those the second time zone runs. */
export function dateSensitiveTestFiles(root) {
  return classifyTestFiles(root)
    .filter((f) => f.dateSensitive)
    .map((f) => f.file);
}
