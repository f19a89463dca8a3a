/**
 * What the screens say in the cases the end-to-end suite found wrong: a few seconds of timer, a submit that took more
 * than the preview showed, a rejected week's comment said twice, raw employee field names, and a first start offline.
 */
import { describe, expect, it } from 'vitest';
import type { StopResult } from '../../src/shared/contract';
import type { Job, Reminder, SubmitPreview, TimerView, WeekView } from '../../src/shared/domain';
import { employeeFieldLabel } from '../../src/renderer/src/employee-fields';
import { englishWording } from '../../src/shared/i18n/english';
import { createWording } from '../../src/shared/i18n/wording';
import fr from '../../src/shared/i18n/compiled/fr.json';
import type { CompiledMessages } from '../../src/shared/i18n/messages';
import { createAppStore } from '../../src/renderer/src/store';
import { NO_SAVED_JOBS } from '../../src/renderer/src/store/slices/jobs';
import { describeStop, sayStop, timerRan } from '../../src/renderer/src/store/slices/timer';
import { sayWords, words, type WordValue } from '../../src/renderer/src/i18n/words';
import { defineMessage } from '../../src/shared/i18n/messages';
import { remindersFor, submittedTotalNotice } from '../../src/renderer/src/store/slices/week';
import { bridgeError, fakeApi, noonOf } from './renderer-fake-api';
import { TEST_NOW } from '../fixtures/test-clock';

const rule = { mode: 'up', stepMinutes: 1 } as const;
const idle: TimerView = { running: false, billable: true, elapsedMs: 0, rawHhmm: '00:00', roundedHhmm: '00:00', rule };
const synced = (hours: string): StopResult['logged'][number] => ({
  state: 'synced',
  log: { localId: 'l1', workDate: '2026-11-20', hours, jobName: 'Website', billingStatus: 'Billable', sync: 'synced', source: 'local' },
});
const week = (weekStart: string, totalHours: string, fresh = true): WeekView => ({
  weekStart,
  days: [],
  logs: [],
  totalHours,
  billableHours: totalHours,
  nonBillableHours: '00:00',
  locked: false,
  fresh,
});

const en = englishWording();
/** A kept value as the English app says it. */
const sayValue = (v: WordValue | null) =>
  v === null ? null : sayWords(en, words(defineMessage({ id: 'test.value', defaultMessage: '{v}' }), { v }));
const stopWords = (r: StopResult, rawMs?: number) => sayStop(en, describeStop(r, rawMs));

describe('the timer stop message', () => {
  it('shows the seconds the timer ran when it ran under a minute', () => {
    const r: StopResult = { timer: idle, rawHhmm: '00:00', roundedHhmm: '00:01', logged: [synced('00:01')] };
    expect(stopWords(r, 7_400)).toBe('Logged 00:01 on Website, Fri 20 Nov (timer ran 7 s). Synced.');
    expect(sayValue(timerRan(r, 59_999))).toBe('59 s');
    // never "0:59": read as 59 minutes as often as 59 seconds
    expect(sayValue(timerRan({ rawHhmm: '00:59', roundedHhmm: '01:00' }))).toBe('59 min');
  });

  it('leaves the run time out when it would say 00:00 or repeat the logged time', () => {
    expect(stopWords({ timer: idle, rawHhmm: '00:00', roundedHhmm: '00:15', logged: [synced('00:15')] })).toBe(
      'Logged 00:15 on Website, Fri 20 Nov. Synced.',
    );
    expect(stopWords({ timer: idle, rawHhmm: '01:07', roundedHhmm: '01:07', logged: [synced('01:07')] }, 67 * 60_000)).toBe(
      'Logged 01:07 on Website, Fri 20 Nov. Synced.',
    );
    expect(stopWords({ timer: idle, rawHhmm: '01:07', roundedHhmm: '01:15', logged: [synced('01:15')] }, 67 * 60_000)).toBe(
      'Logged 01:15 on Website, Fri 20 Nov (timer ran 1 hr, 7 min). Synced.',
    );
  });

  it('measures the run from the start the timer showed, at the moment Stop is pressed', async () => {
    const startedAt = noonOf('2026-11-20');
    let clock = startedAt + 7_000;
    const f = fakeApi({
      stopTimer: async () => {
        clock += 2_000;
        return { timer: idle, rawHhmm: '00:00', roundedHhmm: '00:01', logged: [synced('00:01')] };
      },
    });
    const store = createAppStore({ api: f.api, now: () => clock });
    store.setState((s) => ({ timer: { ...s.timer, view: { ...idle, running: true, jobName: 'Website', startedAt } } }));
    await store.getState().timer.stop();
    expect(sayStop(en, store.getState().timer.lastStop!)).toBe('Logged 00:01 on Website, Fri 20 Nov (timer ran 7 s). Synced.');
  });
});

describe('the total after a submit', () => {
  it('says how much more the service submitted than the preview showed', () => {
    expect(sayWords(en, submittedTotalNotice('02:00', week('2026-11-16', '41:30'))!)).toBe(
      'The service submitted 41:30 (39:30 more than shown here: hours logged outside Punchcard).',
    );
  });

  it('says nothing when the totals agree, or when the week after the submit came from the cache', () => {
    expect(submittedTotalNotice('41:30', week('2026-11-16', '41:30'))).toBeNull();
    expect(submittedTotalNotice('02:00', week('2026-11-16', '41:30', false))).toBeNull();
  });

  it('keeps the notice for the week it was submitted and clears it on moving to another week', async () => {
    const preview: SubmitPreview = { weekStart: '2026-11-16', totalHours: '02:00', daysWithoutHours: [], blockers: [], action: 'resubmit' };
    const f = fakeApi({
      getWeek: async (i: { date: string }) => week(i.date, '02:00'),
      previewSubmit: async (i: { weekStart: string }) => ({ ...preview, weekStart: i.weekStart }),
      submitWeek: async (i: { weekStart: string }) => week(i.weekStart, '40:00'),
      getReminders: async () => [],
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-20') });
    await store.getState().week.load();
    expect(await store.getState().week.submit()).toBe(true);
    expect(sayWords(en, store.getState().week.submitNotice!)).toBe(
      'The service submitted 40:00 (38:00 more than shown here: hours logged outside Punchcard).',
    );
    await store.getState().week.goToPrevious();
    expect(store.getState().week.submitNotice).toBeNull();
  });
});

describe('the reminders on a rejected week', () => {
  const rejected: Reminder = {
    id: 'rejected:2026-11-09',
    kind: 'rejected',
    weekStart: '2026-11-09',
    message: 'Your timesheet for 9-15 Nov was rejected. Your manager wrote: "Split Friday."',
  };
  const due: Reminder = { id: 'week-due:2026-11-16', kind: 'week-due', weekStart: '2026-11-16', message: 'This week is due Friday.' };
  const attention: Reminder = { id: 'needs-attention:1', kind: 'needs-attention', message: '1 entry needs attention.' };

  it('leaves the comment to the rejection box while that week is on screen', () => {
    expect(remindersFor([rejected, due, attention], '2026-11-09', 'rejected')).toEqual([attention]);
  });

  it('keeps the rejected reminder while the week on screen does not show it as rejected', () => {
    expect(remindersFor([rejected, attention], '2026-11-09', 'none')).toEqual([rejected, attention]);
    expect(remindersFor([rejected, due], '2026-11-16', 'draft')).toEqual([due]);
  });
});

describe('employee record labels', () => {
  const names = ['Employeestatus', 'Department', 'Designation', 'EmployeeID', 'EmailID', 'EMPLOYEEMAILALIAS', 'Zoho_ID', 'ModifiedTime'];
  it("reads the service field names as words, in the user's language", () => {
    expect(names.map((n) => employeeFieldLabel(en, n))).toEqual([
      'Status',
      'Department',
      'Designation',
      'Employee ID',
      'Email',
      'Email',
      'Record ID',
      'Last changed',
    ]);
    const french = createWording('fr', 'fr-FR', fr as unknown as CompiledMessages);
    expect(names.map((n) => employeeFieldLabel(french, n))).toEqual([
      'Statut',
      'Département',
      'Poste',
      'Matricule',
      'E-mail',
      'E-mail',
      'ID de fiche',
      'Dernière modification',
    ]);
  });

  it("keeps a field it does not know under the name it came with (the service's word, in any language)", () => {
    expect(employeeFieldLabel(englishWording(), 'Blood_Group')).toBe('Blood_Group');
  });
});

describe('the job list on a first start offline', () => {
  const refused = () =>
    bridgeError('NetworkError', 'The service could not be reached (ECONNREFUSED) on getjobs. Check the connection; nothing was sent.');

  it('says plainly that nothing is saved yet instead of the connection error', async () => {
    const f = fakeApi({
      listJobs: async () => {
        throw refused();
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().jobs.load();
    expect(store.getState().jobs.error).toMatchObject({ kind: 'NetworkError', message: NO_SAVED_JOBS });
    expect(store.getState().jobs.loaded).toBe(false);
  });

  it('keeps the core message when a list is already shown, and for a failure that is not about reaching the service', async () => {
    const job: Job = {
      jobId: 'j1',
      jobName: 'Website',
      projectName: 'Web',
      clientName: 'Acme',
      jobStatus: 'in-progress',
      jobBillableStatus: 'Billable',
    };
    let fail: Error | null = null;
    const f = fakeApi({
      listJobs: async () => {
        if (fail) throw fail;
        return [job];
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().jobs.load();
    fail = refused();
    await store.getState().jobs.load(true);
    expect(store.getState().jobs.error?.message).toMatch(/ECONNREFUSED/);

    const signedOut = createAppStore({
      api: fakeApi({
        listJobs: async () => {
          throw bridgeError('AuthError', 'Sign in again in Settings.');
        },
      }).api,
      now: () => TEST_NOW,
    });
    await signedOut.getState().jobs.load();
    expect(signedOut.getState().jobs.error?.message).toBe('Sign in again in Settings.');
  });
});
