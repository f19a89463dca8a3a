/**
 * The HR slice and the payroll period in Node with a fake bridge: presets from the store's clock (never the real
 * date), how a period reads, and searches whose answers arrive out of order.
 */
import { describe, expect, it } from 'vitest';
import type { EmployeeRecord, PayrollRecord } from '../../src/shared/domain';
import { periodProblem, presetPeriod, presetWords, problemWords, showPeriod } from '../../src/renderer/src/payroll/period';
import { englishWording } from '../../src/shared/i18n/english';
import { createWording } from '../../src/shared/i18n/wording';
import de from '../../src/shared/i18n/compiled/de.json';
import en from '../../src/shared/i18n/compiled/en.json';
import type { CompiledMessages } from '../../src/shared/i18n/messages';
import { createAppStore } from '../../src/renderer/src/store';
import { withSlice } from '../../src/renderer/src/store/later';
import { fakeApi, noonOf } from './renderer-fake-api';

describe('payroll periods', () => {
  it('this month runs from the 1st to today; last month is all of it, across a year end too', () => {
    expect(presetPeriod('this-month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(presetPeriod('last-month', '2026-11-25')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('last-month', '2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('last-month', '2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('reads as people of the region write a period', () => {
    const w = englishWording();
    expect(showPeriod(w, '2026-11-01', '2026-11-25')).toBe('1\u2009\u2013\u200925 Nov 2026');
    expect(showPeriod(w, '2025-12-15', '2026-01-10')).toBe('15 Dec 2025\u2009\u2013\u200910 Jan 2026');
    expect(showPeriod(w, '2026-11-25', '2026-11-25')).toBe('25 Nov 2026');
    const us = createWording('en', 'en-US', en as unknown as CompiledMessages);
    expect(showPeriod(us, '2026-11-01', '2026-11-25')).toBe('Nov 1\u2009\u2013\u200925, 2026');
    const german = createWording('de', 'de-DE', de as unknown as CompiledMessages);
    expect(showPeriod(german, '2026-11-01', '2026-11-25')).toBe('1.\u201325. Nov. 2026');
    expect(presetWords(german, 'last-month')).toBe('Letzter Monat');
  });

  it('names what is wrong with a custom period, and what to do', () => {
    const w = englishWording();
    const said = (from: string, to: string) => {
      const p = periodProblem(from, to);
      return p && problemWords(w, p);
    };
    expect(periodProblem('2026-11-01', '2026-11-30')).toBeNull();
    expect(said('2026-11-30', '2026-11-01')).toMatch(/end date is before the start/);
    expect(said('', '2026-11-01')).toBe('Choose both dates.');
    expect(said('2026-02-30', '2026-03-01')).toMatch(/exist in the calendar/);
    expect(periodProblem('2025-01-01', '2026-11-01')).toEqual({ kind: 'too-long', latest: '2026-01-01' });
    expect(said('2025-01-01', '2026-11-01')).toMatch(/^At most a year at a time: end on 1 Jan 2026 at the latest\.$/);
    const german = createWording('de', 'de-DE', de as unknown as CompiledMessages);
    expect(problemWords(german, { kind: 'too-long', latest: '2026-01-01' })).toBe(
      'Höchstens ein Jahr auf einmal: Das Ende darf spätestens der 1. Jan. 2026 sein.',
    );
  });
});

const payrollRow: PayrollRecord = {
  employeeName: 'Liam Chen',
  regularHour: '08:00',
  OtHours: '00:00',
  paidLeaveHours: '00:00',
  totalAmount: '240',
  extra: {},
};

describe('the HR slice', () => {
  it('starts on this month by the store clock and runs a preset with its dates taken afresh', async () => {
    let now = noonOf('2026-11-25');
    const fake = fakeApi({ payrollReport: async () => [payrollRow] });
    const store = createAppStore({ api: fake.api, now: () => now });
    await withSlice(store, 'hr');
    expect(store.getState().hr.period).toEqual({ preset: 'this-month', from: '2026-11-01', to: '2026-11-25' });

    store.getState().hr.choosePeriod('last-month');
    expect(store.getState().hr.period).toEqual({ preset: 'last-month', from: '2026-10-01', to: '2026-10-31' });

    // the window stayed open into December: "last month" is now November
    now = noonOf('2026-12-02');
    await store.getState().hr.runPayroll({ user: 'liam@x.test' });
    expect(fake.calls).toEqual([{ op: 'payrollReport', input: { from: '2026-11-01', to: '2026-11-30', user: 'liam@x.test' } }]);
    expect(store.getState().hr.payrollQuery).toEqual({ from: '2026-11-01', to: '2026-11-30', user: 'liam@x.test' });
    expect(store.getState().hr.payroll).toEqual([payrollRow]);
  });

  it('keeps custom dates as typed and runs them', async () => {
    const fake = fakeApi({ payrollReport: async () => [] });
    const store = createAppStore({ api: fake.api, now: () => noonOf('2026-11-25') });
    await withSlice(store, 'hr');
    store.getState().hr.choosePeriod('custom');
    expect(store.getState().hr.period).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-25' });
    store.getState().hr.setCustomPeriod('2026-09-15', '2026-10-20');
    await store.getState().hr.runPayroll();
    expect(fake.calls.map((c) => c.input)).toEqual([{ from: '2026-09-15', to: '2026-10-20' }]);
  });

  it('sends the typed words as a query and keeps only the newest answer of searches answered out of order', async () => {
    const liam = {
      recordId: '1',
      employeeId: 'E1',
      firstName: 'Liam',
      lastName: 'Chen',
      email: 'liam@x.test',
      fields: {},
    } as EmployeeRecord;
    const release: Array<() => void> = [];
    const fake = fakeApi({
      findEmployees: (input: { query?: string }) =>
        new Promise((done) => {
          release.push(() => done(input.query === 'lia' ? { records: [liam], offset: 0, total: 1 } : { records: [], offset: 0, total: 0 }));
        }),
    });
    const store = createAppStore({ api: fake.api, now: () => noonOf('2026-11-25') });
    await withSlice(store, 'hr');
    const first = store.getState().hr.searchEmployees({ query: ' li ' });
    const second = store.getState().hr.searchEmployees({ query: 'lia', modifiedSince: 5 });
    release[1]();
    await second;
    release[0]();
    await first;
    expect(fake.calls.map((c) => c.input)).toEqual([
      { query: 'li', offset: 0, limit: 50 },
      { query: 'lia', modifiedSince: 5, offset: 0, limit: 50 },
    ]);
    expect(store.getState().hr.employees).toEqual([liam]);
    expect(store.getState().hr.employeesTotal).toBe(1);
    expect(store.getState().hr.employeesLoading).toBe(false);
  });
});

describe('employee records of a large company', () => {
  it('draws a page of the matches, and adds the next page on "Show more" until all are shown', async () => {
    const people = Array.from(
      { length: 120 },
      (_, i) =>
        ({
          recordId: String(i),
          employeeId: `E${i}`,
          firstName: 'Sam',
          lastName: `Lee ${i}`,
          email: `s${i}@x.test`,
          fields: {},
        }) as EmployeeRecord,
    );
    const fake = fakeApi({
      findEmployees: async (input: { offset?: number; limit?: number }) => {
        const from = input.offset ?? 0;
        return { records: people.slice(from, from + (input.limit ?? 50)), offset: from, total: people.length };
      },
    });
    const store = createAppStore({ api: fake.api, now: () => noonOf('2026-11-25') });
    await withSlice(store, 'hr');
    await store.getState().hr.searchEmployees({ query: 'sam' });
    expect(store.getState().hr.employees).toHaveLength(50);
    expect(store.getState().hr.employeesTotal).toBe(120);
    await store.getState().hr.moreEmployees();
    await store.getState().hr.moreEmployees();
    expect(store.getState().hr.employees?.map((r) => r.recordId)).toEqual(people.map((r) => r.recordId));
    await store.getState().hr.moreEmployees(); // nothing more to ask for
    expect(fake.calls.map((c) => c.input)).toEqual([
      { query: 'sam', offset: 0, limit: 50 },
      { query: 'sam', offset: 50, limit: 50 },
      { query: 'sam', offset: 100, limit: 50 },
    ]);
  });
});
