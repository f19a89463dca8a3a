/**
 * The renderer's roles and Team slices in Node with a fake bridge: tabs follow the roles,
 * the list grouped by period, "Partly approved" from the logs, and "Approve N" with one that fails.
 */
import { describe, expect, it } from 'vitest';
import type { AppStatus, DecisionOutcome, Roles, Timesheet, TimesheetDetail } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { withSlice } from '../../src/renderer/src/store/later';
import { receiveStatus } from '../../src/renderer/src/store/events';
import { screenAllowed } from '../../src/renderer/src/store/slices/roles';
import { SCREENS } from '../../src/renderer/src/store/slices/ui';
import { extraName, groupByPeriod, stateOf } from '../../src/renderer/src/team-format';
import { decidedLine, outcomeWords, periodWords, sheetWords, stateWords } from '../../src/renderer/src/team-words';
import { englishWording } from '../../src/shared/i18n/english';
import { createWording } from '../../src/shared/i18n/wording';
import en from '../../src/shared/i18n/compiled/en.json';
import fr from '../../src/shared/i18n/compiled/fr.json';
import type { CompiledMessages } from '../../src/shared/i18n/messages';

/** English words with the app's long-standing formats (en-GB's: "16 – 22 Nov"; Intl puts thin spaces around the dash). */
const w = englishWording();
import { fakeApi } from './renderer-fake-api';
import { TEST_NOW } from '../fixtures/test-clock';

const roles = (r: Partial<Roles>): Roles => ({ approver: false, hr: false, known: true, checkedAt: 1, ...r });
const sheet = (
  id: string,
  who: string,
  from: string,
  status: Timesheet['status'] = 'pending',
  extra: Partial<Timesheet> = {},
): Timesheet => ({
  recordId: id,
  timesheetName: `Week of ${from}`,
  status,
  totalHours: '40:00',
  billableHours: '40:00',
  fromDate: from,
  toDate: `2026-11-${String(Number(from.slice(8)) + 6).padStart(2, '0')}`,
  employeeName: who,
  ...extra,
});
const detailOf = (t: Timesheet, logs: Array<'approved' | 'rejected' | 'pending'>): TimesheetDetail => ({
  ...t,
  projects: [],
  clients: [],
  timeLogs: logs.map((s, i) => ({
    timeLogId: `${t.recordId}-${i}`,
    workDate: t.fromDate,
    hours: '08:00',
    jobName: 'Web',
    billingStatus: 'Billable',
    approvalStatus: s,
  })),
});
const statusFor = (user: string, online = true): AppStatus => ({
  online,
  outbox: { queued: 0, sending: 0, needsAttention: 0 },
  account: { kind: 'service', baseUrl: 'https://people.example', user, authMethod: 'token', authScheme: 'Zoho-oauthtoken', signedIn: true },
});

describe('tabs follow the roles', () => {
  it('offers Team to approvers and HR to HR only; Track, Week, Outbox and Settings to everyone', () => {
    const ids = (r: Roles) => SCREENS.filter((s) => screenAllowed(s.id, r)).map((s) => s.id);
    expect(ids(roles({}))).toEqual(['track', 'week', 'outbox', 'settings']);
    expect(ids(roles({ approver: true }))).toEqual(['track', 'week', 'outbox', 'team', 'settings']);
    expect(ids(roles({ approver: true, hr: true }))).toEqual(['track', 'week', 'outbox', 'team', 'hr', 'settings']);
  });

  it('does not show a screen the user may not use, and leaves it for Track when the roles change', async () => {
    let answer = roles({ approver: true, hr: true });
    const f = fakeApi({ getRoles: async () => answer });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    store.getState().ui.show('team');
    expect(store.getState().ui.screen).toBe('track'); // not known yet: hidden
    await store.getState().roles.load();
    expect(store.getState().roles).toMatchObject({ approver: true, hr: true, known: true });
    store.getState().ui.show('hr');
    expect(store.getState().ui.screen).toBe('hr');
    answer = roles({ approver: true });
    await store.getState().roles.load({ refresh: true });
    expect(store.getState().ui.screen).toBe('track');
    expect(f.calls.map((c) => c.input)).toEqual([{}, { refresh: true }]);
  });

  it('counts the roles answered once the first ask ends, known or not, or failed: the tab strip shows its tabs from then on', async () => {
    for (const answer of [
      async () => roles({ approver: true }),
      async () => ({ ...roles({}), known: false }),
      async (): Promise<Roles> => {
        throw new Error('the core could not be reached');
      },
    ]) {
      const store = createAppStore({ api: fakeApi({ getRoles: answer }).api, now: () => TEST_NOW });
      expect(store.getState().roles.answered).toBe(false);
      const asked = store.getState().roles.load();
      expect(store.getState().roles.answered).toBe(false); // while the ask is out, the strip keeps its tabs back
      await asked;
      expect(store.getState().roles.answered).toBe(true);
    }
  });

  it('asks again for another account, and once online when not known; not on every status', async () => {
    const f = fakeApi({ getRoles: async () => roles({ approver: true }) });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    receiveStatus(store, statusFor('maya@acme.test', false));
    await Promise.resolve();
    expect(f.calls).toHaveLength(0); // offline and not known: nothing to ask yet
    receiveStatus(store, statusFor('maya@acme.test', true));
    await store.getState().roles.load(); // (the one asked by the status, and this one)
    const asked = f.calls.length;
    expect(asked).toBeGreaterThan(0);
    receiveStatus(store, statusFor('maya@acme.test', true));
    await Promise.resolve();
    expect(f.calls).toHaveLength(asked); // known, same account: nothing asked
    receiveStatus(store, statusFor('liam@acme.test', true));
    await Promise.resolve();
    expect(f.calls).toHaveLength(asked + 1);
  });
});

describe('the team list', () => {
  it('groups by period, newest first, then by name; the period reads "16 – 22 Nov" (en-GB), "Nov 16 – 22" (en-US)', () => {
    const groups = groupByPeriod([
      sheet('1', 'Sofia Garcia', '2026-11-09'),
      sheet('2', 'Liam Chen', '2026-11-16'),
      sheet('3', 'Ava Johnson', '2026-11-16'),
      sheet('4', 'Noah Kim', '2026-11-02'),
    ]);
    expect(groups.map((g) => [periodWords(w, g.from, g.to, 2026), g.sheets.map((s) => s.employeeName)])).toEqual([
      ['16\u2009–\u200922 Nov', ['Ava Johnson', 'Liam Chen']],
      ['9\u2009–\u200915 Nov', ['Sofia Garcia']],
      ['2\u2009–\u20098 Nov', ['Noah Kim']],
    ]);
    expect(periodWords(w, '2026-11-30', '2026-12-06', 2026)).toBe('30 Nov\u2009–\u20096 Dec');
    expect(periodWords(w, '2026-12-28', '2027-01-03', 2026)).toBe('28 Dec 2026\u2009–\u20093 Jan 2027');
    expect(periodWords(w, '2025-11-17', '2025-11-23', 2026)).toBe('17\u2009–\u200923 Nov 2025');
    const us = createWording('en', 'en-US', en as unknown as CompiledMessages);
    expect(periodWords(us, '2026-11-16', '2026-11-22', 2026)).toBe('Nov 16\u2009–\u200922');
    expect(periodWords(us, '2025-11-17', '2025-11-23', 2026)).toBe('Nov 17\u2009–\u200923, 2025');
  });

  it('puts the rows that name nobody after the named ones, in any language', () => {
    const unnamed = { ...sheet('9', 'x', '2026-11-16'), employeeName: undefined };
    const [g] = groupByPeriod([unnamed, sheet('1', 'Zoe Adams', '2026-11-16')]);
    expect(g.sheets.map((t) => t.recordId)).toEqual(['1', '9']);
  });

  it('leaves out a name that only repeats the period', () => {
    expect(extraName(sheet('1', 'A', '2026-11-16', 'pending', { timesheetName: 'Week of 16-Nov-2026' }))).toBeUndefined();
    expect(extraName(sheet('1', 'A', '2026-11-16', 'pending', { timesheetName: 'Week of 16 Nov 2026' }))).toBeUndefined();
    expect(extraName(sheet('1', 'A', '2026-11-16', 'pending', { timesheetName: 'Conference trip' }))).toBe('Conference trip');
  });

  it('reads "Partly approved" from mixed logs or the core\'s mark, whatever the status says', () => {
    const t = sheet('1', 'Liam Chen', '2026-11-09', 'rejected');
    expect(stateOf(t)).toBe('rejected');
    expect(stateOf({ ...t, partlyApproved: true })).toBe('partial');
    expect(stateOf(detailOf(t, ['approved', 'rejected']))).toBe('partial');
    expect(stateOf(detailOf(t, ['rejected', 'rejected']))).toBe('rejected');
    expect(stateWords(w, 'partial')).toBe('Partly approved');
    expect(stateWords(w, 'pending')).toBe('Pending approval');
    expect(decidedLine(w, detailOf({ ...t, status: 'pending' }, ['approved', 'pending', 'pending']), 2026)).toBe(
      "Partly approved Liam Chen's timesheet for 9\u2009–\u200915 Nov: 1 approved, 2 waiting.",
    );
    expect(decidedLine(w, detailOf({ ...t, status: 'pending' }, ['pending']), 2026)).toBe(
      "Approved at your level: Liam Chen's timesheet for 9\u2009–\u200915 Nov now waits for the next approver.",
    );
    // French: the logs' counts agree with "saisie", the period in the French way
    const french = createWording('fr', 'fr-FR', fr as unknown as CompiledMessages);
    expect(decidedLine(french, detailOf({ ...t, status: 'pending' }, ['approved', 'rejected', 'rejected']), 2026)).toBe(
      'Feuille de temps de Liam Chen pour 9–15 nov. approuvée en partie : 1 saisie approuvée, 2 refusées.',
    );
  });
});

describe('Approve N', () => {
  it('selects the pending ones only, sends them in one action, and keeps the failed one selected with why', async () => {
    let list = [
      sheet('a', 'Ava Johnson', '2026-11-09'),
      sheet('b', 'Liam Chen', '2026-11-09'),
      sheet('c', 'Noah Kim', '2026-11-02'),
      sheet('d', 'Sofia Garcia', '2026-11-02', 'approved'),
    ];
    const outcomes: DecisionOutcome[] = [
      { id: 'a', ok: true, timesheet: detailOf({ ...list[0], status: 'approved' }, ['approved']) },
      { id: 'b', ok: false, reason: 'Not sent: no network. Try again when the service can be reached.', error: 'NetworkError' },
      { id: 'c', ok: true, timesheet: detailOf({ ...list[2], status: 'pending' }, ['pending']) },
    ];
    const f = fakeApi({
      listTeamTimesheets: async () => list,
      decideTimesheets: async () => {
        list = list.filter((t) => t.recordId !== 'a');
        return outcomes;
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await withSlice(store, 'team');
    await store.getState().team.load();
    store.getState().team.selectAll(true);
    expect(store.getState().team.selected).toEqual(['a', 'b', 'c']);
    expect(await store.getState().team.decideSelected({ decision: 'approved', comments: '  Thanks ' })).toBe(false);
    expect(f.calls.find((c) => c.op === 'decideTimesheets')?.input).toEqual({
      ids: ['a', 'b', 'c'],
      decision: 'approved',
      comments: 'Thanks',
    });
    const t = store.getState().team;
    expect(t.selected).toEqual(['b']);
    // the store keeps facts: the failed one's row and why; the screen words them
    expect(t.failures).toEqual({ b: { sheet: list.find((s) => s.recordId === 'b'), reason: outcomes[1].ok ? '' : outcomes[1].reason } });
    expect(sheetWords(w, t.failures.b.sheet, 'b', 2026)).toBe("Liam Chen's timesheet for 9\u2009–\u200915 Nov");
    // whose were decided, and who waits for the next approver, by name
    expect(t.decided).toEqual({ kind: 'batch', decision: 'approved', outcomes });
    expect(outcomeWords(w, t.decided!, 2026)).toBe(
      'Approved 2 of 3 timesheets (Ava Johnson and Noah Kim); 1 was not (why is shown with it). Noah Kim waits for the next approver.',
    );
    // the approved one left the list, the one waiting for the next approver stays; the answer said so, so the list
    // is not read again (a manager's day within the call budget)
    expect(t.list.map((s) => s.recordId)).toEqual(['b', 'c', 'd']);
    expect(t.list.find((s) => s.recordId === 'c')?.status).toBe('pending');
    expect(f.calls.filter((c) => c.op === 'listTeamTimesheets')).toHaveLength(1);
  });

  it('unticks one, and clears the selection when the list no longer holds it pending', async () => {
    let list = [sheet('a', 'Ava Johnson', '2026-11-09'), sheet('b', 'Liam Chen', '2026-11-09')];
    const f = fakeApi({ listTeamTimesheets: async () => list });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await withSlice(store, 'team');
    await store.getState().team.load();
    store.getState().team.toggle('a', true);
    store.getState().team.toggle('b', true);
    store.getState().team.toggle('a', false);
    expect(store.getState().team.selected).toEqual(['b']);
    list = [{ ...list[1], status: 'approved' }];
    await store.getState().team.load();
    expect(store.getState().team.selected).toEqual([]);
  });
});

describe('the team list read again', () => {
  it('reads again when the tab is shown again or the window is back, at most once a minute unless Refresh', async () => {
    let now = TEST_NOW;
    let status: Timesheet['status'] = 'pending';
    const f = fakeApi({
      getRoles: async () => roles({ approver: true }),
      listTeamTimesheets: async () =>
        status === 'pending'
          ? [sheet('1', 'Liam Chen', '2026-11-16'), sheet('2', 'Ava Johnson', '2026-11-16')]
          : [sheet('2', 'Ava Johnson', '2026-11-16')],
    });
    const store = createAppStore({ api: f.api, now: () => now });
    await withSlice(store, 'team');
    const reads = () => f.calls.filter((c) => c.op === 'listTeamTimesheets').length;
    await store.getState().team.glance(); // the tab's first opening
    expect(reads()).toBe(1);
    expect(store.getState().team.list.map((t) => t.recordId)).toEqual(['1', '2']);
    store.getState().team.selectAll(true);
    status = 'approved'; // decided elsewhere (the service's web page, another manager)
    now += 30_000;
    await store.getState().team.glance(); // shown again within the minute: the copy stands
    expect(reads()).toBe(1);
    now += 31_000;
    store.setState({ ui: { ...store.getState().ui, screen: 'team' } });
    await store.getState().ui.regainedFocus(); // the window back, a minute on
    expect(reads()).toBe(2);
    expect(store.getState().team.list.map((t) => t.recordId)).toEqual(['2']);
    expect(store.getState().team.selected).toEqual(['2']); // "Select all N pending" counts what is still pending
    await store.getState().team.glance();
    expect(reads()).toBe(2);
    await store.getState().team.load(); // Refresh: at once
    expect(reads()).toBe(3);
  });
});
