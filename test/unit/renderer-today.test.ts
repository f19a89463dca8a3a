/**
 * The Track tab's day in the renderer's store and its pure helpers: today's logs and total, a log's sync state as the
 * outbox says it now, recent work to continue, durations as people type them, and findings kept with their fields.
 */
import { describe, expect, it } from 'vitest';
import { sayWords } from '../../src/renderer/src/i18n/words';
import { englishWording } from '../../src/shared/i18n/english';
import type { LocalTimeLog, OutboxEntry, WeekView } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { fieldsKey } from '../../src/renderer/src/store/slices/log-form';
import { isRunningOn, liveSync, logsOfDay, recentWhen, recentWork, totalMinutes } from '../../src/renderer/src/store/slices/today';
import { readDuration } from '../../src/renderer/src/components/track/DurationField';
import { fakeApi, noonOf } from './renderer-fake-api';

const log = (over: Partial<LocalTimeLog>): LocalTimeLog => ({
  localId: over.localId ?? 'l1',
  workDate: '2026-11-18',
  hours: '01:00',
  jobName: 'Website',
  jobId: 'j1',
  billingStatus: 'Billable',
  sync: 'synced',
  source: 'local',
  ...over,
});
const week = (weekStart: string, logs: LocalTimeLog[]): WeekView => ({
  weekStart,
  days: [],
  logs,
  totalHours: '00:00',
  billableHours: '00:00',
  nonBillableHours: '00:00',
  locked: false,
  fresh: true,
});
const entry = (localId: string, state: OutboxEntry['state']): OutboxEntry => ({
  id: `e-${localId}-${state}`,
  kind: 'add',
  localId,
  workDate: '2026-11-18',
  state,
  resolutions: [],
  attempts: [],
  createdAt: 0,
  updatedAt: 0,
});

describe('today on the Track tab', () => {
  it("lists only today's logs and adds up their hours, an unreadable one counting 0", () => {
    const w = week('2026-11-16', [
      log({ localId: 'a', hours: '02:30' }),
      log({ localId: 'b', workDate: '2026-11-17', hours: '05:00' }),
      log({ localId: 'c', hours: 'bad' }),
    ]);
    const logs = logsOfDay(w, '2026-11-18');
    expect(logs.map((l) => l.localId)).toEqual(['a', 'c']);
    expect(totalMinutes(logs)).toBe(150);
  });

  it("reads a log's state from the outbox as it is pushed: refused wins over queued, all sent reads synced", () => {
    const l = log({ localId: 'a', sync: 'queued' });
    expect(liveSync(l, [])).toBe('queued');
    expect(liveSync(l, [entry('a', 'queued'), entry('a', 'needs-attention')])).toBe('needs-attention');
    expect(liveSync(l, [entry('a', 'sending')])).toBe('sending');
    expect(liveSync(l, [entry('a', 'synced')])).toBe('synced');
    expect(liveSync(l, [entry('other', 'needs-attention')])).toBe('queued');
  });

  it('offers recent work most recent day first, each job and description once, then recent jobs', () => {
    const thisWeek = week('2026-11-16', [
      log({ localId: 'a', workDate: '2026-11-17', description: 'Header fix' }),
      log({ localId: 'b', workDate: '2026-11-18', description: 'Header fix' }),
      log({ localId: 'c', workDate: '2026-11-16', jobId: 'j2', jobName: 'Support', description: 'Tickets', billingStatus: 'Non Billable' }),
      log({ localId: 'future', workDate: '2026-11-19', description: 'Not yet' }),
    ]);
    const lastWeek = week('2026-11-09', [log({ localId: 'd', workDate: '2026-11-13', jobId: 'j3', jobName: 'Migration' })]);
    const jobs = [
      {
        jobId: 'j4',
        jobName: 'Training',
        projectName: 'P',
        clientName: 'C',
        jobStatus: 'in-progress' as const,
        jobBillableStatus: 'Billable' as const,
      },
    ];
    const items = recentWork([thisWeek, lastWeek], '2026-11-18', ['j4', 'j1'], jobs);
    expect(items.map((r) => [r.jobName, r.description ?? null, r.lastDate ?? null])).toEqual([
      ['Website', 'Header fix', '2026-11-18'],
      ['Support', 'Tickets', '2026-11-16'],
      ['Migration', null, '2026-11-13'],
      ['Training', null, null],
    ]);
    expect(items[1].billable).toBe(false);
  });

  it('reads the previous week too early in the week, so Monday has yesterday', async () => {
    const f = fakeApi({ getWeek: async (i: { date: string }) => week(i.date, []) });
    const monday = createAppStore({ api: f.api, now: () => noonOf('2026-11-16') });
    await monday.getState().today.load();
    expect(f.calls.map((c) => c.input)).toEqual([
      { date: '2026-11-16', look: 'look' },
      { date: '2026-11-09', look: 'glance' },
    ]);
    expect(monday.getState().today.before?.weekStart).toBe('2026-11-09');

    const g = fakeApi({ getWeek: async (i: { date: string }) => week(i.date, []) });
    const thursday = createAppStore({ api: g.api, now: () => noonOf('2026-11-19') });
    await thursday.getState().today.load();
    expect(g.calls.map((c) => c.input)).toEqual([{ date: '2026-11-16', look: 'look' }]);
  });

  it('moves on to the new day when the clock passes midnight', async () => {
    let now = noonOf('2026-11-18');
    const f = fakeApi({ getWeek: async (i: { date: string }) => week(i.date, []) });
    const store = createAppStore({ api: f.api, now: () => now });
    await store.getState().today.load();
    expect(store.getState().today.date).toBe('2026-11-18');
    now = noonOf('2026-11-19');
    await store.getState().today.load();
    expect(store.getState().today.date).toBe('2026-11-19');
  });
});

describe('is the timer running on this work', () => {
  const timer = {
    running: true,
    jobId: 'j1',
    jobName: 'Website',
    description: 'Header fix',
    billable: true,
    elapsedMs: 0,
    rawHhmm: '00:00',
    roundedHhmm: '00:00',
    rule: { mode: 'nearest' as const, stepMinutes: 1 as const },
  };
  it('matches the job (by id when there is one, else by name) and the description', () => {
    expect(isRunningOn(timer, { jobId: 'j1', jobName: 'Renamed', description: 'Header fix' })).toBe(true);
    expect(isRunningOn(timer, { jobId: 'j1', jobName: 'Website' })).toBe(false);
    expect(isRunningOn(timer, { jobId: 'j2', jobName: 'Website', description: 'Header fix' })).toBe(false);
    expect(isRunningOn({ ...timer, jobId: undefined }, { jobName: 'Website', description: 'Header fix' })).toBe(true);
    expect(isRunningOn({ ...timer, running: false }, { jobId: 'j1', jobName: 'Website', description: 'Header fix' })).toBe(false);
    expect(isRunningOn(null, { jobName: 'Website' })).toBe(false);
  });

  it.each([
    ['the running work: where its time goes, not the day it was last logged', timer, 'running, logging to today'],
    ['on a locked week: the open day chosen for it', { ...timer, logTo: '2026-11-13' }, 'running, logging to Fri 13 Nov'],
    ['the timer on other work: the day it was last logged', { ...timer, description: 'Other' }, 'Thu 12 Nov'],
    ['no timer', null, 'Thu 12 Nov'],
  ])('says beside a Continue item %s', (_what, t, words) => {
    const work = { key: 'k', jobId: 'j1', jobName: 'Website', description: 'Header fix', billable: true, lastDate: '2026-11-12' };
    expect(sayWords(englishWording(), recentWhen(work, t, '2026-11-18'))).toBe(words);
  });
});

describe('durations as people type them', () => {
  it.each([
    ['2h', '02:00'],
    ['1.5', '01:30'],
    ['1,5', '01:30'],
    ['90m', '01:30'],
    ['1:30', '01:30'],
    ['1h30', '01:30'],
    ['0:05', '00:05'],
    ['25:00', '25:00'],
  ])('reads %s as %s', (typed, hhmm) => {
    expect(readDuration(typed)).toEqual({ minutes: expect.any(Number), hhmm, problem: null });
  });

  it('names what cannot be read, and zero, and says nothing about an empty field', () => {
    expect(englishWording().say(readDuration('abc').problem!)).toBe('Hours: use a duration like 1:30, 1h30 or 90m.');
    expect(englishWording().say(readDuration('0').problem!)).toBe('Enter more than zero, for example 0:15.');
    expect(readDuration('  ')).toEqual({ minutes: null, hhmm: null, problem: null });
  });
});

describe('findings kept with their fields', () => {
  it('keys the same content alike whatever the order of its fields, and other content apart', () => {
    expect(fieldsKey({ a: 1, b: 2 })).toBe(fieldsKey({ b: 2, a: 1 }));
    expect(fieldsKey({ a: 1, b: 2 })).not.toBe(fieldsKey({ a: 1, b: 3 }));
  });

  it("keeps a check's violations with the fields they were found for", async () => {
    const violation = { field: 'workDate' as const, rule: 'future' as const, message: 'Thu 19 Nov is in the future.' };
    const f = fakeApi({ checkLog: async (i: { workDate: string }) => (i.workDate === '2026-11-19' ? [violation] : []) });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    const future = { jobId: 'j1', workDate: '2026-11-19', hours: '01:00', billable: true };
    await store.getState().logForm.check(future);
    expect(store.getState().logForm.violations).toEqual([violation]);
    expect(store.getState().logForm.checkedKey).toBe(fieldsKey(future));
    // A form whose fields are now other ones shows none of them (components compare checkedKey with their own key).
    expect(store.getState().logForm.checkedKey).not.toBe(fieldsKey({ ...future, workDate: '2026-11-18' }));
  });
});
