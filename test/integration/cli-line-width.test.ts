/**
 * Every line `punch` prints for people fits 100 columns (the width when stdout is not a terminal), in English, German
 * and Arabic, against a realistic week: job names longer than a column, an entry that waits for the service's day to
 * begin (its calendar in another zone), one the service refused, a submitted (locked) week, a timesheet with a
 * manager's comment. Commands and every --help; stdout and stderr alike. The outbox's WHY and the JOB wrap under
 * themselves (whole, never cut); the week's heading wraps between words; `status`'s values go on under their first
 * word; `jobs` wraps its names under their columns, `week` its STATE and FROM in German; the refusals under the week and
 * `submit`'s blockers wrap at their indent: each read whole here. Every command that prints a table keeps within
 * terminals of 60, 70 and 80 columns too (its columns wrapped, or each row as HEADING: value lines). Real punch
 * against the sandbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedState } from '../../src/sandbox/index';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { COMMANDS } from '../../src/cli/commands/index';
import { freeDay, startCliWorld, UNPACED_ENV, type CliWorld } from '../fixtures/cli-harness';
import { joinItems, joinPairs, tableRows } from '../fixtures/cli-wrapped';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

/** Columns a line takes: code points, leaving out the marks on a letter and the invisible direction marks. */
const columns = (line: string) => [...line.replace(/[\p{M}\p{Cf}]/gu, '')].length;
const LONG = ' for the Acme Corporation website relaunch, phase two';
const WHY_WAITS = /Waiting for the service's day to begin/;

let w: CliWorld;
let stateDir: string;
let lockedDay: string;
let refusedDay: string;
let sheetId: string;

beforeAll(async () => {
  // the demo company, its jobs named as some companies name them: longer than any column
  const state = seedState({ today: TEST_TODAY });
  for (const j of state.jobs) j.jobName += LONG;
  const locked = state.timesheets.find((t) => t.user.startsWith('maya.patel') && t.status === 'approved')!;
  locked.comments = 'Approved; please split the workshop hours by client next time so the invoices can be checked quickly';
  lockedDay = locked.fromDate;
  sheetId = state.timesheets.find((t) => t.status === 'pending' && !t.user.startsWith('maya.patel'))!.timesheetId;
  stateDir = tempDir('punch-width-');
  const persistPath = path.join(stateDir, 'state.json');
  fs.writeFileSync(persistPath, JSON.stringify(state));
  // unpaced: its ~200 runs within a minute would wait on the real service's 20 a minute (UNPACED_ENV)
  w = await startCliWorld({ persistPath, env: UNPACED_ENV });
  const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
  const logged = (day: string, description: string) =>
    w.punch(['log', '--job', job.jobId, '--date', day, '--hours', '1:00', '--description', description]);
  expect((await logged(freeDay(w.sandbox.state(), w.sandbox.demoUser, 60), 'Layout review with the client')).code).toBe(0);
  // refused: queued while the service fails every request (a 503), the day filled up elsewhere meanwhile
  refusedDay = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60, 1);
  w.sandbox.fault({ kind: 'http-5xx', status: 503 });
  expect((await logged(refusedDay, 'Refused once the day was full')).code).toBe(0);
  w.sandbox.fault(null);
  const [h, m] = w.sandbox.state().settings.maxHoursPerDay.split(':').map(Number);
  const used = w.sandbox
    .state()
    .timeLogs.filter((l) => l.user === w.sandbox.demoUser && l.workDate === refusedDay)
    .reduce((n, l) => n + l.minutes, 0);
  const left = h * 60 + m - used;
  w.sandbox.elsewhere.log({
    jobId: job.jobId,
    workDate: refusedDay,
    hours: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`,
  });
  // waiting: the service's calendar a day behind the user's
  w.sandbox.configure({ today: addDays(TEST_TODAY, -1) });
  expect((await logged(TEST_TODAY, 'Ahead of the service')).code).toBe(0);
  await w.punch(['sync']);
}, 120_000);

afterAll(async () => {
  await w?.close();
  if (stateDir) removeDir(stateDir);
});

/** The lines of `text` over 100 columns, each said with where it came from. */
const over = (what: string, text: string) =>
  text
    .split('\n')
    .filter((l) => columns(l) > 100)
    .map((l) => `${what}: ${columns(l)}: ${l}`);

describe('punch within 100 columns', () => {
  it('the outbox: the WHY and the JOB wrap under their columns, every word kept, --json unchanged', async () => {
    const [text, json] = await Promise.all([w.punchHere(['outbox']), w.punchHere(['outbox', '--json'])]);
    expect(over('outbox', text.stdout)).toEqual([]);
    const entries = JSON.parse(json.stdout) as Array<{ state: string; waitsForServiceDay?: string; message?: string; jobName: string }>;
    const waiting = entries.find((e) => e.waitsForServiceDay)!;
    expect(waiting.waitsForServiceDay).toMatch(WHY_WAITS);
    expect(entries.some((e) => e.state === 'needs-attention')).toBe(true);
    const lines = text.stdout.split('\n');
    const why = lines[0].indexOf('WHY');
    const job = lines[0].indexOf('JOB');
    // the entry's row and the lines under it (the other columns blank there): its WHY and JOB read down their columns
    const row = lines.findIndex((l) => l.startsWith('op-') && l.slice(why).startsWith('Waiting'));
    expect(row, text.stdout).toBeGreaterThan(1);
    let end = row + 1;
    while (end < lines.length && lines[end].slice(0, job).trim() === '') end++;
    const down = (from: number, to?: number) =>
      lines
        .slice(row, end)
        .map((l) => l.slice(from, to).trim())
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
    expect(end - row, 'wrapped: several lines').toBeGreaterThan(2);
    expect(down(why)).toBe(waiting.waitsForServiceDay);
    expect(down(job, lines[0].indexOf('STATE'))).toBe(waiting.jobName);
  });

  it('the week heading of a locked week with a comment wraps between words', async () => {
    const r = await w.punchHere(['week', '--date', lockedDay]);
    expect(r.code, r.stderr).toBe(0);
    expect(over('week', r.stdout)).toEqual([]);
    const heading = r.stdout.split('\n\n')[0];
    expect(heading.replace(/\n/g, ' ')).toMatch(
      /^Week of .+\(timesheet \d+: approved; comments: "Approved; please split .+ quickly"\), locked$/,
    );
    expect(heading.split('\n').length, 'too long for one line: wrapped').toBeGreaterThan(1);
  });

  it("status's values and the jobs table wrap under themselves, each read whole, --json unchanged", async () => {
    const [status, jobs, json] = await Promise.all([w.punchHere(['status']), w.punchHere(['jobs']), w.punchHere(['jobs', '--json'])]);
    expect(over('status', status.stdout)).toEqual([]);
    expect(joinPairs(status.stdout)).toMatch(
      /^Sync: +1 log waits for the service's day to begin: the service is in another time zone, still on an earlier day\. Punchcard sends it then\. 1 entry needs your attention in the outbox\.$/m,
    );
    expect(status.stdout.split('\n').length, 'the Sync line wrapped').toBeGreaterThan(joinPairs(status.stdout).split('\n').length);
    expect(over('jobs', jobs.stdout)).toEqual([]);
    const listed = (JSON.parse(json.stdout) as Array<{ jobId: string; jobName: string; projectName: string; clientName: string }>).map(
      (j) => [j.jobId, j.jobName, j.projectName, j.clientName],
    );
    expect(listed.every(([, name]) => name.endsWith(LONG))).toBe(true);
    expect(tableRows(jobs.stdout, 'JOB ID').map((r) => [r['JOB ID'], r.JOB, r.PROJECT, r.CLIENT])).toEqual(listed);
  });

  it("the week's STATE and FROM wrap in German, the refusal under it and submit's blockers at their indent, read whole", async () => {
    const [de, en, submit] = await Promise.all([
      w.punchHere(['week', '--date', refusedDay, '--lang', 'de']),
      w.punchHere(['week', '--date', refusedDay]),
      w.punchHere(['submit', '--week-of', refusedDay]),
    ]);
    expect(over('week', de.stdout)).toEqual([]);
    const rows = tableRows(de.stdout, 'ID');
    const jobNames = w.sandbox.state().jobs.map((j) => j.jobName);
    expect(
      rows.every((r) => jobNames.includes(r.AUFTRAG)),
      JSON.stringify(rows),
    ).toBe(true);
    expect(rows.filter((r) => r.HERKUNFT === 'dieses Gerät').map((r) => r.STATUS)).toEqual(
      expect.arrayContaining(['Prüfung nötig', 'in der Warteschlange']),
    );
    // too long for the row in German: "in der" and "Warteschlange" on two lines of the row, "dieses" and "Gerät" too
    expect(de.stdout).not.toContain('in der Warteschlange');
    expect(de.stdout).not.toContain('dieses Gerät');
    // the refusal under the table: on under its first word, after the entry's id
    const refusal = /^ {2}(L-[0-9a-f]+: )The service refused this while sending a new log:.*\n((?: +\S.*\n)+)/m.exec(en.stdout)!;
    expect(refusal, en.stdout).not.toBeNull();
    for (const more of refusal[2].trimEnd().split('\n')) expect(more.indexOf(more.trim())).toBe(2 + refusal[1].length);
    expect(en.stdout.replace(/\n +/g, ' ')).toContain(
      `${refusal[1]}The service refused this while sending a new log: that would go over your company's maximum hours for the day. Log fewer hours, or pick another day.`,
    );
    expect(over('submit', submit.stderr)).toEqual([]);
    const blockers = joinItems(submit.stderr);
    expect(blockers).toMatch(
      new RegExp(
        `^  1 entry of this week waits for the service's day to begin \\(another time zone, still on an earlier day\\): .+ 01:00 Frontend Development${LONG} \\(Ahead of the service\\)\\. Punchcard sends it then; submit the week after that\\.$`,
        'm',
      ),
    );
    expect(blockers).toMatch(
      new RegExp(
        `^  1 entry of this week needs attention in the outbox: .+ 01:00 Frontend Development${LONG} \\(Refused once the day was full\\)\\. Retry, fix or discard it first\\.$`,
        'm',
      ),
    );
  });

  for (const lang of ['en', 'de', 'ar'])
    it(`every command that prints a table keeps within terminals of 60, 70 and 80 columns in ${lang}`, async () => {
      const runs: string[][] = [
        ['jobs'],
        ['week', '--date', refusedDay],
        ['week', '--date', lockedDay],
        ['outbox'],
        ['sync'],
        ['data'],
        ['timesheets'],
        ['timesheet', sheetId],
        ['payroll', '--last-month'],
        ['employees'],
        ['copy-week', '--from', addDays(weekStartOf(TEST_TODAY), -7), '--dry-run'],
      ];
      const found: string[] = [];
      for (const args of runs)
        for (const width of [60, 70, 80]) {
          const r = await w.punchHere([...args, '--lang', lang], { columns: width });
          const what = `${args.join(' ')} at ${width}`;
          for (const [stream, text] of [
            ['stdout', r.stdout],
            ['stderr', r.stderr],
          ])
            found.push(
              ...text
                .split('\n')
                .filter((l) => columns(l) > width)
                .map((l) => `${what} (${stream}): ${columns(l)}: ${l}`),
            );
        }
      expect(found).toEqual([]);
    }, 120_000);

  for (const lang of ['en', 'de', 'ar']) {
    it(`every command and every --help in ${lang}`, async () => {
      const runs: string[][] = [
        ['status'],
        ['jobs'],
        ['week'],
        ['week', '--date', lockedDay],
        ['week', '--date', refusedDay],
        ['outbox'],
        ['sync'],
        ['settings'],
        ['config'],
        ['data'],
        ['timer', 'status'],
        ['roles'],
        ['timesheets'],
        ['timesheet', sheetId],
        ['payroll', '--last-month'],
        ['employees'],
        ['copy-week', '--from', addDays(weekStartOf(TEST_TODAY), -7), '--dry-run'],
        ['submit', '--week-of', refusedDay],
        ['--help'],
        ['employee', '--help'],
        ['timer', '--help'],
        ...COMMANDS.map((c) => [...c.name.split(' '), '--help']),
      ];
      const found: string[] = [];
      for (const args of runs) {
        const r = await w.punchHere([...args, '--lang', lang]);
        const what = args.join(' ');
        found.push(...over(`${what} (stdout)`, r.stdout), ...over(`${what} (stderr)`, r.stderr));
      }
      expect(found).toEqual([]);
    }, 120_000);
  }
});
