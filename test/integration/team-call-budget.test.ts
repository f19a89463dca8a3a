/**
 * A manager's day within the service's call budget (about 20 calls a minute per endpoint, about 250 a day), counted at
 * a real sandbox: a decision costs at most 3 requests, what the list and an open detail hold is not read again, whose
 * a timesheet is is learnt once and kept across processes, and "Approve N" is paced and says how long it takes first.
 * The app's part is driven through the renderer's own store over the real core, as a window does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard, type PunchcardOptions } from '../../src/core';
import { createAppStore, type AppStore } from '../../src/renderer/src/store';
import { withSlice } from '../../src/renderer/src/store/later';
import { whoOf as whoIn } from '../../src/renderer/src/team-words';
import { englishWording } from '../../src/shared/i18n/english';
import { estimateText } from '../../src/shared/said-words';

import { startSandbox } from '../../src/sandbox';
import type { Sandbox, SandboxOptions } from '../../src/sandbox';
import type { DecisionEstimate, DecisionOutcome, Timesheet, TimesheetDetail } from '../../src/shared/domain';
import { apiOver } from '../fixtures/api-over-core';
import { call } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { runningClock, TEST_TODAY } from '../fixtures/test-clock';

/** Whose a row is, in the app's English words. */
const whoOf = (t: Timesheet) => whoIn(englishWording(), t);

const UNPACED = { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 };
const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

async function sandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ today: TEST_TODAY, ...opts });
  open.push(() => sb.close());
  return sb;
}

/** A core as Maya (manager and HR admin) on `sb`; `dir` shares a data directory with an earlier core (another process). */
async function coreOn(
  sb: Sandbox,
  opts: { dir?: string; pacing?: PunchcardOptions['pacing'] } = {},
): Promise<{ core: Punchcard; dir: string; store: AppStore }> {
  const dir = opts.dir ?? tempDir('punch-budget-');
  const core = await createPunchcard({
    dataDir: dir,
    secrets: memorySecrets(),
    autoSync: false,
    clock: runningClock(),
    env: { baseUrl: sb.url, token: sb.demoToken, user: sb.demoUser },
    pacing: opts.pacing ?? { policy: { timetrackerRate: UNPACED }, sharedBudget: false },
  });
  open.push(async () => {
    await core.close();
    if (!opts.dir) removeDir(dir);
  });
  const store = createAppStore({ api: apiOver(core), now: runningClock().now });
  await withSlice(store, 'team');
  return { core, dir, store };
}

const api = (sb: Sandbox) => sb.requests().filter((r) => r.path.startsWith('/api/'));
const named = (sb: Sandbox, name: string) => api(sb).filter((r) => r.path.endsWith(`/${name}`));
const pendingOfOthers = (sb: Sandbox) => sb.state().timesheets.filter((t) => t.status === 'pending' && t.user !== sb.demoUser);

describe("a manager's day in the app", () => {
  for (const variant of [
    { label: 'list rows name their employee', opts: {} },
    { label: 'list rows name nobody', opts: { timesheetListEmployee: 'none' as const } },
  ]) {
    it(`approves 10 in under 50 requests, at most 3 a decision, the list not read again after one (${variant.label})`, async () => {
      const sb = await sandbox(variant.opts);
      const { store } = await coreOn(sb);
      const s = () => store.getState();
      await s().roles.load();
      await s().team.load();
      const ids = s()
        .team.list.filter((t) => t.status === 'pending')
        .map((t) => t.recordId);
      expect(ids).toHaveLength(10);
      for (const [i, id] of ids.entries()) {
        await s().team.open(id);
        const before = api(sb).length;
        expect(await s().team.decide({ decision: 'approved' })).toBe(true);
        const spent = api(sb)
          .slice(before)
          .map((r) => r.path.split('/').at(-1));
        expect(spent.length).toBeLessThanOrEqual(3);
        // the decision and one read of how it now stands: not the list, not whose it is again
        expect(spent).toEqual(['approvetimesheet', 'gettimesheetdetails']);
        s().team.close();
        expect(s().team.list.some((t) => t.recordId === id && t.status !== 'pending')).toBe(false);
        if (i % 3 === 2) await s().team.load();
      }
      expect(api(sb).length).toBeLessThan(50);
      // every row was named: never "Someone"
      expect(sb.state().timesheets.filter((t) => ids.includes(t.timesheetId) && t.status !== 'pending').length).toBeGreaterThanOrEqual(9);
    });
  }

  it('Approve N: one decision each and one read for all of them, the list updated from the answer', async () => {
    const sb = await sandbox();
    const { store } = await coreOn(sb);
    const s = () => store.getState();
    await s().team.load();
    s().team.selectAll(true);
    await s().team.estimateBatch();
    const estimate = s().team.batchEstimate;
    expect(estimate && estimateText(englishWording(), estimate)).toBe('This takes a few seconds.');
    sb.resetRequests();
    await s().team.decideSelected({ decision: 'approved' });
    expect(named(sb, 'approvetimesheet')).toHaveLength(10);
    expect(api(sb)).toHaveLength(11);
    // the two-level one waits for the next approver and stays; the others left the pending list
    expect(s().team.list.map((t) => [t.employeeName, t.status])).toEqual([['Noah Kim', 'pending']]);
    expect(s().team.failures).toEqual({});
  });
});

describe('a decision with nothing known yet (a new `punch` process)', () => {
  it('costs 3 requests; after `punch timesheets`, the next process on the same data directory does not ask whose it is', async () => {
    const sb = await sandbox({ timesheetListEmployee: 'none' });
    const [first, second] = pendingOfOthers(sb);
    const a = await coreOn(sb);
    sb.resetRequests();
    const detail = await call<TimesheetDetail>(a.core, 'decideTimesheet', { id: first.timesheetId, decision: 'approved' });
    expect(detail.status).toBe('approved');
    expect(api(sb).map((r) => r.path.split('/').at(-1))).toEqual(['gettimesheet', 'approvetimesheet', 'gettimesheetdetails']);
    await call<Timesheet[]>(a.core, 'listTeamTimesheets', {});
    await a.core.close();

    const b = await coreOn(sb, { dir: a.dir });
    sb.resetRequests();
    await call<TimesheetDetail>(b.core, 'decideTimesheet', { id: second.timesheetId, decision: 'approved' });
    // a new process checks the service answers before its first write (docs/outbox.md), then decides and reads once
    expect(api(sb).map((r) => r.path.split('/').at(-1))).toEqual(['gettimetrackersettings', 'approvetimesheet', 'gettimesheetdetails']);
  });

  it("refuses one's own before sending anything, in one read", async () => {
    const sb = await sandbox({ timesheetListEmployee: 'none' });
    const own = sb.state().timesheets.find((t) => t.user === sb.demoUser && t.status === 'pending')!;
    const { core } = await coreOn(sb);
    sb.resetRequests();
    const r = await core.dispatch('decideTimesheet', { id: own.timesheetId, decision: 'approved' });
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error.message).toMatch(/your own timesheet/);
    expect(named(sb, 'approvetimesheet')).toHaveLength(0);
    expect(api(sb)).toHaveLength(1);
  });

  it('decides 10 ids in at most 13 requests and says how each stands, with its name and period', async () => {
    const sb = await sandbox();
    const ids = pendingOfOthers(sb).map((t) => t.timesheetId);
    const { core } = await coreOn(sb);
    sb.resetRequests();
    const outcomes = await call<DecisionOutcome[]>(core, 'decideTimesheets', { ids, decision: 'approved' });
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(api(sb).length).toBeLessThanOrEqual(13);
    const noah = outcomes.find((o) => o.ok && o.timesheet.employeeName === 'Noah Kim' && o.timesheet.status === 'pending');
    expect(noah).toBeDefined();
    expect(outcomes.filter((o) => o.ok && o.timesheet.status === 'approved')).toHaveLength(9);
    for (const o of outcomes) expect(o.ok && o.timesheet.fromDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("Approve N within the endpoint's minute", () => {
  it('says how long before it starts and spreads the decisions so the service never locks out', async () => {
    // the real service's 20 a minute, scaled down: 2 decisions a second, a lock-out past that
    const rule = { limit: 2, windowMs: 1_000 };
    const sb = await sandbox({ rateLimits: { timetracker: rule, lockoutMs: 30_000 } });
    const ids = pendingOfOthers(sb)
      .slice(0, 6)
      .map((t) => t.timesheetId);
    const { core, store } = await coreOn(sb, { pacing: { policy: { timetrackerRate: rule }, sharedBudget: false } });
    await store.getState().team.load();
    const estimate = await call<DecisionEstimate>(core, 'estimateDecisions', { count: 6 });
    // 6 at 2 a second: the last cannot go before 2 windows after the first
    expect(estimate.ms).toBeGreaterThanOrEqual(2_000);
    expect(estimate.words).toMatch(/^This takes .+: the service takes about 2 decisions a second\.$/);
    const started = Date.now();
    const outcomes = await call<DecisionOutcome[]>(core, 'decideTimesheets', { ids, decision: 'approved' });
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(sb.requests().filter((r) => r.status === 429)).toEqual([]);
  });
});

describe('whose timesheet, where the list names nobody', () => {
  it('names each row from its detail, read once and kept; a timesheet name that says more is used as it is', async () => {
    const sb = await sandbox({ timesheetListEmployee: 'none' });
    const liam = pendingOfOthers(sb).find((t) => t.user.startsWith('liam.chen'))!;
    // Liam names his own timesheet (spec 4.1 modifytimesheet): a name that says whose it is
    const liamToken = sb.issueToken({ user: liam.user, scopes: ['timetracker.ALL'] });
    const renamed = await fetch(`${sb.url}/api/timetracker/modifytimesheet`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${liamToken}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ timesheetId: liam.timesheetId, timesheetName: 'Liam C. - conference week' }),
    });
    expect(renamed.ok).toBe(true);
    const { core, dir } = await coreOn(sb);
    sb.resetRequests();
    const rows = await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    expect(rows).toHaveLength(10);
    // the wire really named nobody: the names came from the details
    const wire = await fetch(`${sb.url}/api/timetracker/gettimesheet?user=all&approvalStatus=pending`, {
      headers: { Authorization: `Bearer ${sb.demoToken}` },
    });
    const listed = ((await wire.json()) as { result: Array<Record<string, unknown>> }).result;
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.flatMap((t) => Object.keys(t).filter((k) => /employee|erecno/i.test(k)))).toEqual([]);
    expect(rows.map(whoOf)).not.toContain('Someone');
    expect(rows.find((t) => t.recordId === liam.timesheetId)).toMatchObject({ timesheetName: 'Liam C. - conference week' });
    expect(whoOf(rows.find((t) => t.recordId === liam.timesheetId)!)).toBe('Liam C. - conference week');
    const others = rows.filter((t) => t.recordId !== liam.timesheetId);
    expect(others.map((t) => t.employeeName).sort()).toEqual([
      'Ava Johnson',
      'Chloe Martin',
      'Ethan Brown',
      'James Wilson',
      'Lucas Rossi',
      'Noah Kim',
      'Noah Kim',
      'Priya Shah',
      'Sofia Garcia',
    ]);
    // one detail read per row whose name says only its period, none for Liam's
    expect(
      named(sb, 'gettimesheetdetails')
        .map((r) => r.params.timesheetId)
        .sort(),
    ).toEqual(others.map((t) => t.recordId).sort());

    // kept: the next list reads no detail, nor does another process on the same data directory
    sb.resetRequests();
    await call<Timesheet[]>(core, 'listTeamTimesheets', {});
    expect(named(sb, 'gettimesheetdetails')).toHaveLength(0);
    await core.close();
    const next = await coreOn(sb, { dir });
    sb.resetRequests();
    const again = await call<Timesheet[]>(next.core, 'listTeamTimesheets', {});
    expect(named(sb, 'gettimesheetdetails')).toHaveLength(0);
    expect(again.filter((t) => t.recordId !== liam.timesheetId).every((t) => t.employeeName)).toBe(true);
    removeDir(dir);
  });
});
