/**
 * The renderer's timer slice asks before anything of a doubtful timer is logged (src/renderer/src/store/slices/timer.ts): a
 * stop whose end is asked keeps it as a question; the answer carries the end or "log all"; a start over a timer that
 * ran long opens the question and then starts with the answer; a start replaces only the timer the screen shows; the
 * day offered for a start on a locked week is checked before it is offered.
 */
import { describe, expect, it } from 'vitest';
import type { StopResult, TimerStart } from '../../src/shared/contract';
import type { RuleViolation, TimerView } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { bridgeError, fakeApi } from './renderer-fake-api';
import { sayStop } from '../../src/renderer/src/store/slices/timer';
import { englishWording } from '../../src/shared/i18n/english';
import { TEST_NOW } from '../fixtures/test-clock';

const rule = { mode: 'nearest', stepMinutes: 1 } as const;
const idle: TimerView = { running: false, billable: true, elapsedMs: 0, rawHhmm: '00:00', roundedHhmm: '00:00', rule };
const running = (id: string, jobName = 'Website'): TimerView => ({ ...idle, running: true, id, jobName, startedAt: TEST_NOW, zone: 'UTC' });

describe('a stop whose end is asked first', () => {
  it('keeps the question and sends the end the user gives', async () => {
    const asked: StopResult = {
      timer: running('t-1'),
      logged: [],
      rawHhmm: '00:00',
      roundedHhmm: '00:00',
      notice: "The computer's clock reads 09:30, earlier than the start of the timer on Website (10:00) ...",
      needsEnd: { why: 'clock-moved', reasons: [], startedAt: TEST_NOW, now: TEST_NOW - 30 * 60_000, zone: 'UTC' },
    };
    const f = fakeApi({ getTimer: async () => running('t-1'), stopTimer: async () => asked });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().timer.load();
    await store.getState().timer.stop();
    expect(store.getState().timer.lastStop).toMatchObject({ needsEnd: { why: 'clock-moved' }, notice: { message: asked.notice } });
    expect(sayStop(englishWording(), store.getState().timer.lastStop!)).toBe(asked.notice);
    await store.getState().timer.stop(false, undefined, { at: TEST_NOW + 20 * 60_000 });
    expect(f.calls.filter((c) => c.op === 'stopTimer').map((c) => c.input)).toEqual([{}, { at: TEST_NOW + 20 * 60_000 }]);
  });
});

describe('a start over a running timer', () => {
  const long: RuleViolation = {
    field: 'job',
    rule: 'timer-long',
    message: 'The timer on Website has run since ... Training was not started.',
  };

  it('replaces only the timer the screen shows, and says what became of it', async () => {
    const started: TimerStart = {
      ...running('t-2', 'Training'),
      replaced: {
        jobName: 'Website',
        startedAt: TEST_NOW,
        ranMs: 120_000,
        logged: [
          {
            state: 'synced',
            log: {
              localId: 'l1',
              workDate: '2026-11-18',
              hours: '00:02',
              jobName: 'Website',
              billingStatus: 'Billable',
              sync: 'synced',
              source: 'local',
            },
          },
        ],
        words: 'Stopped Website: 00:02 logged on Wed 18 Nov.',
      },
    };
    const f = fakeApi({ getTimer: async () => running('t-1'), startTimer: async () => started });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().timer.load();
    await store.getState().timer.start({ jobName: 'Training' });
    expect(f.calls.find((c) => c.op === 'startTimer')?.input).toEqual({ jobName: 'Training', replaces: 't-1' });
    // said from what it logged (the job, the hours, the day), in the user's words
    expect(sayStop(englishWording(), store.getState().timer.lastStop!)).toBe('Stopped Website: 00:02 logged on Wed 18 Nov.');
  });

  it('asks what to do with a timer that ran long, then starts with the answer', async () => {
    let answered = false;
    const f = fakeApi({
      getTimer: async () => running('t-1'),
      startTimer: async (i: { stopPreviousAt?: number }) => {
        if (i.stopPreviousAt === undefined) throw bridgeError('InvalidInputError', long.message, [long]);
        answered = true;
        return running('t-3', 'Training');
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().timer.load();
    expect(await store.getState().timer.start({ jobName: 'Training' })).toBe(false);
    expect(store.getState().timer.switchAsked).toEqual({
      input: { jobName: 'Training' },
      why: expect.objectContaining({ message: long.message }),
    });
    expect(store.getState().timer.error).toBeNull(); // said once, in the question
    expect(await store.getState().timer.answerSwitch({ stopPreviousAt: TEST_NOW + 3_600_000 })).toBe(true);
    expect(answered).toBe(true);
    expect(f.calls.filter((c) => c.op === 'startTimer').at(-1)?.input).toEqual({
      jobName: 'Training',
      replaces: 't-1',
      stopPreviousAt: TEST_NOW + 3_600_000,
    });
    expect(store.getState().timer.switchAsked).toBeNull();
  });
});

describe('the day offered for a start on a locked week', () => {
  it('is checked before it is offered, and a locked one is named', async () => {
    const locked: RuleViolation = { field: 'week', rule: 'locked', message: 'Date: the week of 16 - 22 Nov 2026 is submitted ...' };
    const f = fakeApi({
      startTimer: async () => {
        throw bridgeError('InvalidInputError', 'Timer not started: ...', [{ ...locked, openDay: '2026-11-13' }]);
      },
      checkLog: async (i: { workDate: string }) => (i.workDate === '2026-11-18' ? [locked] : []),
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().timer.start({ jobName: 'Website' });
    expect(store.getState().timer.lockedStart?.openDay).toBe('2026-11-13');
    await store.getState().timer.checkDay('2026-11-18');
    expect(store.getState().timer.dayCheck).toEqual({ day: '2026-11-18', checking: false, problem: locked });
    await store.getState().timer.checkDay('2026-11-13');
    expect(store.getState().timer.dayCheck).toEqual({ day: '2026-11-13', checking: false });
  });
});
