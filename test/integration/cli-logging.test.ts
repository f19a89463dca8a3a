/**
 * Logging time with `punch` against the sandbox: log, week, edit, delete, outbox, timer, submit, each in human and
 * --json form, checked against what the service holds afterwards.
 */
import { format } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogResult, StopResult } from '../../src/shared/contract';
import type { OutboxEntry, TimerView, WeekView } from '../../src/shared/domain';
import { weekLabel, weekStartOf } from '../../src/shared/time/week';
import { seededWeek } from '../fixtures/demo-week';
import { TEST_TODAY } from '../fixtures/test-clock';
import { freeDay, minutesOf, startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
let jobId: string;
let jobName: string;
beforeAll(async () => {
  w = await startCliWorld();
  const job = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!;
  jobId = job.jobId;
  jobName = job.jobName;
});
afterAll(async () => {
  await w?.close();
});

const mine = () => w.sandbox.state().timeLogs.filter((l) => l.user === w.sandbox.demoUser);

describe('punch log, week, edit and delete', () => {
  let day: string;
  let logged: LogResult;

  it('logs hours, prints "synced" first, and the log is on the service', async () => {
    day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 180);
    const human = await w.punch(['log', '--job', jobId, '--date', day, '--hours', '1:15', '--description', 'CLI human']);
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe('synced');
    expect(human.stdout.split('\n')[1]).toBe(`Synced: 01:15 on ${format(new Date(`${day}T12:00:00`), 'EEE d MMM')}, ${jobName}.`);
    const json = await w.punchJson<LogResult>([
      'log',
      '--job-name',
      jobName,
      '--date',
      day,
      '--hours',
      '00:30',
      '--non-billable',
      '--work-item',
      'Review',
      '--description',
      'CLI json',
    ]);
    expect(json.code).toBe(0);
    expect(json.value.state).toBe('synced');
    logged = json.value;
    const onService = mine().filter((l) => l.workDate === day && l.description.startsWith('CLI'));
    expect(onService.map((l) => [l.minutes, l.billingStatus, l.description]).sort()).toEqual([
      [30, 'Non Billable', 'CLI json'],
      [75, 'Billable', 'CLI human'],
    ]);
    expect(json.value.log.timeLogId).toBe(onService.find((l) => l.description === 'CLI json')!.timeLogId);
  });

  it('refuses bad hours with exit 1 and queues nothing', async () => {
    const before = mine().length;
    const r = await w.punch(['log', '--job', jobId, '--date', day, '--hours', '1:75']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^punch: --hours must be a duration such as 01:30/);
    const over = await w.punch(['log', '--job', jobId, '--date', day, '--hours', '11:00']);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/^punch: Hours: \w{3} \d{1,2} \w{3} would have 1\d:\d\d, over your company's maximum of 10:00 a day\./);
    const outbox = await w.punchJson<OutboxEntry[]>(['outbox']);
    expect(outbox.value.filter((e) => e.state !== 'synced')).toEqual([]);
    expect(mine().length).toBe(before);
  });

  it('shows the week with each entry and its state', async () => {
    const [human, json] = await Promise.all([w.punch(['week', '--date', day]), w.punchJson<WeekView>(['week', '--date', day])]);
    expect(human.code).toBe(0);
    expect(human.stdout.startsWith(`Week of ${weekLabel(day)} (`)).toBe(true); // days as people read them
    // a log made here shows by its short id (the table fits a terminal), which edit and delete take too
    expect(human.stdout).toContain(logged.log.localId.slice(0, 10));
    const entry = json.value.logs.find((l) => l.localId === logged.log.localId)!;
    expect(entry).toMatchObject({ hours: '00:30', sync: 'synced', billingStatus: 'Non Billable' });
    expect(json.value.days.map((d) => d.date)).toContain(day);
  });

  it('edits an entry found by its service time log id, and by its local id', async () => {
    const byServiceId = await w.punch(['edit', logged.log.timeLogId!, '--hours', '00:45', '--description', 'CLI edited']);
    expect(byServiceId.code).toBe(0);
    expect(byServiceId.stdout.split('\n')[0]).toBe('synced');
    const byLocalId = await w.punchJson<LogResult>(['edit', logged.log.localId, '--billable']);
    expect(byLocalId.code).toBe(0);
    const onService = mine().find((l) => l.timeLogId === logged.log.timeLogId)!;
    expect(onService).toMatchObject({ minutes: 45, description: 'CLI edited', billingStatus: 'Billable' });
    expect(byLocalId.value.log).toMatchObject({ hours: '00:45', billingStatus: 'Billable' });
  });

  it('refuses an edit that changes nothing, and an id nobody knows', async () => {
    const nothing = await w.punch(['edit', logged.log.localId]);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/nothing to change/);
    const unknown = await w.punch(['edit', 'L-does-not-exist', '--hours', '01:00']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no time log with id L-does-not-exist/);
  });

  it('deletes an entry on the service', async () => {
    const r = await w.punchJson<{ localId: string; state: string }>(['delete', logged.log.localId]);
    expect(r.code).toBe(0);
    // undoId (issue 27): the deletion as this device remembers it, for `punch undo --id`
    expect(r.value).toEqual({ localId: logged.log.localId, state: 'synced', undoId: expect.stringMatching(/^u-/) });
    expect(mine().some((l) => l.timeLogId === logged.log.timeLogId)).toBe(false);
  });

  it('lists the outbox with each operation and its state', async () => {
    const [human, json] = await Promise.all([w.punch(['outbox']), w.punchJson<OutboxEntry[]>(['outbox'])]);
    expect(json.value.length).toBeGreaterThan(0);
    expect(json.value.map((e) => e.kind)).toEqual(expect.arrayContaining(['add', 'edit', 'delete']));
    expect(human.stdout).toMatch(/^ENTRY\s+KIND\s+DATE/);
    expect(human.stdout).toContain(json.value[0].id);
  });
});

describe('punch timer', () => {
  it('starts, shows, stops and discards the timer across separate commands', async () => {
    const start = await w.punchJson<TimerView>(['timer', 'start', '--job', jobId, '--description', 'Timer run']);
    expect(start.code).toBe(0);
    expect(start.value).toMatchObject({ running: true, jobId, jobName, description: 'Timer run' });
    const [human, json] = await Promise.all([w.punch(['timer', 'status']), w.punchJson<TimerView>(['timer', 'status'])]);
    expect(human.stdout).toMatch(new RegExp(`^Running on ${jobName} since`));
    expect(json.value.startedAt).toBe(start.value.startedAt);
    // Seconds after starting: under a minute, so nothing is logged (and the service is not asked).
    const before = mine().length;
    const stop = await w.punchJson<StopResult>(['timer', 'stop']);
    expect(stop.code).toBe(0);
    expect(stop.value.timer.running).toBe(false);
    expect(stop.value.logged).toEqual([]);
    expect(mine().length).toBe(before);

    await w.punch(['timer', 'start', '--job-name', jobName]);
    const discard = await w.punch(['timer', 'discard']);
    expect(discard.code).toBe(0);
    expect(discard.stdout).toMatch(/^Discarded the timer; nothing was logged\.\nNo timer running\./);
    const after = await w.punch(['timer', 'stop']);
    expect(after.code).toBe(1);
  }, 60_000); // eight punch processes, one after another: 2-4 s each on a busy machine
});

describe('punch submit', () => {
  it('submits the week and a pending timesheet exists on the service', async () => {
    // The current week holds the demo user's seeded draft timesheet (Monday and Tuesday: today is Wednesday TEST_TODAY);
    // log one entry in it, then submit.
    const monday = weekStartOf(TEST_TODAY);
    const seeded = seededWeek(w.sandbox, monday);
    expect(seeded.draft).toBeDefined();
    expect(
      w.sandbox
        .state()
        .timesheets.filter((t) => t.user === w.sandbox.demoUser && t.fromDate === monday)
        .map((t) => t.status),
    ).toEqual(['draft']);
    const day = freeDay(w.sandbox.state(), w.sandbox.demoUser, 60, 0);
    expect(day >= monday).toBe(true);
    expect((await w.punch(['log', '--job', jobId, '--date', day, '--hours', '01:00'])).code).toBe(0);

    const r = await w.punchJson<{ submitted: boolean; week: WeekView }>(['submit', '--week-of', day]);
    expect(r.code).toBe(0);
    expect(r.value.submitted).toBe(true);
    const sheet = w.sandbox.state().timesheets.find((t) => t.user === w.sandbox.demoUser && t.fromDate === monday)!;
    expect(sheet.status).toBe('pending');
    expect(sheet.timesheetId).toBe(seeded.draft!.timesheetId);
    expect(r.value.week.timesheet).toMatchObject({ recordId: sheet.timesheetId, status: 'pending' });
    // the entry logged from the command line went with it, and the week shows what the service now holds
    const inSheet = w.sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
    expect(inSheet.some((l) => l.workDate === day && l.minutes === 60)).toBe(true);
    expect(minutesOf(r.value.week.totalHours)).toBe(inSheet.reduce((n, l) => n + l.minutes, 0));

    const again = await w.punch(['submit', '--week-of', day]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/cannot be submitted now/);
  });
});

describe('punch submit after a rejection', () => {
  it('resubmits a rejected week and says so', async () => {
    const rejected = w.sandbox.state().timesheets.find((t) => t.user === w.sandbox.demoUser && t.status === 'rejected')!;
    const r = await w.punch(['submit', '--week-of', rejected.fromDate]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Resubmitted the week of ${weekLabel(rejected.fromDate)} \\(\\d+:\\d\\d\\): pending approval\\.`));
    expect(w.sandbox.state().timesheets.find((t) => t.timesheetId === rejected.timesheetId)!.status).toBe('pending');
  });
});
