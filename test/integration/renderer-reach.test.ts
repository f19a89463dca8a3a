/**
 * The renderer store's actions for the operations the app newly reaches (deleteTimesheet from the Week view and the
 * Team review, listEmployees by "changed since"), over the real core and a real sandbox: the store is built with an
 * Api that goes through the core's dispatcher, exactly what the preload and the web bridge do.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Punchcard } from '../../src/core';
import { apiOver } from '../fixtures/api-over-core';
import { startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { createAppStore, type AppStore } from '../../src/renderer/src/store';
import { withSlice } from '../../src/renderer/src/store/later';
import type { Sandbox } from '../../src/sandbox';
import { toLocalDate } from '../../src/shared/time/week';
import { englishWording } from '../../src/shared/i18n/english';
import { outcomeWords } from '../../src/renderer/src/team-words';

const TODAY = '2026-11-18';
const now = () => new Date(2026, 10, 18, 10, 0).getTime();
const MAYA = 'maya.patel@demo.punchcard.test';
const SOFIA = 'sofia.garcia@demo.punchcard.test';

let world: CoreOverSandbox;
let sb: Sandbox;
let core: Punchcard;
let store: AppStore;

const sheet = (user: string, fromDate: string) => sb.state().timesheets.find((t) => t.user === user && t.fromDate === fromDate);
const logsOf = (user: string, from: string, to: string) =>
  sb.state().timeLogs.filter((l) => l.user === user && l.workDate >= from && l.workDate <= to);

beforeEach(async () => {
  world = await startCoreOverSandbox({ today: TODAY, dirPrefix: 'punch-reach-', now });
  ({ sb, core } = world);
  store = createAppStore({ api: apiOver(core), now });
  await withSlice(store, 'team');
  await withSlice(store, 'hr');
});
afterEach(async () => {
  await world.close();
});

describe('deleting a timesheet from the Week view', () => {
  it('deletes the rejected week on screen, keeps its logs unattached and offers a fresh submit', async () => {
    const rejected = sheet(MAYA, '2026-11-09')!;
    expect(rejected.status).toBe('rejected');
    const logIds = logsOf(MAYA, '2026-11-09', '2026-11-15')
      .map((l) => l.timeLogId)
      .sort();
    expect(logIds.length).toBeGreaterThan(0);

    await store.getState().week.goTo('2026-11-11');
    expect(store.getState().week.view?.timesheet?.status).toBe('rejected');
    expect(await store.getState().week.deleteTimesheet()).toBe(true);

    expect(sheet(MAYA, '2026-11-09')).toBeUndefined();
    const after = logsOf(MAYA, '2026-11-09', '2026-11-15');
    expect(after.map((l) => l.timeLogId).sort()).toEqual(logIds);
    expect(after.every((l) => l.timesheetId === null)).toBe(true);
    const w = store.getState().week;
    expect(w.view?.timesheet).toBeUndefined();
    // A fresh submit, not a resubmit of the deleted sheet. (The week lists only logs made on this device: the service
    // cannot list logs in no timesheet, weekview.ts, so the seeded ones no longer show here.)
    expect(w.preview?.action).toBe('create');
    expect(w.deleting).toBe(false);
    expect(w.deleteError).toBeNull();
  });

  it('keeps the service refusal for the user when the timesheet is approved, and deletes nothing', async () => {
    await store.getState().week.goTo('2026-10-05');
    expect(store.getState().week.view?.timesheet?.status).toBe('approved');
    expect(await store.getState().week.deleteTimesheet()).toBe(false);
    expect(store.getState().week.deleteError?.message).toMatch(/approved/i);
    expect(sheet(MAYA, '2026-10-05')?.status).toBe('approved');
  });

  it('does nothing for a week without a timesheet', async () => {
    // next week: this week already holds the demo user's seeded draft (src/sandbox/seed/history.ts)
    await store.getState().week.goTo('2026-11-25');
    expect(store.getState().week.view?.timesheet).toBeUndefined();
    sb.resetRequests();
    expect(await store.getState().week.deleteTimesheet()).toBe(false);
    expect(sb.requests().filter((r) => r.path.includes('deletetimesheet'))).toEqual([]);
  });
});

describe('deleting a timesheet from the Team review', () => {
  it('deletes the open timesheet, returns to the list without it and says the logs stay', async () => {
    const pending = sheet(SOFIA, '2026-11-09')!;
    await store.getState().team.load();
    expect(store.getState().team.list.map((t) => t.recordId)).toContain(pending.timesheetId);
    await store.getState().team.open(pending.timesheetId);
    expect(await store.getState().team.deleteOpen()).toBe(true);

    const t = store.getState().team;
    expect(t.openId).toBeNull();
    expect(t.list.map((s) => s.recordId)).not.toContain(pending.timesheetId);
    expect(t.decided).toMatchObject({ kind: 'deleted', sheet: { recordId: pending.timesheetId } });
    expect(outcomeWords(englishWording(), t.decided!)).toMatch(/^Deleted .*Sofia Garcia\. Its time logs stay, in no timesheet\.$/);
    expect(sheet(SOFIA, '2026-11-09')).toBeUndefined();
    expect(logsOf(SOFIA, '2026-11-09', '2026-11-15').every((l) => l.timesheetId === null)).toBe(true);
  });
});

describe('employee records changed since a date', () => {
  it('lists only the records the service changed after local midnight of that day', async () => {
    const times = sb
      .state()
      .employees.map((e) => e.modifiedTime)
      .sort((a, b) => a - b);
    const middle = times[Math.floor(times.length / 2)];
    const day = new Date(middle);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const since = toLocalDate(date).getTime();

    sb.resetRequests();
    await store.getState().hr.searchEmployees({ modifiedSince: since });
    const listed = store
      .getState()
      .hr.employees!.map((e) => e.recordId)
      .sort();
    const expected = sb
      .state()
      .employees.filter((e) => e.modifiedTime > since)
      .map((e) => e.recordId)
      .sort();
    expect(listed).toEqual(expected);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(times.length);
    expect(sb.requests().some((r) => r.params.modifiedtime === String(since))).toBe(true);
  });

  it('combines the date with an email search', async () => {
    const maya = sb.state().employees.find((e) => e.email === MAYA)!;
    await store.getState().hr.searchEmployees({ email: MAYA, modifiedSince: maya.modifiedTime - 1 });
    expect(store.getState().hr.employees!.map((e) => e.email)).toEqual([MAYA]);
    await store.getState().hr.searchEmployees({ email: MAYA, modifiedSince: maya.modifiedTime });
    expect(store.getState().hr.employees).toEqual([]);
  });
});
