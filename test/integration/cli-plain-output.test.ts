/**
 * What `punch` prints for people, as a new user reads it in an 80-100 column terminal: `week` and `timesheets` fit
 * in 100 columns, days and moments as people write them (`Wed 18 Nov 10:00`, never ISO days, US dates or AM/PM),
 * `payroll` with presets, decimal hours beside HH:MM, rows by name and a total row, `submit` saying "Submitted" for a
 * first submit, and no reference to the service's specification anywhere. Real processes against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import { monthPreset, showPeriod } from '../../src/shared/time/period';
import { weekLabel, weekStartOf } from '../../src/shared/time/week';
import { plainWeekday } from '../../src/shared/words';
import { TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { freeDay, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

/** Columns a line takes (code points: "–" is one column). */
const columns = (line: string) => [...line].length;
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
const US_MOMENT = /\d{1,2}\/\d{1,2}\/\d{4}|\b[AP]M\b/;

describe('punch week and timesheets fit a terminal', () => {
  it('week: within 100 columns, days in words, a log made here by its short id, which edit takes', async () => {
    const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 30, 0);
    const logged = await w.punchJson<LogResult>([
      'log',
      '--job',
      job.jobId,
      '--date',
      day,
      '--hours',
      '0:30',
      '--description',
      'A description long enough that a terminal table would run past a hundred columns with it',
    ]);
    expect(logged.code).toBe(0);
    const localId = logged.value.log.localId;
    expect(localId).toMatch(/^L-[0-9a-f-]{36}$/);

    const r = await w.punch(['week', '--date', day]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const line of lines) expect(columns(line), line).toBeLessThanOrEqual(100);
    expect(r.stdout).not.toMatch(ISO_DAY);
    const short = localId.slice(0, 10);
    expect(
      lines.filter((l) => l.includes(short)),
      'the log, on one line',
    ).toHaveLength(1);
    const row = lines.find((l) => l.includes(short))!;
    expect(row).not.toContain(localId);
    expect(row.startsWith(`${plainWeekday(day)} `), 'the day by its weekday: the week is said above').toBe(true);
    expect(row).toMatch(/ A descr.*\u2026$/); // cut to fit, whole in --json

    const edited = await w.punch(['edit', short, '--hours', '0:45']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(
      w.sandbox
        .state()
        .timeLogs.filter((l) => l.description.startsWith('A description long enough'))
        .map((l) => l.minutes),
    ).toEqual([45]);
  });

  it('timesheets and one timesheet: within 100 columns, the period and whose in words, no ISO day', async () => {
    const pending = w.sandbox.state().timesheets.find((t) => t.status === 'pending' && t.user !== w.sandbox.demoUser)!;
    const [r, one] = await Promise.all([w.punch(['timesheets']), w.punch(['timesheet', pending.timesheetId])]);
    expect(r.code).toBe(0);
    expect(one.code).toBe(0);
    for (const line of `${r.stdout}${one.stdout}`.trimEnd().split('\n')) expect(columns(line), line).toBeLessThanOrEqual(100);
    expect(r.stdout + one.stdout).not.toMatch(ISO_DAY);
    const who = w.sandbox.state().employees.find((e) => e.email === pending.user)!;
    expect(r.stdout).toMatch(
      new RegExp(
        `${pending.timesheetId}  ${who.firstName} ${who.lastName}\\s+${showPeriod(pending.fromDate, pending.toDate, new Date(TEST_NOW).getFullYear())}`,
      ),
    );
  });
});

describe('punch payroll for payroll people', () => {
  it('--last-month: rows by name, HH:MM with decimal hours, a total row, the period in words, within 100 columns', async () => {
    const r = await w.punch(['payroll', '--last-month']);
    expect(r.code, r.stderr).toBe(0);
    const { from, to } = monthPreset('last-month', TEST_TODAY);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      `Payroll ${showPeriod(from, to, new Date(TEST_NOW).getFullYear())}: ${w.sandbox.state().employees.length} employees. Hours as HH:MM (decimal hours).`,
    );
    for (const line of lines) expect(columns(line), line).toBeLessThanOrEqual(100);
    expect(r.stdout).not.toMatch(ISO_DAY);
    const body = lines.slice(4, -2); // header, blank, column heads, rule ... rule, total
    // by name, the rows without any hours after the others
    const rows = body.map((l) => ({ name: l.split(/\s{2,}/)[0], zero: (l.match(/ 00:00 \(0\.00\)/g) ?? []).length === 3 }));
    const byName = (a: string, b: string) => a.localeCompare(b);
    expect(rows.map((x) => x.name)).toEqual([
      ...rows
        .filter((x) => !x.zero)
        .map((x) => x.name)
        .sort(byName),
      ...rows
        .filter((x) => x.zero)
        .map((x) => x.name)
        .sort(byName),
    ]);
    // decimal hours and amounts as the region writes them: a terminal that names no region gets en-GB's (US$ for dollars)
    expect(body.find((l) => l.startsWith('Liam Chen'))).toMatch(
      /^Liam Chen\s+\d+:\d\d \([\d,]+\.\d\d\)\s+\d+:\d\d \([\d,]+\.\d\d\)\s+\d+:\d\d \([\d,]+\.\d\d\)\s+US\$[\d,]+\.\d\d$/,
    );
    const total = lines.at(-1)!;
    expect(total).toMatch(/^Total\s+\d+:\d\d \([\d,]+\.\d\d\)\s+\d+:\d\d \([\d,]+\.\d\d\)\s+\d+:\d\d \([\d,]+\.\d\d\)\s+US\$[\d,]+\.\d\d$/);
    // the total is the sum of the rows, in both spellings
    const decimal = (l: string) => Number(/\(([\d,]+\.\d\d)\)/.exec(l)![1].replace(/,/g, ''));
    const regular = body.map(decimal).reduce((a, b) => a + b, 0);
    expect(decimal(total)).toBeCloseTo(regular, 2);
  });

  it('--this-month asks the service for the 1st to today; a period is required, one way only', async () => {
    w.sandbox.resetRequests();
    const [month, none, both] = await Promise.all([
      w.punch(['payroll', '--this-month', '--json']),
      w.punch(['payroll']),
      w.punch(['payroll', '--last-month', '--from', TEST_TODAY, '--to', TEST_TODAY]),
    ]);
    expect(month.code).toBe(0);
    const { from, to } = monthPreset('this-month', TEST_TODAY);
    const asked = w.sandbox
      .requests()
      .filter((q) => q.path.endsWith('/getpayrollreport') && q.params.user === 'all')
      .map((q) => [q.params.fromDate, q.params.toDate]);
    expect(from).toBe(`${TEST_TODAY.slice(0, 8)}01`);
    expect(to).toBe(TEST_TODAY);
    expect(asked).toContainEqual([from, to]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/which period\? Give --this-month, --last-month, or --from DATE --to DATE\./);
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/give --last-month or --from and --to, not both/);
  });
});

describe('punch says it plainly', () => {
  // before the submit below: a timer does not start on a submitted week (it would need --log-to)
  it('status and timer status write moments as people read them; no reference to the specification', async () => {
    const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
    await w.punch(['sync']);
    const [status, timer, noJob] = await Promise.all([
      w.punch(['status']),
      w.punch(['timer', 'start', '--job', job.jobId]),
      w.punch(['log', '--hours', '1']),
    ]);
    expect(status.stdout).toMatch(/Last sync:\s+(never|\w{3} \d{1,2} \w{3} \d\d:\d\d)/);
    expect(timer.stdout).toMatch(/since \w{3} \d{1,2} \w{3} \d\d:\d\d \(/);
    for (const out of [status.stdout, timer.stdout]) expect(out).not.toMatch(US_MOMENT);
    expect(noJob.code).toBe(1);
    expect(noJob.stderr).toContain('every time log is for a job');
    expect(`${status.stdout}${status.stderr}${timer.stdout}${noJob.stderr}`).not.toMatch(/\bspec\b/i);
    await w.punch(['timer', 'discard']);
  }, 60_000);

  it('submit says "Submitted" for a week sent the first time (a draft), never "Resubmitted"', async () => {
    const monday = weekStartOf(TEST_TODAY);
    const draft = w.sandbox.state().timesheets.find((t) => t.user === w.sandbox.demoUser && t.fromDate === monday);
    expect(draft?.status, 'the demo user has a draft for this week').toBe('draft');
    const r = await w.punch(['submit']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(
      new RegExp(`^Submitted the week of ${weekLabel(monday)} \\(\\d+:\\d\\d\\): pending approval\\.$`),
    );
  });
});
