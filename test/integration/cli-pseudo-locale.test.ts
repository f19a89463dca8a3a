/**
 * Every `punch` command under the pseudo-locale en-XA (docs/i18n.md): its output, tables, refusals, hints and its own
 * `--help` show no plain English, so no word punch prints bypasses the catalogs. en-XA's messages are accented and
 * bracketed; what may stay plain is what is typed (command names, options and their metavariables, commands quoted
 * in backticks, the first line `synced`/`queued` that scripts read), the company's data (job, project, client and
 * people's names, descriptions, emails, ids, addresses, paths, zone names) and, listed by name below, words the core
 * still says in English (area K converts them: each entry names where they come from). Real processes against the
 * sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import { COMMANDS, GROUPS } from '../../src/cli/commands/index';
import { addDays } from '../../src/shared/time/week';
import { cliClock, freeDay, startCliWorld, startPunch, type CliRun, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

/** Words the core says in English for now (not punch's own): where each comes from. */
const CORE_ENGLISH: ReadonlyArray<{ words: RegExp; from: string }> = [
  { words: /Less than a minute on [^\n]*?: nothing logged\./g, from: 'src/core/timer/timer-plan.ts (a stop rounded to nothing)' },
  { words: /A timer is already running on [^\n]*/g, from: 'src/core/timer/timer-words.ts (a start over a timer started a moment ago)' },
  { words: /Could not delete from the OS keychain[^\n]*/g, from: 'src/core/account (the keychain refused, at sign-out)' },
];

/** What is typed, never translated: it may stay plain. */
const TYPED: RegExp[] = [
  /`[^`\n]*`/g, // commands quoted as typed
  /^(synced|queued|needs-attention)$/gm, // the first line scripts read
  // an option and its metavariable (--job ID, --at HH:MM), or the values it takes as typed (--morning-reminder HH:MM|on|off)
  /--[a-z][a-z-]*(=\S+)?( (?:[A-Z][A-Z_=:]*|HH:MM|[a-z]+(?=\|))(?:\|(?:[a-z]+|[A-Z]+|HH:MM))*)*/g,
  /^ {2}[a-z-]+( [a-z-]+)?(?= {2,})/gm, // a command's name in a list of commands
  /\bpunch\b/g, // the command itself ("punch: ..." before a refusal)
];

/** The company's data and the machine's: names, descriptions, emails, ids, addresses, paths, zones. */
const DATA: RegExp[] = [
  /\S+@\S+/g,
  /https?:\/\/\S+/g,
  /(?:\/[\w.@+-]+)+\/?/g,
  /\bL-[0-9a-f-]+/g,
  /\b[A-Z][A-Za-z_]+\/[A-Za-z_]+\b|\bUTC\b/g,
  /\bsbx-demo-[\w-]+/g,
];

function dataWords(serviceFields: string[]): string[] {
  const s = w.sandbox.state();
  const names = [
    ...serviceFields,
    // a name longer than its column goes on under itself, word by word (src/cli/table.ts)
    ...s.jobs.flatMap((j) => [j.jobName, ...j.jobName.split(' ')]),
    ...s.projects.flatMap((p) => [p.projectName, ...p.projectName.split(' ')]),
    ...s.clients.flatMap((c) => [c.clientName, ...c.clientName.split(' ')]),
    ...s.employees.flatMap((e) => [`${e.firstName} ${e.lastName}`, e.firstName, e.lastName]),
    ...s.timeLogs.map((l) => l.description),
    ...s.timesheets.map((t) => t.timesheetName),
    ...EXTRA_DATA,
  ];
  // longest first, so "Frontend Development" goes before "Frontend"; a cut description ("Bug fixing…") by its start
  return [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length);
}
/** Data this test types itself. */
const EXTRA_DATA = ['Pseudo check', 'Ada', 'Lovelace', 'E-100', 'First Name', 'Last Name', 'Email', 'Employee ID'];

/** The words of 3+ plain letters left once en-XA's bracketed messages, typed things, data and the core's English are out. */
function plainEnglish(run: CliRun, data: string[]): string[] {
  let t = `${run.stdout}\n${run.stderr}`;
  for (let before = ''; before !== t;) {
    before = t;
    t = t.replace(/\[[^[\]]*\]/g, ' ');
  }
  for (const c of CORE_ENGLISH) t = t.replace(c.words, ' ');
  // a table cell cut to fit ("Documentation fo…") is always data: headings and words are never cut
  t = t.replace(/(?:\S| (?! ))*\u2026/g, ' ');
  for (const d of data) t = t.split(d).join(' ');
  for (const r of [...TYPED, ...DATA]) t = t.replace(r, ' ');
  return [...new Set(t.match(/[A-Za-z]{3,}/g) ?? [])];
}

const XA = ['--lang', 'en-XA'];
/** The clock of a punch, `minutes` from now (the harness's running clock, test/fixtures/test-clock.ts). */
const clockAt = (minutes: number) => {
  const ms = cliClock.offsetMs() + minutes * 60_000;
  return { TEST_CLOCK_OFFSET_MS: String(ms), TEST_CLOCK_MONO_OFFSET_MS: String(ms) };
};

/** `punch sandbox` serves until Ctrl+C: what it prints, once it has said how to try it. */
async function sandboxRun(): Promise<CliRun> {
  const { child, done } = startPunch(['sandbox', ...XA], w.env);
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
    if (out.includes('punch jobs')) child.kill('SIGINT');
  });
  return done;
}

describe('every command under en-XA', () => {
  it('says nothing in plain English: results, tables, refusals and hints', async () => {
    const s = w.sandbox.state();
    const [job, other] = s.jobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser));
    const day = freeDay(s, w.sandbox.demoUser, 60, 1);
    const pending = s.timesheets.find((t) => t.status === 'pending' && t.user !== w.sandbox.demoUser)!;
    const employee = s.employees.find((e) => e.email !== w.sandbox.demoUser)!;
    const runs: Array<[string, CliRun]> = [];
    const run = async (args: string[], env?: Record<string, string>) => {
      const r = await w.punch([...args, ...XA], env === undefined ? undefined : { env });
      runs.push([args.join(' '), r]);
      return r;
    };
    // the same command run in this process (test/fixtures/cli-in-process.ts: the same runCli, catalogs and clock)
    // rather than a child: for the batch of reads and refusals below, where a node start each proved nothing more
    const runHere = async (args: string[]) => {
      const r = await w.punchHere([...args, ...XA]);
      runs.push([args.join(' '), r]);
      return r;
    };

    const logged = await w.punchJson<LogResult>([
      'log',
      '--job',
      job.jobId,
      '--date',
      day,
      '--hours',
      '0:30',
      '--description',
      'Pseudo check',
    ]);
    expect(logged.code).toBe(0);
    const short = logged.value.log.localId.slice(0, 10);
    await Promise.all([
      runHere(['log', '--job', job.jobId, '--date', day, '--hours', '0:15', '--description', 'Pseudo check']),
      runHere(['log', '--job-name', 'No such job', '--hours', '30:00']),
      runHere(['log', '--job', job.jobId, '--hours', 'soon']),
      runHere(['log', '--job', job.jobId, '--date', '2026-02-31', '--hours', '1']),
      runHere(['jobs']),
      runHere(['settings']),
      runHere(['status']),
      runHere(['config']),
      runHere(['roles']),
      runHere(['timesheets']),
      runHere(['timesheet', pending.timesheetId]),
      runHere(['payroll', '--last-month']),
      runHere(['payroll']),
      runHere(['employees']),
      runHere(['employee', 'get', employee.recordId]),
      runHere(['data']),
      runHere(['outbox']),
      runHere(['outbox', 'explode']),
      runHere(['nonsense']),
      runHere(['log', '--no-such-option']),
      run(['login', '--oauth']), // a child: a sign-in may wait on its browser
      runHere(['config', '--end-of-day', '17:30']),
      runHere(['data', 'acknowledge', '--all']),
      runHere(['data', 'list', 'x']),
      runHere(['outbox', 'discard']),
      runHere(['employee', 'update', employee.recordId, '--field', 'Last Name=Grant']),
      runHere(['timesheets', '--status', 'maybe']),
      runHere(['timer', 'stop', '--at', 'soon']),
    ]);
    await run(['week', '--date', day]);
    await run(['edit', short, '--hours', '0:45']);
    await run(['delete', short]);
    await run(['sync']);
    // issue 27's words: the same hours on several days, undo, a copy of a week (a preview, rows kept, into itself)
    await run(['log', '--job', job.jobId, '--days', `${day}..${day}`, '--hours', '0:05', '--description', 'Pseudo check']);
    await run(['undo']);
    const later = addDays(day, 7);
    await run(['copy-week', '--from', day, '--to', later, '--dry-run']);
    await run(['copy-week', '--from', day, '--to', later, '--rows-only']);
    await run(['week', '--date', later]);
    await run(['copy-week', '--from', day, '--to', day]);
    // a timer left running since yesterday 17:40, as status and timer status say it; the habits' settings
    await w.punch(['timer', 'start', '--job', job.jobId], { env: clockAt(-(16 * 60 + 20)) });
    await run(['timer', 'status'], clockAt(0));
    await run(['status'], clockAt(0));
    await w.punch(['timer', 'discard'], { env: clockAt(0) });
    await run(['config', '--morning-reminder', '09:00', '--catch-forgotten-timer', 'off']);
    await run(['config', '--catch-forgotten-timer', 'maybe']);
    await run(['config', '--morning-reminder', 'off', '--catch-forgotten-timer', 'on']);
    await run(['timer', 'start', '--job', job.jobId]);
    await run(['timer', 'status']);
    await run(['timer', 'start', '--job', job.jobId]);
    await run(['timer', 'stop']);
    await run(['timer', 'start', '--job', job.jobId]);
    await run(['timer', 'discard']);
    // a timer that logs: a start over it says what it logged, a stop what it logged and where it went
    await w.punch(['timer', 'start', '--job', job.jobId], { env: clockAt(-3 * 60) });
    await run(['timer', 'start', '--job', other.jobId], clockAt(-60));
    await run(['timer', 'stop'], clockAt(0));
    await run(['approve', pending.timesheetId, '--reject']);
    await run(['approve', pending.timesheetId]);
    await run([
      'employee',
      'add',
      '--field',
      'First Name=Ada',
      '--field',
      'Last Name=Lovelace',
      '--field',
      `Email=ada.${Date.now()}@example.com`,
      '--field',
      'Employee ID=E-100',
    ]);
    await run(['submit', '--week-of', day]);
    await run(['logout']);
    runs.push(['sandbox', await sandboxRun()]);

    // the service's own field labels and values of an employee record (its HR screens' words): data
    const record = await w.punchJson<{ fields: Record<string, unknown> }>(['employee', 'get', employee.recordId]);
    const { currency } = (await w.punchJson<{ currency?: string }>(['settings'])).value;
    const data = dataWords([...Object.entries(record.value.fields).flatMap(([k, v]) => [k, String(v)]), ...(currency ? [currency] : [])]);
    const found = runs.flatMap(([args, r]) => plainEnglish(r, data).map((word) => `${word}  (punch ${args})`));
    // the check can see: the pseudo-locale's words are there (a catalog that failed to load would print English)
    expect(runs.map(([, r]) => r.stdout + r.stderr).join('')).toContain('[Šýýñç]');
    expect(found, runs.map(([a, r]) => `$ punch ${a}\n${r.stdout}${r.stderr}`).join('\n')).toEqual([]);
  }, 240_000);

  it("prints every command's own --help, the groups' and the main one with no plain English", async () => {
    const topics = [[], ...COMMANDS.map((c) => c.name.split(' ')), ...[...GROUPS].map((g) => [g])];
    // each topic in this process (the same runCli and catalogs as the bundle: test/fixtures/cli-in-process.ts), and the
    // main --help from the bundle too, which must print the same
    const runs = await Promise.all(topics.map(async (t) => [t.join(' '), await w.punchHere([...t, '--help', ...XA])] as const));
    const bundled = await w.punch(['--help', ...XA]);
    expect(bundled.code).toBe(0);
    expect(bundled.stdout).toBe(runs[0][1].stdout);
    const data = dataWords([]);
    const found = runs.flatMap(([topic, r]) => plainEnglish(r, data).map((word) => `${word}  (punch ${topic} --help)`));
    for (const [, r] of runs) expect(r.code).toBe(0);
    expect(found).toEqual([]);
  }, 120_000);
});
