/**
 * Manager and HR commands of `punch` against the sandbox: reject and approve (whole, per time log, all levels),
 * delete a timesheet, add and update employee records; plus the output contract (one JSON document, exit codes).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeRecord, TimesheetDetail } from '../../src/shared/domain';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

const sheet = (id: string) => w.sandbox.state().timesheets.find((t) => t.timesheetId === id)!;
/** Pending timesheets of the demo manager's team (excluding her own). */
const pendingOfTeam = () => {
  const s = w.sandbox.state();
  const team = new Set(s.employees.filter((e) => e.managerEmail === w.sandbox.demoUser).map((e) => e.email));
  return s.timesheets.filter((t) => t.status === 'pending' && team.has(t.user));
};

describe('punch approve', () => {
  it('rejects with a comment; the employee reads it and resubmits; the manager approves', async () => {
    const target = pendingOfTeam().find((t) => t.approvalLevels === 1)!;
    const reject = await w.punch(['approve', target.timesheetId, '--reject', '--comments', 'Split Friday by project']);
    expect(reject.code).toBe(0);
    const who = w.sandbox.state().employees.find((e) => e.email === target.user)!;
    expect(reject.stdout).toMatch(
      new RegExp(`^rejection recorded; ${who.firstName} ${who.lastName}'s timesheet for .+ \\(${target.timesheetId}\\) is now rejected\\.`),
    );
    expect(sheet(target.timesheetId)).toMatchObject({ status: 'rejected', comments: 'Split Friday by project' });

    // The employee, with their own token and data directory, sees the comment and resubmits the week.
    const employee = {
      PUNCH_TOKEN: w.sandbox.issueToken({ user: target.user, scopes: ['timetracker.ALL'] }),
      PUNCH_USER: target.user,
      PUNCH_DATA_DIR: join(w.dataDir, 'employee'),
    };
    const week = await w.punch(['week', '--date', target.fromDate], { env: employee });
    // the heading wraps between words within 100 columns: read as one line
    expect(week.stdout.split('\n\n')[0].replace(/\n/g, ' ')).toMatch(/rejected; comments: "Split Friday by project"/);
    const resubmit = await w.punch(['submit', '--week-of', target.fromDate], { env: employee });
    expect(resubmit.code).toBe(0);
    expect(sheet(target.timesheetId).status).toBe('pending');

    const approve = await w.punch(['approve', target.timesheetId]);
    expect(approve.code).toBe(0);
    expect(approve.stdout).toMatch(/is now approved\./);
    expect(sheet(target.timesheetId).status).toBe('approved');
  });

  it('approves a pending timesheet (JSON form returns the re-read detail)', async () => {
    const target = pendingOfTeam().find((t) => t.approvalLevels === 1)!;
    const r = await w.punchJson<TimesheetDetail>(['approve', target.timesheetId, '--comments', 'Thanks']);
    expect(r.code).toBe(0);
    expect(r.value).toMatchObject({ recordId: target.timesheetId, status: 'approved' });
    expect(sheet(target.timesheetId).status).toBe('approved');
  });

  it('approves at all levels at once where two levels are needed', async () => {
    const twoLevels = pendingOfTeam().filter((t) => t.approvalLevels === 2);
    expect(twoLevels.length).toBeGreaterThan(0);
    const r = await w.punchJson<TimesheetDetail>(['approve', twoLevels[0].timesheetId, '--all-levels']);
    expect(r.code).toBe(0);
    expect(sheet(twoLevels[0].timesheetId)).toMatchObject({ status: 'approved', approvedLevels: 2 });
  });

  it('decides single time logs with --log', async () => {
    const target = pendingOfTeam().find((t) => t.approvalLevels === 1)!;
    const logs = w.sandbox.state().timeLogs.filter((l) => l.timesheetId === target.timesheetId);
    expect(logs.length).toBeGreaterThan(1);
    const r = await w.punch(['approve', target.timesheetId, '--log', `${logs[0].timeLogId}=approved`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^1 time log decided;/);
    const after = w.sandbox.state().timeLogs.filter((l) => l.timesheetId === target.timesheetId);
    expect(after.find((l) => l.timeLogId === logs[0].timeLogId)!.approvalStatus).toBe('approved');
    expect(after.filter((l) => l.approvalStatus === 'pending').length).toBe(logs.length - 1);
  });

  it('refuses a malformed --log decision before asking the service', async () => {
    const before = w.sandbox.requests().length;
    const r = await w.punch(['approve', '123', '--log', '123=yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--log must be TIMELOG_ID=approved or TIMELOG_ID=rejected/);
    expect(w.sandbox.requests().length).toBe(before);
  });
});

describe('punch delete-timesheet', () => {
  it('deletes a draft timesheet; its logs stay on the service, unattached', async () => {
    const draft = w.sandbox.state().timesheets.find((t) => t.status === 'draft' && t.user === w.sandbox.demoUser)!;
    const logIds = w.sandbox
      .state()
      .timeLogs.filter((l) => l.timesheetId === draft.timesheetId)
      .map((l) => l.timeLogId);
    const r = await w.punchJson<{ deleted: boolean; id: string }>(['delete-timesheet', draft.timesheetId]);
    expect(r.code).toBe(0);
    expect(r.value).toEqual({ deleted: true, id: draft.timesheetId });
    expect(w.sandbox.state().timesheets.some((t) => t.timesheetId === draft.timesheetId)).toBe(false);
    const kept = w.sandbox.state().timeLogs.filter((l) => logIds.includes(l.timeLogId));
    expect(kept.length).toBe(logIds.length);
    expect(kept.every((l) => l.timesheetId === null)).toBe(true);
  });

  it('exits 2 with the service reason for an approved one (human form)', async () => {
    const approved = w.sandbox.state().timesheets.find((t) => t.status === 'approved')!;
    const r = await w.punch(['delete-timesheet', approved.timesheetId]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^punch: .*approved/i);
    expect(w.sandbox.state().timesheets.some((t) => t.timesheetId === approved.timesheetId)).toBe(true);
  });
});

describe('punch employee add and update', () => {
  let added: EmployeeRecord;

  it('adds a record from labelled fields', async () => {
    const r = await w.punchJson<EmployeeRecord>([
      'employee',
      'add',
      '--field',
      'First Name=Ada',
      '--field',
      'Last Name=Lovelace',
      '--field',
      'Email=ada.lovelace@demo.punchcard.test',
      '--field',
      'Employee ID=E-9001',
    ]);
    expect(r.code).toBe(0);
    added = r.value;
    const row = w.sandbox.state().employees.find((e) => e.recordId === added.recordId)!;
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@demo.punchcard.test', employeeId: 'E-9001' });
  });

  it('updates a field and shows the record (human form)', async () => {
    const r = await w.punch(['employee', 'update', added.recordId, '--field', 'Last Name=King']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Updated employee record ${added.recordId}\\.`));
    expect(r.stdout).toMatch(/Name:\s+Ada King/);
    expect(w.sandbox.state().employees.find((e) => e.recordId === added.recordId)!.lastName).toBe('King');
  });

  it('exits 2 naming the missing mandatory field (human add), and 1 for a malformed field', async () => {
    const [missing, malformed] = await Promise.all([
      w.punch(['employee', 'add', '--field', 'First Name=Grace']),
      w.punch(['employee', 'add', '--field', 'First Name']),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Last Name/);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/--field must be "Label=Value"/);
  });

  it('shows an added record in human form', async () => {
    const r = await w.punch([
      'employee',
      'add',
      '--field',
      'First Name=Alan',
      '--field',
      'Last Name=Turing',
      '--field',
      'Email=alan.turing@demo.punchcard.test',
      '--field',
      'Employee ID=E-9002',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Added employee record \d+\./);
    expect(w.sandbox.state().employees.some((e) => e.email === 'alan.turing@demo.punchcard.test')).toBe(true);
  });
});

describe('the output contract', () => {
  it('exits 1 for an unknown command and an unknown option, sending nothing', async () => {
    const before = w.sandbox.requests().length;
    const [cmd, opt] = await Promise.all([w.punch(['aprove', '1']), w.punch(['timesheets', '--state', 'pending'])]);
    expect(cmd.code).toBe(1);
    expect(cmd.stderr).toMatch(/^punch: unknown command "aprove"\.\nDid you mean: approve\?/);
    expect(opt.code).toBe(1);
    expect(opt.stderr).toMatch(/^punch: unknown option --state\./);
    expect(w.sandbox.requests().length).toBe(before);
  });

  it('shows a timesheet one of whose logs the service dated oddly: the other logs, and that one last as it came', async () => {
    const target = pendingOfTeam()[0];
    w.sandbox.fault({ kind: 'odd-date', workDate: '31-Foo-2026', match: 'gettimesheetdetails' });
    try {
      const [text, json] = await Promise.all([
        w.punch(['timesheet', target.timesheetId]),
        w.punch(['timesheet', target.timesheetId, '--json']),
      ]);
      expect(text.code, text.stderr).toBe(0);
      const lines = text.stdout.split('\n').filter((l) => /^\s*\S+\s+\S/.test(l));
      expect(lines.at(-1)).toContain('31-Foo-2026 (?)');
      const detail = JSON.parse(json.stdout) as TimesheetDetail;
      expect(detail.undatedLogs).toHaveLength(1);
      expect(detail.undatedLogs![0].rawWorkDate).toBe('31-Foo-2026');
      const logs = w.sandbox.state().timeLogs.filter((l) => l.timesheetId === target.timesheetId);
      expect(detail.timeLogs.length + 1).toBe(logs.length);
    } finally {
      w.sandbox.fault(null);
    }
  });

  it('prints exactly one JSON document with --json, also for errors', async () => {
    const [list, error] = await Promise.all([w.punch(['--json', 'timesheets']), w.punch(['timesheet', '1', '--json'])]);
    expect(Array.isArray(JSON.parse(list.stdout))).toBe(true);
    expect(list.stdout.trim().startsWith('[')).toBe(true);
    expect(error.code).toBe(2);
    expect(JSON.parse(error.stdout)).toMatchObject({ error: { name: 'ServiceError' } });
    expect(error.stderr).toMatch(/^punch: /);
  });
});
