/**
 * `punch` read commands against the sandbox over real HTTP, each in human and --json form, asserting values that
 * come from the sandbox's own state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeRecord, Job, PayrollRecord, Timesheet, TimesheetDetail, TrackerSettings, AppStatus } from '../../src/shared/domain';
import { daysAgo, startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { tableRows } from '../fixtures/cli-wrapped';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

const mayaJobs = () => w.sandbox.state().jobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser));

describe('punch jobs', () => {
  it('lists the jobs assigned to the user, as a table and as a JSON array', async () => {
    const [human, json] = await Promise.all([w.punch(['jobs']), w.punchJson<Job[]>(['jobs'])]);
    const expected = mayaJobs();
    expect(human.code).toBe(0);
    // each job's row read whole: a long name goes on under its column within 100 columns
    const rows = tableRows(human.stdout, 'JOB ID');
    expect(rows.map((r) => [r['JOB ID'], r.JOB, r.PROJECT, r.CLIENT])).toEqual(
      json.value.map((j) => [j.jobId, j.jobName, j.projectName, j.clientName]),
    );
    for (const j of expected) expect(rows.map((r) => r.JOB)).toContain(j.jobName);
    expect(human.stdout).toMatch(/^JOB ID\s+JOB\s+PROJECT/);
    expect(human.stdout).toContain(`${expected.length} jobs`);
    expect(json.code).toBe(0);
    expect(json.value.map((j) => j.jobId).sort()).toEqual(expected.map((j) => j.jobId).sort());
  });

  it('filters completed jobs and refuses an unknown status before asking the service', async () => {
    const completed = await w.punchJson<Job[]>(['jobs', '--status', 'completed', '--refresh']);
    expect(completed.value.length).toBeGreaterThan(0);
    expect(completed.value.every((j) => j.jobStatus === 'completed')).toBe(true);
    const bad = await w.punch(['jobs', '--status', 'paused']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^punch: --status must be one of in-progress, completed, all/);
  });

  it('accepts --assigned-to for the user and explains why it refuses another employee', async () => {
    const [mine, other] = await Promise.all([
      w.punchJson<Job[]>(['jobs', '--assigned-to', w.sandbox.demoUser]),
      w.punch(['jobs', '--assigned-to', 'liam.chen@demo.punchcard.test']),
    ]);
    expect(mine.code).toBe(0);
    expect(mine.value.length).toBe(mayaJobs().length);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/--assigned-to can only be you/);
  });
});

describe('punch settings and status', () => {
  it("shows the company's rules from the service", async () => {
    const s = w.sandbox.state().settings;
    const [human, json] = await Promise.all([w.punch(['settings']), w.punchJson<TrackerSettings>(['settings'])]);
    expect(human.stdout).toMatch(new RegExp(`Maximum per day:\\s+${s.maxHoursPerDay}`));
    expect(human.stdout).toMatch(new RegExp(`the last ${s.allowedPastDays} days`));
    const [h, m] = s.maxHoursPerDay.split(':').map(Number);
    expect(json.value).toMatchObject({ maxMinutesPerDay: h * 60 + m, pastDaysAllowed: s.allowedPastDays, allowFutureDates: false });
  });

  it('says which account is used and what waits in the outbox', async () => {
    const [human, json] = await Promise.all([w.punch(['status']), w.punchJson<AppStatus>(['status'])]);
    expect(human.stdout).toContain(w.sandbox.url);
    expect(human.stdout).toMatch(/^Outbox:\s+0 waiting \(0 queued, 0 syncing\), 0 need attention$/m);
    // the app's status line, word for word (src/shared/status/sync-words.ts)
    expect(human.stdout).toMatch(/^Sync:\s+Everything you logged has reached the service\.$/m);
    expect(json.value.account).toMatchObject({ baseUrl: w.sandbox.url, user: w.sandbox.demoUser });
  });
});

describe('punch timesheets and timesheet', () => {
  it("lists the team's pending timesheets by default", async () => {
    const pending = w.sandbox.state().timesheets.filter((t) => t.status === 'pending');
    const [human, json] = await Promise.all([w.punch(['timesheets']), w.punchJson<Timesheet[]>(['timesheets'])]);
    expect(json.value.length).toBeGreaterThan(0);
    expect(json.value.every((t) => t.status === 'pending')).toBe(true);
    for (const t of json.value) expect(pending.map((p) => p.timesheetId)).toContain(t.recordId);
    expect(human.stdout).toContain('pending approval');
    expect(human.stdout).toContain(json.value[0].recordId);
  });

  it('filters by user and status, and reads one timesheet with its time logs', async () => {
    const rejected = w.sandbox.state().timesheets.find((t) => t.user === w.sandbox.demoUser && t.status === 'rejected')!;
    const list = await w.punchJson<Timesheet[]>([
      'timesheets',
      '--user',
      w.sandbox.demoUser,
      '--status',
      'rejected',
      '--from',
      daysAgo(60),
      '--to',
      'today',
    ]);
    expect(list.value.map((t) => t.recordId)).toContain(rejected.timesheetId);
    const logs = w.sandbox.state().timeLogs.filter((l) => l.timesheetId === rejected.timesheetId);
    const [human, json] = await Promise.all([
      w.punch(['timesheet', rejected.timesheetId]),
      w.punchJson<TimesheetDetail>(['timesheet', rejected.timesheetId]),
    ]);
    expect(json.value).toMatchObject({ recordId: rejected.timesheetId, status: 'rejected', comments: rejected.comments });
    expect(json.value.timeLogs.map((l) => l.timeLogId).sort()).toEqual(logs.map((l) => l.timeLogId).sort());
    expect(human.stdout).toMatch(/Status:\s+rejected/);
    expect(human.stdout).toContain(rejected.comments);
    expect(human.stdout).toContain(logs[0].timeLogId);
  });

  it('exits 2 with the service message for a timesheet that does not exist', async () => {
    const [r, json] = await Promise.all([
      w.punch(['timesheet', '999999999999999999']),
      w.punchJson<{ error: { code?: number } }>(['timesheet', '999999999999999999']),
    ]);
    expect(r.code).toBe(2);
    // in words for people; the service's code stays in the JSON error for scripts
    expect(r.stderr).toMatch(/^punch: Timesheet not found: there is no timesheet with that number \(it may have been deleted\)\./);
    expect(r.stderr).not.toMatch(/9008/);
    expect(json.value.error.code).toBe(9008);
  });
});

describe('punch payroll', () => {
  it('reports regular hours, overtime and amounts per employee', async () => {
    const from = daysAgo(20);
    const to = daysAgo(1);
    const [human, json] = await Promise.all([
      w.punch(['payroll', '--from', from, '--to', to]),
      w.punchJson<PayrollRecord[]>(['payroll', '--from', from, '--to', to, '--user', 'liam.chen@demo.punchcard.test']),
    ]);
    expect(human.code).toBe(0);
    // for people: whose, the kinds of hours (HH:MM and decimal) and the amount, within 100 columns; emails in --json and --csv
    expect(human.stdout).toMatch(/EMPLOYEE\s+REGULAR\s+OVERTIME\s+PAID LEAVE\s+AMOUNT/);
    expect(human.stdout).toMatch(/^Liam Chen\s+\d+:\d\d \(\d+\.\d\d\)/m);
    expect(human.stdout).toMatch(/^Total\s+\d+:\d\d \(\d+\.\d\d\)/m);
    expect(json.value).toHaveLength(1);
    expect(json.value[0].employeeEmail).toBe('liam.chen@demo.punchcard.test');
    expect(json.value[0].regularHour).toMatch(/^\d+:\d\d$/);
    expect(Number(json.value[0].totalAmount)).toBeGreaterThan(0);
  });

  it('requires both ends of the period', async () => {
    const r = await w.punch(['payroll', '--from', 'yesterday']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--to is required/);
  });
});

describe('punch employees and employee get', () => {
  it('lists employees and finds one by email and by employee id', async () => {
    const liam = w.sandbox.state().employees.find((e) => e.email === 'liam.chen@demo.punchcard.test')!;
    const [all, human, byEmail, byId] = await Promise.all([
      w.punchJson<EmployeeRecord[]>(['employees']),
      w.punch(['employees']),
      w.punchJson<EmployeeRecord[]>(['employees', '--email', liam.email]),
      w.punchJson<EmployeeRecord[]>(['employees', '--employee-id', liam.employeeId]),
    ]);
    expect(all.value).toHaveLength(w.sandbox.state().employees.length);
    expect(human.stdout).toContain(liam.email);
    expect(byEmail.value.map((e) => e.recordId)).toEqual([liam.recordId]);
    expect(byId.value.map((e) => e.email)).toEqual([liam.email]);
  });

  it('lists only records modified after a time', async () => {
    const times = w.sandbox
      .state()
      .employees.map((e) => e.modifiedTime)
      .sort((a, b) => a - b);
    const since = times[Math.floor(times.length / 2)];
    const r = await w.punchJson<EmployeeRecord[]>(['employees', '--modified-since', String(since)]);
    expect(r.value.length).toBe(times.filter((t) => t > since).length);
  });

  it('reads one record by its record id', async () => {
    const liam = w.sandbox.state().employees.find((e) => e.email === 'liam.chen@demo.punchcard.test')!;
    const [human, json] = await Promise.all([
      w.punch(['employee', 'get', liam.recordId]),
      w.punchJson<EmployeeRecord>(['employee', 'get', liam.recordId]),
    ]);
    expect(json.value).toMatchObject({ recordId: liam.recordId, employeeId: liam.employeeId, firstName: 'Liam', lastName: 'Chen' });
    expect(human.stdout).toMatch(/Name:\s+Liam Chen/);
  });

  it('refuses --email together with --employee-id', async () => {
    const r = await w.punch(['employees', '--email', 'a@b', '--employee-id', 'E1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/either --email or --employee-id/);
  });
});

describe('the punch bin', () => {
  it('runs the same CLI through bin/punch.cjs', async () => {
    const { spawn } = await import('node:child_process');
    const { resolve } = await import('node:path');
    const out = await new Promise<{ code: number | null; stdout: string }>((done) => {
      const child = spawn(process.execPath, [resolve(__dirname, '../../bin/punch.cjs'), 'settings', '--json'], {
        cwd: w.dataDir,
        env: {
          ...process.env,
          PUNCH_BASE_URL: w.sandbox.url,
          PUNCH_TOKEN: w.sandbox.demoToken,
          PUNCH_USER: w.sandbox.demoUser,
          PUNCH_DATA_DIR: w.dataDir,
        },
      });
      let stdout = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.on('close', (code) => done({ code, stdout }));
    });
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ pastDaysAllowed: w.sandbox.state().settings.allowedPastDays });
  });
});
