import { describe, expect, it } from 'vitest';
import type { StopResult } from '../../src/shared/contract';
import type { SubmitPreview, TimerView, WeekView } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { sayStop } from '../../src/renderer/src/store/slices/timer';
import { englishWording } from '../../src/shared/i18n/english';
import { bridgeError, fakeApi, noonOf } from './renderer-fake-api';
import { TEST_NOW } from '../fixtures/test-clock';

const rule = { mode: 'nearest', stepMinutes: 1 } as const;
const idle: TimerView = { running: false, billable: true, elapsedMs: 0, rawHhmm: '00:00', roundedHhmm: '00:00', rule };
const running = (startedAt: number): TimerView => ({
  ...idle,
  running: true,
  jobId: 'j1',
  jobName: 'Website',
  startedAt,
  elapsedMs: 0,
});
const emptyWeek = (weekStart: string): WeekView => ({
  weekStart,
  days: [],
  logs: [],
  totalHours: '00:00',
  billableHours: '00:00',
  nonBillableHours: '00:00',
  locked: false,
  fresh: true,
});
const preview = (weekStart: string, blockers: string[] = []): SubmitPreview => ({
  weekStart,
  totalHours: '38:00',
  daysWithoutHours: [],
  blockers,
  action: blockers.length ? 'none' : 'create',
});

describe('the week refresh', () => {
  it('asks the core to read the service again only when the user refreshes', async () => {
    const f = fakeApi({
      getWeek: async (i: { date: string }) => emptyWeek(i.date),
      previewSubmit: async (i: { weekStart: string }) => preview(i.weekStart),
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });

    await store.getState().week.load();
    await store.getState().week.load({ refresh: true });

    expect(f.calls.filter((c) => c.op === 'getWeek').map((c) => c.input)).toEqual([
      { date: '2026-11-16' },
      { date: '2026-11-16', refresh: true },
    ]);
  });
});

describe('the timer slice', () => {
  it('shows the timer running after start and keeps what the stop logged', async () => {
    const now = TEST_NOW;
    const stop: StopResult = {
      timer: idle,
      rawHhmm: '01:07',
      roundedHhmm: '01:08',
      logged: [
        {
          state: 'queued',
          log: {
            localId: 'l1',
            workDate: '2026-11-20',
            hours: '01:08',
            jobName: 'Website',
            billingStatus: 'Billable',
            sync: 'queued',
            source: 'local',
          },
        },
      ],
    };
    const f = fakeApi({ startTimer: async () => running(now), stopTimer: async () => stop });
    const store = createAppStore({ api: f.api, now: () => now });

    expect(await store.getState().timer.start({ jobId: 'j1' })).toBe(true);
    expect(store.getState().timer.view?.running).toBe(true);
    expect(store.getState().timer.view?.startedAt).toBe(now);

    await store.getState().timer.stop();
    const s = store.getState().timer;
    expect(s.view?.running).toBe(false);
    expect(sayStop(englishWording(), s.lastStop!)).toBe(
      'Logged 01:08 on Website, Fri 20 Nov (timer ran 1 hr, 7 min). Queued - will sync when online.',
    );
    expect(s.lastStop?.needsConfirm).toBe(false);
    expect(f.calls.map((c) => c.op)).toEqual(['startTimer', 'stopTimer']);
    expect(f.calls[1].input).toEqual({});
  });

  it('asks for confirmation when the stop is capped and sends the confirmation on the second stop', async () => {
    let confirmed = false;
    const f = fakeApi({
      stopTimer: async (input: { confirmOverMax?: boolean }) => {
        confirmed = !!input.confirmOverMax;
        return confirmed
          ? {
              timer: idle,
              rawHhmm: '13:00',
              roundedHhmm: '10:00',
              logged: [
                {
                  state: 'synced',
                  log: {
                    localId: 'x',
                    workDate: '2026-11-20',
                    hours: '10:00',
                    jobName: 'Website',
                    billingStatus: 'Billable',
                    sync: 'synced',
                    source: 'local',
                  },
                },
              ],
            }
          : {
              timer: running(1),
              rawHhmm: '13:00',
              roundedHhmm: '10:00',
              logged: [],
              needsConfirm: true,
              notice: 'The timer ran 13:00; the company allows 10:00 a day.',
            };
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().timer.stop();
    expect(store.getState().timer.lastStop).toMatchObject({ needsConfirm: true, message: null });
    expect(sayStop(englishWording(), store.getState().timer.lastStop!)).toBe('The timer ran 13:00; the company allows 10:00 a day.');
    await store.getState().timer.stop(true);
    expect(f.calls[1].input).toEqual({ confirmOverMax: true });
    expect(store.getState().timer.lastStop).toMatchObject({ needsConfirm: false });
    expect(sayStop(englishWording(), store.getState().timer.lastStop!)).toBe(
      'Logged 10:00 on Website, Fri 20 Nov (timer ran 13 hr). Synced.',
    );
  });

  it('keeps the message of a refused start for the user and stays stopped', async () => {
    const f = fakeApi({
      startTimer: async () => {
        throw bridgeError('InvalidInputError', 'job: choose a job before starting the timer.');
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    expect(await store.getState().timer.start({})).toBe(false);
    expect(store.getState().timer.error).toMatchObject({
      kind: 'InvalidInputError',
      message: 'job: choose a job before starting the timer.',
    });
    expect(store.getState().timer.busy).toBe(false);
    expect(store.getState().timer.view).toBeNull();
  });
});

describe('the week slice', () => {
  it('starts on the Monday of today and moves a week at a time, reading each week it shows', async () => {
    const f = fakeApi({
      getWeek: async (i: { date: string }) => emptyWeek(i.date),
      previewSubmit: async (i: { weekStart: string }) => preview(i.weekStart),
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-22') }); // a Sunday
    const week = () => store.getState().week;
    expect(week().weekStart).toBe('2026-11-16');

    await week().goToPrevious();
    expect(week().weekStart).toBe('2026-11-09');
    expect(week().view?.weekStart).toBe('2026-11-09');
    await week().goToNext();
    await week().goToNext();
    expect(week().weekStart).toBe('2026-11-23');
    await week().goToThisWeek();
    expect(week().weekStart).toBe('2026-11-16');
    expect(f.calls.filter((c) => c.op === 'getWeek').map((c) => c.input)).toEqual([
      { date: '2026-11-09' },
      { date: '2026-11-16' },
      { date: '2026-11-23' },
      { date: '2026-11-16' },
    ]);
  });

  it('crosses the new year onto the right Monday', async () => {
    const f = fakeApi({
      getWeek: async (i: { date: string }) => emptyWeek(i.date),
      previewSubmit: async (i: { weekStart: string }) => preview(i.weekStart),
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2027-01-01') });
    expect(store.getState().week.weekStart).toBe('2026-12-28');
    await store.getState().week.goToNext();
    expect(store.getState().week.weekStart).toBe('2027-01-04');
  });

  it('drops a slow answer for a week the user already left', async () => {
    let releaseOld!: () => void;
    const f = fakeApi({
      getWeek: (i: { date: string }) =>
        i.date === '2026-11-16'
          ? new Promise<WeekView>((r) => {
              releaseOld = () => r({ ...emptyWeek(i.date), totalHours: '40:00' });
            })
          : Promise.resolve(emptyWeek(i.date)),
      previewSubmit: async (i: { weekStart: string }) => preview(i.weekStart),
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    const first = store.getState().week.load();
    await store.getState().week.goToPrevious();
    releaseOld();
    await first;
    expect(store.getState().week.weekStart).toBe('2026-11-09');
    expect(store.getState().week.view?.weekStart).toBe('2026-11-09');
  });

  it('keeps the submit blockers and the reason a submission was refused', async () => {
    const f = fakeApi({
      getWeek: async (i: { date: string }) => emptyWeek(i.date),
      previewSubmit: async (i: { weekStart: string }) => preview(i.weekStart, ['2 entries are still queued: sync them first.']),
      submitWeek: async () => {
        throw bridgeError('ServiceError', 'This week is already submitted and waits for approval.');
      },
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-20') });
    await store.getState().week.load();
    expect(store.getState().week.preview?.blockers).toEqual(['2 entries are still queued: sync them first.']);
    expect(await store.getState().week.submit()).toBe(false);
    expect(store.getState().week.submitError?.message).toBe('This week is already submitted and waits for approval.');
    expect(store.getState().week.submitting).toBe(false);
  });

  it('shows the week as pending after a successful submit', async () => {
    let submitted = false;
    const f = fakeApi({
      getWeek: async (i: { date: string }) => emptyWeek(i.date),
      previewSubmit: async (i: { weekStart: string }) =>
        submitted ? preview(i.weekStart, ['The week is pending approval.']) : preview(i.weekStart),
      submitWeek: async (i: { weekStart: string }) => {
        submitted = true;
        return { ...emptyWeek(i.weekStart), locked: true, timesheet: { recordId: 't1', status: 'pending', timesheetName: 'Week 47' } };
      },
      getReminders: async () => [],
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-20') });
    await store.getState().week.load();
    expect(await store.getState().week.submit()).toBe(true);
    expect(store.getState().week.view?.timesheet?.status).toBe('pending');
    expect(store.getState().week.preview?.blockers).toEqual(['The week is pending approval.']);
    expect(f.calls.find((c) => c.op === 'submitWeek')?.input).toEqual({ weekStart: '2026-11-16' });
  });
});
