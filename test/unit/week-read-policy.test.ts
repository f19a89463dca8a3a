/**
 * The read policy of a week (src/core/week/read-policy.ts) and the approval state a log takes from its week's
 * timesheet (src/core/week/week-read.ts), as tables: what a kept copy serves, when the timesheet is read with the
 * logs, what counts as a change of the logs' states, and which "rejected" is stale.
 * @inner src/core/service/network-cause.ts, src/core/week/read-policy.ts, src/core/week/week-read.ts
 */
import { describe, expect, it } from 'vitest';
import type { ApprovalStatus, TimeLog } from '../../src/shared/domain';
import { approvalsOf, keptServes, sheetWanted, WEEK_READ_POLICY, type KeptHalves } from '../../src/core/week/read-policy';
import { statesAsTheTimesheetHolds } from '../../src/core/week/week-read';
import { pendingWithRejectionsWords, rejectedLogWords } from '../../src/shared/team/approval';
import { connectionLost } from '../../src/core/service/network-cause';

const T = 1_800_000_000_000;
const kept = (ageMs: number, more: Partial<KeptHalves> = {}): KeptHalves => ({ fetchedAt: T - ageMs, approvals: '', ...more });
const log = (id: string, approvalStatus?: ApprovalStatus): TimeLog => ({
  timeLogId: id,
  workDate: '2026-11-18',
  hours: '01:00',
  jobName: 'Backend API',
  billingStatus: 'Billable',
  ...(approvalStatus ? { approvalStatus } : {}),
});

describe('how old a kept week may be, by why it is wanted', () => {
  it.each([
    ['rule', 14_000, true],
    ['rule', 16_000, false],
    ['act', 16_000, false],
    ['look', 59_000, true],
    ['look', 61_000, false],
    ['glance', 4 * 60_000, true],
    ['glance', 6 * 60_000, false],
    ['now', 0, false],
  ] as const)('%s, a copy %i ms old: serves %s', (why, age, serves) => {
    expect(keptServes(kept(age), why, T)).toBe(serves);
  });

  it('serves every look at an approved week for hours, but not `punch week` (read now)', () => {
    const approved = kept(3 * 60 * 60_000, { timesheet: { status: 'approved' } });
    expect(keptServes(approved, 'look', T)).toBe(true);
    expect(keptServes(approved, 'rule', T)).toBe(true);
    expect(keptServes(approved, 'now', T)).toBe(false);
    expect(keptServes(kept(13 * 60 * 60_000, { timesheet: { status: 'approved' } }), 'look', T)).toBe(false);
  });

  it('serves nothing from a copy changed here since (stale), none at all, or one from a clock that went back', () => {
    expect(keptServes(kept(1_000, { stale: true }), 'glance', T)).toBe(false);
    expect(keptServes(undefined, 'glance', T)).toBe(false);
    expect(keptServes(kept(-5_000), 'glance', T)).toBe(false);
  });
});

describe('when the timesheet is read with the logs', () => {
  it('only when the logs cannot say it: nothing kept, stale, a refresh, no list, no states, or after the safety net', () => {
    expect(sheetWanted(kept(61_000), T, false)).toBe(false);
    expect(sheetWanted(undefined, T, false)).toBe(true);
    expect(sheetWanted(kept(1_000, { stale: true }), T, false)).toBe(true);
    expect(sheetWanted(kept(1_000), T, true)).toBe(true);
    expect(sheetWanted(kept(1_000, { listed: false }), T, false)).toBe(true);
    expect(sheetWanted(kept(1_000, { approvals: null }), T, false)).toBe(true);
    expect(sheetWanted(kept(1_000, { sheetReadAt: T - WEEK_READ_POLICY.sheetMaxAgeMs }), T, false)).toBe(true);
  });

  it("compares the logs' states: a new draft (a log made on the phone) changes nothing, a submit or a decision does", () => {
    const before = approvalsOf([log('1', 'draft'), log('2', 'draft')]);
    expect(approvalsOf([log('1', 'draft'), log('2', 'draft'), log('3', 'draft')])).toBe(before);
    expect(approvalsOf([log('1', 'pending'), log('2', 'pending')])).not.toBe(before);
    expect(approvalsOf([log('1', 'pending'), log('2', 'rejected')])).not.toBe(approvalsOf([log('1', 'pending'), log('2', 'pending')]));
    // a list without states says nothing: the timesheet is read with every read
    expect(approvalsOf([log('1', 'draft'), log('2')])).toBeNull();
  });
});

describe("a log's state as its week's timesheet now holds it", () => {
  const states = (status: ApprovalStatus | undefined, logs: TimeLog[]) =>
    statesAsTheTimesheetHolds(status, logs).map((l) => l.approvalStatus);

  it('waits again after a resubmit, when the list still says every log was rejected', () => {
    expect(states('pending', [log('1', 'rejected'), log('2', 'rejected'), log('3', 'approved')])).toEqual([
      'pending',
      'pending',
      'approved',
    ]);
  });
  it('stays rejected when the manager rejected it while other logs of the week still wait', () => {
    expect(states('pending', [log('1', 'rejected'), log('2', 'pending')])).toEqual(['rejected', 'pending']);
  });
  it('is no longer rejected once no timesheet covers the week (it was deleted)', () => {
    expect(states(undefined, [log('1', 'rejected'), log('2', 'draft')])).toEqual(['draft', 'draft']);
  });
  it('is as the list says in a rejected week', () => {
    expect(states('rejected', [log('1', 'rejected'), log('2', 'approved')])).toEqual(['rejected', 'approved']);
  });
});

describe('what a rejected log says to do next', () => {
  it('in a rejected week: fix it and resubmit', () => {
    expect(rejectedLogWords('rejected', 'Split Friday')).toBe(
      'Rejected by your manager: "Split Friday". Fix this log, then resubmit the week.',
    );
  });
  it('in a week that still waits: when it can be fixed, and how to get it sooner', () => {
    const words = rejectedLogWords('pending', 'Not on this project');
    expect(words).toMatch(/^Rejected by your manager: "Not on this project"\. The rest of the week still waits for approval/);
    expect(words).toContain('fix this log and resubmit when the week comes back to you');
    expect(words).toContain('or ask your manager to send it back now');
    expect(pendingWithRejectionsWords(2)).toMatch(/^Your manager rejected 2 logs of this week .* has not decided on the rest yet\./);
  });
});

describe('a connection lost under a request', () => {
  it('is a reset or a closed socket, not a refusal, a name not found or a timeout', () => {
    expect(connectionLost({ name: 'NetworkError', kind: 'reset' })).toBe(true);
    expect(
      connectionLost(new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) })),
    ).toBe(true);
    expect(connectionLost({ name: 'NetworkError', kind: 'refused', cause: { code: 'ECONNREFUSED' } })).toBe(false);
    expect(connectionLost({ name: 'NetworkError', kind: 'dns' })).toBe(false);
    expect(connectionLost({ name: 'NetworkError', kind: 'timeout' })).toBe(false);
  });
});
