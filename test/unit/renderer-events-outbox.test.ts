import { describe, expect, it } from 'vitest';
import { sayWords } from '../../src/renderer/src/i18n/words';
import type { AppStatus, Job, OutboxEntry, WeekView } from '../../src/shared/domain';
import { createAppStore } from '../../src/renderer/src/store';
import { withSlice } from '../../src/renderer/src/store/later';
import { subscribeToEvents } from '../../src/renderer/src/store/events';
import { describeStatus } from '../../src/renderer/src/store/slices/status';
import { describeSync } from '../../src/renderer/src/store/outbox-groups';
import { rankJobs } from '../../src/renderer/src/store/rankJobs';
import { bridgeError, fakeApi, noonOf } from './renderer-fake-api';
import { TEST_NOW } from '../fixtures/test-clock';
import { englishWording } from '../../src/shared/i18n/english';
import { outcomeWords } from '../../src/renderer/src/team-words';

const entry = (id: string, state: OutboxEntry['state'], message?: string): OutboxEntry => ({
  id,
  kind: 'add',
  localId: `l-${id}`,
  workDate: '2026-11-18',
  hours: '02:00',
  jobName: 'Website',
  state,
  message,
  resolutions: state === 'needs-attention' ? ['retry', 'fix', 'discard'] : [],
  attempts: [],
  createdAt: 1,
  updatedAt: 1,
});
const account = {
  kind: 'sandbox',
  baseUrl: 'http://127.0.0.1:1',
  user: 'maya',
  authMethod: 'none',
  authScheme: 'Bearer',
  signedIn: true,
} as const;
const status = (online: boolean, queued = 0, needsAttention = 0): AppStatus => ({
  online,
  outbox: { queued, sending: 0, needsAttention },
  account,
});
const weekOf = (weekStart: string): WeekView => ({
  weekStart,
  days: [],
  logs: [],
  totalHours: '00:00',
  billableHours: '00:00',
  nonBillableHours: '00:00',
  locked: false,
  fresh: true,
});

describe('push events', () => {
  it('apply what the outbox changed, take the status, and switch screens on navigate', async () => {
    const f = fakeApi({ getOutboxList: async () => ({ version: 7, entries: [entry('a', 'queued'), entry('b', 'queued')] }) });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    subscribeToEvents(store, f.api);
    await store.getState().outbox.load();

    f.emit('outboxChange', {
      version: 8,
      from: 7,
      entries: [entry('b', 'needs-attention', 'The service refused: 25:00 is more than a day.')],
      removed: ['a'],
    });
    expect(store.getState().outbox.byLog['l-b']).toHaveLength(1);
    expect(store.getState().outbox.byLog['l-b'][0]).toMatchObject({ id: 'b', state: 'needs-attention' });
    expect(store.getState().outbox.byLog['l-a'] ?? []).toEqual([]);
    expect(store.getState().outbox.version).toBe(8);

    f.emit('status', status(false, 2));
    expect(store.getState().status.value?.online).toBe(false);
    expect(store.getState().settings.account?.user).toBe('maya');

    f.emit('navigate', { screen: 'outbox' });
    expect(store.getState().ui.screen).toBe('outbox');
  });

  it('keep only the latest five notices (two show, the others wait behind a count)', () => {
    const f = fakeApi({});
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    subscribeToEvents(store, f.api);
    for (const n of [1, 2, 3, 4, 5, 6]) f.emit('notice', { level: 'info', message: `notice ${n}` });
    expect(store.getState().ui.notices.map((n) => n.message)).toEqual(['notice 2', 'notice 3', 'notice 4', 'notice 5', 'notice 6']);
    store.getState().ui.dismissNotice(store.getState().ui.notices[0].id);
    expect(store.getState().ui.notices.map((n) => n.message)).toEqual(['notice 3', 'notice 4', 'notice 5', 'notice 6']);
  });

  it('re-read the week only when the changed week is the one on screen', async () => {
    const f = fakeApi({
      getWeek: async (i: { date: string }) => weekOf(i.date),
      previewSubmit: async (i: { weekStart: string }) => ({
        weekStart: i.weekStart,
        totalHours: '00:00',
        daysWithoutHours: [],
        blockers: [],
        action: 'none',
      }),
      getReminders: async () => [],
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    subscribeToEvents(store, f.api);
    f.emit('ledger', { weekStarts: ['2026-11-09'] });
    await new Promise((r) => setImmediate(r)); // kept: one turn of the event loop; the fake api answers in microtasks, so what the push started has run
    expect(f.calls.filter((c) => c.op === 'getWeek')).toHaveLength(0);
    f.emit('ledger', { weekStarts: ['2026-11-16'] });
    await new Promise((r) => setImmediate(r)); // kept: one turn of the event loop; the fake api answers in microtasks, so what the push started has run
    // The week on screen and the Track tab's day (this week): both merge it again, from the core's copy (a glance).
    expect(f.calls.filter((c) => c.op === 'getWeek').map((c) => c.input)).toEqual([
      { date: '2026-11-16', look: 'glance' },
      { date: '2026-11-16', look: 'glance' },
    ]);
  });

  it('take a week the core read for another reason (a rule) on every screen showing it, without a call', () => {
    const f = fakeApi({
      previewSubmit: async () => ({ weekStart: '2026-11-16', totalHours: '00:00', daysWithoutHours: [], blockers: [], action: 'none' }),
      getReminders: async () => [],
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    subscribeToEvents(store, f.api);
    const read = weekOf('2026-11-16');
    f.emit('week', read);
    expect(store.getState().today.week).toBe(read);
    expect(store.getState().week.view).toBe(read);
    expect(f.calls.filter((c) => c.op === 'getWeek')).toHaveLength(0);
    // another week: nothing on screen changes
    f.emit('week', weekOf('2026-11-09'));
    expect(store.getState().today.week).toBe(read);
    expect(store.getState().week.view).toBe(read);
  });

  it('keep a week pushed while a read of it was on its way, on the Week tab and on Track, over the older answer', async () => {
    // The read's answer was built from the core's copy before the change; the push says the week after it. In web
    // mode they travel on two connections, so the push can arrive first.
    const held: Array<(v: WeekView) => void> = [];
    const f = fakeApi({
      getWeek: () => new Promise<WeekView>((r) => held.push(r)),
      previewSubmit: async () => ({ weekStart: '2026-11-16', totalHours: '00:00', daysWithoutHours: [], blockers: [], action: 'none' }),
      getReminders: async () => [],
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    subscribeToEvents(store, f.api);
    const weekRead = store.getState().week.load();
    const todayRead = store.getState().today.load();
    await expect.poll(() => held.length).toBe(2);
    const pushed = { ...weekOf('2026-11-16'), totalHours: '02:00' };
    f.emit('week', pushed);
    for (const answer of held.splice(0)) answer(weekOf('2026-11-16'));
    await Promise.all([weekRead, todayRead]);
    expect(store.getState().week.view?.totalHours).toBe('02:00');
    expect(store.getState().today.week?.totalHours).toBe('02:00');

    // with no push meanwhile, the read's answer is taken
    const again = store.getState().week.load();
    await expect.poll(() => held.length).toBe(1);
    held.splice(0)[0]({ ...weekOf('2026-11-16'), totalHours: '03:00' });
    await again;
    expect(store.getState().week.view?.totalHours).toBe('03:00');
  });

  it('re-read a week built offline as soon as the status says the service is back', async () => {
    const f = fakeApi({
      getWeek: async (i: { date: string }) => weekOf(i.date),
      previewSubmit: async (i: { weekStart: string }) => ({
        weekStart: i.weekStart,
        totalHours: '00:00',
        daysWithoutHours: [],
        blockers: [],
        action: 'none',
      }),
    });
    const store = createAppStore({ api: f.api, now: () => noonOf('2026-11-18') });
    subscribeToEvents(store, f.api);
    f.emit('status', status(false));
    store.setState((s) => ({ week: { ...s.week, view: { ...weekOf('2026-11-16'), fresh: false } } }));
    f.emit('status', status(false, 1));
    await new Promise((r) => setImmediate(r)); // kept: one turn of the event loop; the fake api answers in microtasks, so what the push started has run
    expect(f.calls.filter((c) => c.op === 'getWeek')).toHaveLength(0);
    f.emit('status', status(true));
    await new Promise((r) => setImmediate(r)); // kept: one turn of the event loop; the fake api answers in microtasks, so what the push started has run
    expect(f.calls.filter((c) => c.op === 'getWeek')).toHaveLength(1);
    expect(store.getState().week.view?.fresh).toBe(true);
  });

  it('keep a status pushed while a read of it was on its way, over the older answer the read brings', async () => {
    // The core built the read's answer before its first check of the service (unchecked), the push after it
    // (online); in web mode they travel on two connections, so the push can arrive first.
    let answer!: (s: AppStatus) => void;
    const f = fakeApi({ getStatus: () => new Promise<AppStatus>((r) => (answer = r)) });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    subscribeToEvents(store, f.api);
    const read = store.getState().status.load();
    const online: AppStatus = { ...status(true), network: { cause: 'online', at: TEST_NOW } };
    f.emit('status', online);
    answer({ ...status(true), network: { cause: 'unchecked' } });
    await read;
    expect(store.getState().status.value?.network?.cause).toBe('online');
    expect(describeStatus(store.getState().status.value, englishWording()).label).toBe('Online · all synced');

    // with no push meanwhile, the read's answer is taken
    const again = store.getState().status.load();
    answer(status(false, 2));
    await again;
    expect(store.getState().status.value?.online).toBe(false);
    expect(store.getState().status.value?.outbox.queued).toBe(2);
  });

  it('are all unsubscribed by the one function subscribeToEvents returns', () => {
    const f = fakeApi({});
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    const off = subscribeToEvents(store, f.api);
    expect(f.listenerCount()).toBe(7);
    off();
    expect(f.listenerCount()).toBe(0);
    f.emit('navigate', { screen: 'hr' });
    expect(store.getState().ui.screen).toBe('track');
  });
});

describe('the outbox slice', () => {
  it('releases the entry when its action is done, and reads the places shown again (the push says what it is now)', async () => {
    let list = [entry('b', 'needs-attention')];
    const f = fakeApi({
      retryEntry: async () => {
        list = [entry('b', 'queued')];
        return list;
      },
      getOutboxList: async () => ({ version: 1, entries: list, total: 1 }),
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().outbox.load();
    store.getState().outbox.want('attention', 0, 1);
    expect(store.getState().outbox.shown[0].state).toBe('needs-attention');
    const pending = store.getState().outbox.retry('b');
    expect(store.getState().outbox.busyIds).toEqual(['b']);
    expect(await pending).toBe(true);
    expect(store.getState().outbox.busyIds).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().outbox.shown[0].state).toBe('queued');
  });

  it('keeps the violations of a refused fix so the form can show them by the field', async () => {
    const f = fakeApi({
      fixEntry: async () => {
        throw bridgeError('InvalidInputError', 'hours: 25:00 is more than the 10:00 allowed in a day.', [
          { field: 'hours', rule: 'max-per-day', message: 'At most 10:00 a day.' },
        ]);
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    expect(await store.getState().outbox.fix('b', { hours: '25:00' })).toBe(false);
    expect(f.calls[0].input).toEqual({ id: 'b', hours: '25:00' });
    expect(store.getState().outbox.error?.violations).toEqual([{ field: 'hours', rule: 'max-per-day', message: 'At most 10:00 a day.' }]);
  });

  it('never lets an answer overwrite a push that arrived while the call was out (a fix then synced at once)', async () => {
    let answer!: (entries: OutboxEntry[]) => void;
    let list = [entry('b', 'needs-attention', 'Refused.')];
    let version = 1;
    const f = fakeApi({
      fixEntry: () =>
        new Promise((r) => {
          answer = r;
        }),
      getOutboxList: async () => ({ version, entries: list, total: 1 }),
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    subscribeToEvents(store, f.api);
    await store.getState().outbox.load();
    store.getState().outbox.want('attention', 0, 1);
    const fixing = store.getState().outbox.fix('b', { workDate: '2026-11-17' });
    list = [entry('b', 'synced')];
    version = 2;
    f.emit('outboxChange', { version: 2, from: 1, entries: [entry('b', 'synced')], removed: [] }); // sent before the fix's own answer came back
    answer([entry('b', 'queued')]);
    expect(await fixing).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().outbox.shown[0].state).toBe('synced');
    expect(store.getState().outbox.byLog['l-b'].map((e) => e.state)).toEqual(['synced']);
    expect(store.getState().outbox.busyIds).toEqual([]);
  });

  it('reports what sync now did in words', async () => {
    const f = fakeApi({ syncNow: async () => ({ sent: 2, remaining: 0, needsAttention: 1, online: true }) });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await store.getState().outbox.syncNow();
    const say = (r: Parameters<typeof describeSync>[0]) => sayWords(englishWording(), describeSync(r));
    expect(say(store.getState().outbox.lastReport!)).toBe('Sent 2. 1 needs attention.');
    expect(say({ sent: 2, remaining: 1, needsAttention: 2, online: true })).toBe('Sent 2. 1 waiting. 2 need attention.');
    expect(say({ sent: 1, remaining: 0, needsAttention: 0, online: true })).toBe('Sent 1. Everything reached the service.');
    // found on the service already (sent before, its end lost): not said to be sent now
    expect(say({ sent: 0, alreadyThere: 1, remaining: 0, needsAttention: 0, online: true })).toBe(
      'Sent 0. 1 was already on the service. Everything reached the service.',
    );
    expect(say({ sent: 2, alreadyThere: 3, remaining: 1, needsAttention: 0, online: true })).toBe(
      'Sent 2. 3 were already on the service. 1 waiting.',
    );
    expect(say({ sent: 0, remaining: 3, needsAttention: 0, online: false })).toBe(
      'The service is not reachable. 3 waiting; they will sync when it is back.',
    );
  });
});

describe('logging by hand', () => {
  it('shows only the latest check while the user types, and says a logged entry is queued', async () => {
    let releaseFirst!: () => void;
    const f = fakeApi({
      checkLog: (i: { hours: string }) =>
        i.hours === '1:0'
          ? new Promise((r) => {
              releaseFirst = () => r([{ field: 'hours', rule: 'format', message: 'Use HH:MM.' }]);
            })
          : Promise.resolve([]),
      logTime: async () => ({
        state: 'queued',
        log: {
          localId: 'l',
          workDate: '2026-11-18',
          hours: '01:00',
          jobName: 'Website',
          billingStatus: 'Billable',
          sync: 'queued',
          source: 'local',
        },
      }),
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    const base = { jobId: 'j1', workDate: '2026-11-18', billable: true };
    const first = store.getState().logForm.check({ ...base, hours: '1:0' });
    await store.getState().logForm.check({ ...base, hours: '01:00' });
    releaseFirst();
    await first;
    expect(store.getState().logForm.violations).toEqual([]);
    expect(await store.getState().logForm.log({ ...base, hours: '01:00' })).toBe(true);
    const outcome = store.getState().logForm.outcome!;
    expect(outcome).toMatchObject({ state: 'queued', localId: 'l' });
    expect(sayWords(englishWording(), outcome.message)).toBe('Logged 01:00 on Website, Wed 18 Nov.');
  });
});

describe('managers and HR', () => {
  it('sends a partial approval with per-log decisions and updates the pending list from the answer', async () => {
    const f = fakeApi({
      getTimesheet: async () => ({
        recordId: 't1',
        timesheetName: 'Week 47',
        status: 'pending',
        totalHours: '40:00',
        billableHours: '40:00',
        fromDate: '2026-11-16',
        toDate: '2026-11-22',
        employeeName: 'Sam Lee',
        timeLogs: [],
        projects: [],
        clients: [],
      }),
      // as the service answers a partial decision: the timesheet "rejected", its logs mixed
      decideTimesheet: async () => ({
        recordId: 't1',
        timesheetName: 'Week 47',
        status: 'rejected',
        totalHours: '40:00',
        billableHours: '40:00',
        fromDate: '2026-11-16',
        toDate: '2026-11-22',
        employeeName: 'Sam Lee',
        timeLogs: [
          { timeLogId: 'a', workDate: '2026-11-16', hours: '08:00', jobName: 'Web', billingStatus: 'Billable', approvalStatus: 'approved' },
          { timeLogId: 'b', workDate: '2026-11-20', hours: '08:00', jobName: 'Web', billingStatus: 'Billable', approvalStatus: 'rejected' },
        ],
        projects: [],
        clients: [],
      }),
      listTeamTimesheets: async () => [
        {
          recordId: 't1',
          timesheetName: 'Week 47',
          status: 'pending',
          totalHours: '40:00',
          billableHours: '40:00',
          fromDate: '2026-11-16',
          toDate: '2026-11-22',
          employeeName: 'Sam Lee',
          projects: [],
          clients: [],
        },
      ],
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await withSlice(store, 'team');
    await store.getState().team.load();
    await store.getState().team.open('t1');
    expect(
      await store.getState().team.decide({ decision: 'approved', logs: { a: 'approved', b: 'rejected' }, comments: 'Friday is leave' }),
    ).toBe(true);
    expect(f.calls.find((c) => c.op === 'decideTimesheet')?.input).toEqual({
      id: 't1',
      decision: 'approved',
      logs: { a: 'approved', b: 'rejected' },
      comments: 'Friday is leave',
    });
    expect(outcomeWords(englishWording(), store.getState().team.decided!, 2026)).toBe(
      "Partly approved Sam Lee's timesheet for 16\u2009–\u200922 Nov: 1 approved, 1 rejected.",
    );
    // the answer says the timesheet is no longer pending, so it leaves the pending list without the list being read
    // again (a manager's day within the call budget: a decision is the decision and nothing more)
    expect(store.getState().team.list).toEqual([]);
    expect(f.calls.map((c) => c.op)).toEqual(['listTeamTimesheets', 'getTimesheet', 'decideTimesheet']);
  });

  it('adds a new employee record to the list it shows and keeps a refused save message', async () => {
    const rec = { recordId: 'r9', employeeId: 'E9', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@x.test', fields: {} };
    let fail = false;
    const f = fakeApi({
      addEmployee: async () => {
        if (fail) throw bridgeError('ServiceError', 'Email ana@x.test is already used by another employee.');
        return rec;
      },
    });
    const store = createAppStore({ api: f.api, now: () => TEST_NOW });
    await withSlice(store, 'hr');
    expect(await store.getState().hr.saveEmployee(null, { 'First Name': 'Ana' })).toBe(true);
    expect(store.getState().hr.employees).toEqual([rec]);
    // the store keeps the message and its values; EmployeeRecords words them
    const saved = store.getState().hr.saved!;
    expect(englishWording().say(saved.message, saved.values)).toBe('Added Ana Ruiz.');
    fail = true;
    expect(await store.getState().hr.saveEmployee(null, { 'First Name': 'Ana' })).toBe(false);
    expect(store.getState().hr.saveError?.message).toBe('Email ana@x.test is already used by another employee.');
  });
});

describe('what the header and the picker show', () => {
  it('describes the status in words, needs-attention first', () => {
    expect(describeStatus(status(true), englishWording())).toMatchObject({ label: 'Online · all synced', tone: 'ok' });
    expect(describeStatus(status(false, 3), englishWording())).toMatchObject({ label: 'Offline · 3 waiting', tone: 'off' });
    expect(describeStatus(status(false, 3, 1), englishWording())).toMatchObject({ label: '1 needs attention', tone: 'warn' });
    // the short label leaves out what the sentence says: the cause and every count
    expect(describeStatus(status(false, 3, 1), englishWording()).detail).toBe(
      'Offline: the service could not be reached. 3 entries are waiting to be sent when the service can be reached again. 1 entry needs your attention in the outbox.',
    );
  });

  it('puts favourite then recent jobs first and matches words across job, project and client', () => {
    const job = (jobId: string, jobName: string, clientName = 'Acme Corp'): Job => ({
      jobId,
      jobName,
      projectName: 'Web',
      clientName,
      jobStatus: 'in-progress',
      jobBillableStatus: 'Billable',
    });
    const jobs = [job('1', 'Analysis'), job('2', 'Build'), job('3', 'Support', 'Globex'), job('4', 'Design')];
    expect(rankJobs(jobs, '', ['4'], ['3', '2']).map((r) => r.job.jobId)).toEqual(['4', '3', '2', '1']);
    expect(rankJobs(jobs, 'acme bu', [], []).map((r) => r.job.jobName)).toEqual(['Build']);
    expect(rankJobs(jobs, 'globex', [], []).map((r) => r.job.jobName)).toEqual(['Support']);
  });
});
