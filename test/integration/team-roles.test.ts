/**
 * Roles and approvals over the real core and a real sandbox: who sees the Team and HR tabs,
 * the roles kept per account, nobody approving their own timesheet, a rejection that says what to fix, partial
 * decisions read as "Partly approved", and "Approve N" with one that fails.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { DecisionOutcome, Roles, Timesheet, TimesheetDetail } from '../../src/shared/domain';
import { call } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

const at = (handle: string) => `${handle}@demo.punchcard.test`;
const MAYA = at('maya.patel');
const DANIEL = at('daniel.okafor');
const LIAM = at('liam.chen');

let sb: Sandbox;
const open: Array<{ core: Punchcard; dir: string }> = [];

beforeAll(async () => {
  sb = await startSandbox({ today: TEST_TODAY });
});
afterAll(async () => {
  await sb.close();
});
afterEach(async () => {
  for (const { core, dir } of open.splice(0)) {
    await core.close();
    removeDir(dir);
  }
});

/** A core signed in as `user` with a token of their own (the demo token is Maya's), on a clock the test can move. */
async function coreAs(user: string, clock = runningClock()) {
  const token = user === MAYA ? sb.demoToken : sb.issueToken({ user, scopes: ['timetracker.ALL', 'forms.ALL'] });
  const dir = tempDir('punch-roles-');
  const core = await createPunchcard({
    dataDir: dir,
    secrets: memorySecrets(),
    autoSync: false,
    clock,
    env: { baseUrl: sb.url, token, user },
  });
  open.push({ core, dir });
  return { core, clock, dir };
}

const pendingOf = (user: string) =>
  sb
    .state()
    .timesheets.filter((t) => t.user === user && t.status === 'pending')
    .sort((a, b) => b.fromDate.localeCompare(a.fromDate));
const probes = () => sb.requests().filter((r) => /gettimesheet$|getpayrollreport$/.test(r.path));

describe('getRoles', () => {
  it('finds the HR admin manager (the demo user) an approver with HR access', async () => {
    const { core, clock } = await coreAs(MAYA);
    sb.resetRequests();
    const roles = await call<Roles>(core, 'getRoles', {});
    expect(roles).toEqual({ approver: true, hr: true, known: true, checkedAt: expect.any(Number) });
    expect(Math.abs(roles.checkedAt! - clock.now())).toBeLessThan(5_000);
    // two cheap reads: the first page of the team list, and the payroll report over one day
    expect(probes().map((r) => [r.path.split('/').at(-1), r.params.user, r.params.fromDate === r.params.toDate])).toEqual(
      expect.arrayContaining([
        ['gettimesheet', 'all', false],
        ['getpayrollreport', 'all', true],
      ]),
    );
    expect(probes()).toHaveLength(2);
  });

  it("finds a manager who is not an HR admin an approver; the sandbox answers him his team's payroll, so HR too", async () => {
    const { core } = await coreAs(DANIEL);
    expect(await call<Roles>(core, 'getRoles', {})).toMatchObject({ approver: true, hr: true, known: true });
    // what that HR tab would show him: his own team's payroll, nobody else's
    const rows = await call<Array<{ employeeEmail?: string }>>(core, 'payrollReport', { from: '2026-11-02', to: '2026-11-06' });
    const team = sb
      .state()
      .employees.filter((e) => e.managerEmail === DANIEL)
      .map((e) => e.email)
      .sort();
    expect(rows.map((r) => r.employeeEmail).sort()).toEqual(team);
  });

  it('finds a plain employee neither', async () => {
    const { core } = await coreAs(LIAM);
    expect(await call<Roles>(core, 'getRoles', {})).toMatchObject({ approver: false, hr: false, known: true });
  });

  it('keeps the answer 12 hours: a second ask sends nothing; after 12 hours, or when asked to, it checks again', async () => {
    const { core, clock } = await coreAs(LIAM);
    await call<Roles>(core, 'getRoles', {});
    sb.resetRequests();
    expect(await call<Roles>(core, 'getRoles', {})).toMatchObject({ known: true, approver: false });
    expect(sb.requests()).toHaveLength(0);
    clock.skip(11 * 3600_000);
    await call<Roles>(core, 'getRoles', {});
    expect(sb.requests()).toHaveLength(0);
    clock.skip(3600_000 + 1000);
    await call<Roles>(core, 'getRoles', {});
    expect(probes()).toHaveLength(2);
    sb.resetRequests();
    await call<Roles>(core, 'getRoles', { refresh: true });
    expect(probes()).toHaveLength(2);
  });

  it('keeps the answer across a restart, for the same account only', async () => {
    const first = await coreAs(LIAM);
    await call<Roles>(first.core, 'getRoles', {});
    await first.core.close();
    open.splice(
      open.findIndex((o) => o.core === first.core),
      1,
    );
    const token = sb.issueToken({ user: LIAM, scopes: ['timetracker.ALL'] });
    const again = await createPunchcard({
      dataDir: first.dir,
      secrets: memorySecrets(),
      autoSync: false,
      clock: first.clock,
      env: { baseUrl: sb.url, token, user: LIAM },
    });
    open.push({ core: again, dir: first.dir });
    sb.resetRequests();
    expect(await call<Roles>(again, 'getRoles', {})).toMatchObject({ known: true, approver: false, hr: false });
    expect(sb.requests()).toHaveLength(0);
    // signed in as someone else: asked afresh
    await call(again, 'signInWithToken', {
      baseUrl: sb.url,
      user: DANIEL,
      token: sb.issueToken({ user: DANIEL, scopes: ['timetracker.ALL'] }),
    });
    expect(await call<Roles>(again, 'getRoles', {})).toMatchObject({ known: true, approver: true });
    expect(probes().length).toBeGreaterThan(0);
  });

  it('keeps a damaged file aside, reports it and asks the service again', async () => {
    const dir = tempDir('punch-roles-damaged-');
    writeFileSync(join(dir, 'team.json'), '{"cache": {"account": "service|x|y", "roles": {"approver": tru');
    const token = sb.issueToken({ user: LIAM, scopes: ['timetracker.ALL'] });
    const core = await createPunchcard({
      dataDir: dir,
      secrets: memorySecrets(),
      autoSync: false,
      clock: runningClock(),
      env: { baseUrl: sb.url, token, user: LIAM },
    });
    open.push({ core, dir });
    expect(await call<Roles>(core, 'getRoles', {})).toMatchObject({ known: true, approver: false, hr: false });
    const reports = await call<Array<{ what: string; file: string }>>(core, 'listDamage', {});
    expect(reports).toEqual([
      expect.objectContaining({ what: 'what you may do (Team, HR) as last checked with the service', file: join(dir, 'team.json') }),
    ]);
  });

  it('offline with nothing kept: not known, no error; known once the service answers', async () => {
    const { core, clock } = await coreAs(MAYA);
    await sb.setOffline(true);
    try {
      expect(await call<Roles>(core, 'getRoles', {})).toEqual({ approver: false, hr: false, known: false });
    } finally {
      await sb.setOffline(false);
    }
    clock.skip(61_000); // a minute's quiet after a failed check
    expect(await call<Roles>(core, 'getRoles', {})).toMatchObject({ approver: true, hr: true, known: true });
  });

  it('refuses an input it does not know', async () => {
    const { core } = await coreAs(LIAM);
    const r = await core.dispatch('getRoles', { refresh: 'yes' });
    expect(r.ok).toBe(false);
  });
});

describe('nobody approves their own timesheet', () => {
  it("leaves the user's own out of the team list", async () => {
    const { core } = await coreAs(MAYA);
    const own = pendingOf(MAYA);
    expect(own.length).toBeGreaterThan(0);
    const listed = await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.some((t) => t.employeeEmail === MAYA)).toBe(false);
    expect(listed.map((t) => t.recordId)).not.toEqual(expect.arrayContaining([own[0].timesheetId]));
  });

  it('refuses to decide one of them in plain words, before sending the decision', async () => {
    const { core } = await coreAs(MAYA);
    const own = pendingOf(MAYA)[0];
    sb.resetRequests();
    const r = await core.dispatch('decideTimesheet', { id: own.timesheetId, decision: 'approved' });
    expect(r).toMatchObject({ ok: false, error: { name: 'InvalidInputError', message: expect.stringMatching(/your own timesheet/) } });
    expect(sb.requests().some((q) => q.path.endsWith('approvetimesheet'))).toBe(false);
    expect(sb.state().timesheets.find((t) => t.timesheetId === own.timesheetId)!.status).toBe('pending');
  });

  it("says in plain words when the service refuses someone else's", async () => {
    const { core } = await coreAs(DANIEL);
    const liams = pendingOf(LIAM)[0];
    const r = await core.dispatch('decideTimesheet', { id: liams.timesheetId, decision: 'approved' });
    expect(r.ok).toBe(false);
    const message = r.ok ? '' : r.error.message;
    expect(message).toMatch(/^You may not approve or reject the employee's timesheet: only their manager or an HR admin can/);
    expect(message).not.toMatch(/9000|timetracker|approvetimesheet|HTTP/);
  });
});

describe('a rejection says what to fix', () => {
  it('is refused without a comment, whole or for one log, and nothing is sent', async () => {
    const { core } = await coreAs(MAYA);
    const sheet = pendingOf(at('sofia.garcia'))[0];
    const log = sb.state().timeLogs.find((l) => l.timesheetId === sheet.timesheetId)!;
    sb.resetRequests();
    for (const input of [
      { id: sheet.timesheetId, decision: 'rejected' },
      { id: sheet.timesheetId, decision: 'rejected', comments: '   ' },
      { id: sheet.timesheetId, decision: 'approved', logs: { [log.timeLogId]: 'rejected' } },
    ]) {
      const r = await core.dispatch('decideTimesheet', input);
      expect(r, JSON.stringify(input)).toMatchObject({
        ok: false,
        error: { name: 'InvalidInputError', message: expect.stringMatching(/Say what to fix/) },
      });
    }
    const batch = await core.dispatch('decideTimesheets', { ids: [sheet.timesheetId], decision: 'rejected' });
    expect(batch).toMatchObject({ ok: false, error: { message: expect.stringMatching(/Say what to fix/) } });
    expect(sb.requests()).toHaveLength(0);
    expect(sb.state().timesheets.find((t) => t.timesheetId === sheet.timesheetId)!.status).toBe('pending');
  });
});

describe('partly approved', () => {
  it('reads "partly approved" from the logs after a partial decision, in the detail and then in the list', async () => {
    const { core } = await coreAs(MAYA);
    const sheet = pendingOf(at('ava.johnson'))[0];
    const logs = sb.state().timeLogs.filter((l) => l.timesheetId === sheet.timesheetId);
    expect(logs.length).toBeGreaterThan(1);
    const decisions = Object.fromEntries(logs.map((l, i) => [l.timeLogId, i === 0 ? 'rejected' : 'approved']));
    const detail = await call<TimesheetDetail>(core, 'decideTimesheet', {
      id: sheet.timesheetId,
      decision: 'approved',
      logs: decisions,
      comments: 'Monday is on the wrong job',
    });
    // the service calls it rejected (no log waits any more); the app reads the mix
    expect(detail.status).toBe('rejected');
    expect(detail.partlyApproved).toBe(true);
    const rejected = await call<Timesheet[]>(core, 'listTeamTimesheets', { status: 'rejected' });
    expect(rejected.find((t) => t.recordId === sheet.timesheetId)).toMatchObject({ partlyApproved: true });
    expect(rejected.filter((t) => t.recordId !== sheet.timesheetId).every((t) => t.partlyApproved === undefined)).toBe(true);
  });

  it('marks a pending timesheet with some logs already approved once its detail is read', async () => {
    const { core } = await coreAs(MAYA);
    const mixed = pendingOf(at('ethan.brown'))[0];
    const before = await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    expect(before.find((t) => t.recordId === mixed.timesheetId)?.partlyApproved).toBeUndefined();
    const detail = await call<TimesheetDetail>(core, 'getTimesheet', { id: mixed.timesheetId });
    expect(detail).toMatchObject({ status: 'pending', partlyApproved: true });
    const after = await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    expect(after.find((t) => t.recordId === mixed.timesheetId)).toMatchObject({ partlyApproved: true });
  });
});

describe('Approve N', () => {
  it('decides each in turn and reports each outcome; one that fails does not stop the others', async () => {
    const { core } = await coreAs(MAYA);
    const noah = pendingOf(at('noah.kim')).at(-1)!;
    const chloe = pendingOf(at('chloe.martin'))[0];
    const decided = sb.state().timesheets.find((t) => t.user === at('sofia.garcia') && t.status === 'approved')!;
    const own = pendingOf(MAYA)[0];
    sb.resetRequests();
    const outcomes = await call<DecisionOutcome[]>(core, 'decideTimesheets', {
      ids: [noah.timesheetId, decided.timesheetId, own.timesheetId, chloe.timesheetId],
      decision: 'approved',
      allLevels: true,
      comments: 'Thanks',
    });
    expect(outcomes.map((o) => [o.id, o.ok])).toEqual([
      [noah.timesheetId, true],
      [decided.timesheetId, false],
      [own.timesheetId, false],
      [chloe.timesheetId, true],
    ]);
    const [first, second, third] = outcomes;
    expect(first.ok && first.timesheet.status).toBe('approved');
    expect(!second.ok && second.reason).toMatch(/^It no longer waits for approval/);
    expect(!third.ok && third.reason).toMatch(/your own timesheet/);
    for (const o of outcomes) if (!o.ok) expect(o.reason).not.toMatch(/\d{4}|timetracker|HTTP/);
    expect(sb.state().timesheets.find((t) => t.timesheetId === chloe.timesheetId)).toMatchObject({
      status: 'approved',
      comments: 'Thanks',
    });
    // one after another, and never one's own
    const sent = sb
      .requests()
      .filter((r) => r.path.endsWith('approvetimesheet'))
      .map((r) => r.params.timesheetId);
    expect(sent).toEqual([noah.timesheetId, decided.timesheetId, chloe.timesheetId]);
  });

  it('refuses a list that names a timesheet twice, or none', async () => {
    const { core } = await coreAs(MAYA);
    const id = pendingOf(LIAM)[0].timesheetId;
    expect((await core.dispatch('decideTimesheets', { ids: [id, id], decision: 'approved' })).ok).toBe(false);
    expect((await core.dispatch('decideTimesheets', { ids: [], decision: 'approved' })).ok).toBe(false);
  });
});
