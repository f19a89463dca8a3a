/**
 * `punch` for roles and approvals: what the user may do, a rejection that needs a comment,
 * one's own timesheet refused, several timesheets decided at once, and refusals in plain words.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionOutcome, Roles } from '../../src/shared/domain';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';

let w: CliWorld;
beforeAll(async () => {
  w = await startCliWorld();
});
afterAll(async () => {
  await w?.close();
});

const LIAM = 'liam.chen@demo.punchcard.test';
const pending = (user: string) => w.sandbox.state().timesheets.filter((t) => t.user === user && t.status === 'pending');
const approveCalls = () => w.sandbox.requests().filter((r) => r.path.endsWith('approvetimesheet')).length;
/** Run as Liam Chen, a plain employee, with his own token and data directory. */
const asLiam = () => ({
  PUNCH_TOKEN: w.sandbox.issueToken({ user: LIAM, scopes: ['timetracker.ALL'] }),
  PUNCH_USER: LIAM,
  PUNCH_DATA_DIR: join(w.dataDir, 'liam'),
});

describe('punch roles', () => {
  it('says what the demo manager may do, and what a plain employee may not', async () => {
    const maya = await w.punch(['roles']);
    expect(maya.code).toBe(0);
    expect(maya.stdout).toMatch(/Approve timesheets:\s+yes/);
    expect(maya.stdout).toMatch(/Payroll and records:\s+yes/);
    const liam = await w.punchJson<Roles>(['roles'], { env: asLiam() });
    expect(liam.value).toMatchObject({ approver: false, hr: false, known: true });
  });
});

describe('punch approve', () => {
  it('refuses to reject without a comment, saying what to add, and sends nothing', async () => {
    const id = pending('sofia.garcia@demo.punchcard.test')[0].timesheetId;
    const before = approveCalls();
    const r = await w.punch(['approve', id, '--reject']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Say what to fix in a comment, so the employee knows what to change\. Add --comments/);
    expect(approveCalls()).toBe(before);
  });

  it("refuses one's own timesheet in plain words (exit 1, nothing sent)", async () => {
    const own = pending(w.sandbox.demoUser)[0].timesheetId;
    const before = approveCalls();
    const r = await w.punch(['approve', own]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/your own timesheet: nobody approves or rejects their own/);
    expect(approveCalls()).toBe(before);
  });

  it("tells a plain employee in plain words that they may not decide someone else's timesheet", async () => {
    const sofias = pending('sofia.garcia@demo.punchcard.test')[0].timesheetId;
    const r = await w.punch(['approve', sofias], { env: asLiam() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^punch: You may not /);
    expect(r.stderr).not.toMatch(/9000|timetracker|gettimesheet|approvetimesheet|HTTP|Sign in again/);
  });

  it('decides several at once, each in turn; the one that fails is named with why (exit 2)', async () => {
    const ava = pending('ava.johnson@demo.punchcard.test')[0];
    const james = pending('james.wilson@demo.punchcard.test')[0];
    const approved = w.sandbox.state().timesheets.find((t) => t.status === 'approved' && t.user !== w.sandbox.demoUser)!;
    const r = await w.punch(['approve', ava.timesheetId, approved.timesheetId, james.timesheetId]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^2 timesheets of 3 decided\./);
    expect(r.stdout).toMatch(/Ava Johnson, \d+ – \d+ \w{3}: now approved/);
    expect(r.stdout).toContain(`${approved.timesheetId}: not decided. It no longer waits for approval`);
    expect(w.sandbox.state().timesheets.find((t) => t.timesheetId === james.timesheetId)!.status).toBe('approved');
  });

  it('prints one outcome per id with --json', async () => {
    const [chloe] = pending('chloe.martin@demo.punchcard.test');
    const [lucas] = pending('lucas.rossi@demo.punchcard.test');
    const r = await w.punchJson<DecisionOutcome[]>([
      'approve',
      chloe.timesheetId,
      lucas.timesheetId,
      '--reject',
      '--comments',
      'Add the client names',
    ]);
    expect(r.code).toBe(0);
    expect(r.value.map((o) => [o.id, o.ok])).toEqual([
      [chloe.timesheetId, true],
      [lucas.timesheetId, true],
    ]);
    expect(w.sandbox.state().timesheets.find((t) => t.timesheetId === lucas.timesheetId)).toMatchObject({
      status: 'rejected',
      comments: 'Add the client names',
    });
  });

  it('says "partly approved" after a partial decision', async () => {
    const sheet = pending('ethan.brown@demo.punchcard.test')[0];
    const logs = w.sandbox.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId && l.approvalStatus === 'pending');
    const r = await w.punch(['approve', sheet.timesheetId, '--log', `${logs[0].timeLogId}=rejected`, '--comments', 'Tuesday: wrong job']);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/is now partly approved\./);
    expect(r.stdout).toMatch(/Status:\s+partly approved/);
  });
});
