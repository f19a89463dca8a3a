/**
 * What users reported: "An entry resolved with 'It is there' is counted twice in the week's total (44:53 shown against
 * 53:08 on the service's side, and `punch week` lists it twice)." Whatever way an entry was settled, the week's total
 * is the service's total and each of the service's logs is listed once. Over the real core (createPunchcard, its
 * dispatch) and a real sandbox over HTTP; the service's side is read straight from the sandbox's state. An ambiguous
 * add is made with the sandbox's commit-then-drop fault: the log is saved, the answer never leaves.
 *
 * The sandbox's Monday 2026-11-16 is "today": nothing is seeded this week, so the week holds only what each case logs.
 * A new log belongs to no timesheet until one is created over its dates (the service works so), and the app sees the
 * logs it did not make only inside a timesheet: `gather()` creates a draft timesheet over the week, as the service's
 * web UI would, so that every log of the week is in it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { OutboxEntry, WeekView } from '../../src/shared/domain';
import { toHhmm } from '../../src/shared/time/hours';
import type { Punchcard } from '../../src/core';
import type { Sandbox } from '../../src/sandbox';
import { call, startCoreOverSandbox, type CoreOverSandbox } from '../fixtures/core-over-sandbox';
import { runPunch } from '../fixtures/cli-harness';

const MONDAY = '2026-11-16';
const SUNDAY = '2026-11-22';
const now = () => new Date(2026, 10, 16, 10, 0).getTime();

let world: CoreOverSandbox;
let sb: Sandbox;
let core: Punchcard;
let job: { jobId: string; jobName: string };

beforeEach(async () => {
  world = await startCoreOverSandbox({ today: MONDAY, dirPrefix: 'punch-settled-', now });
  ({ sb, core } = world);
  // Every way of settling by hand needs an entry the app cannot decide: a service without the time log list
  // (gettimelogs). With the list, a lost answer settles by itself (reconcile-timelogs.test.ts, fault-matrix.test.ts).
  sb.configure({ timeLogList: false });
  const j = sb.state().jobs.find((x) => x.jobStatus === 'in-progress' && x.assignedTo.includes(sb.demoUser))!;
  job = { jobId: j.jobId, jobName: j.jobName };
  await call(core, 'listJobs', { status: 'all' });
});
afterEach(async () => {
  await world?.close();
});

/** The demo user's logs of the week on the service now. */
const onService = () => sb.state().timeLogs.filter((l) => l.user === sb.demoUser && l.workDate >= MONDAY && l.workDate <= SUNDAY);

async function service(path: string, params: Record<string, string>): Promise<unknown> {
  const res = await fetch(`${sb.url}/api/timetracker/${path}`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${sb.demoToken}` },
    body: new URLSearchParams(params),
  });
  const body = (await res.json()) as unknown;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A draft timesheet over the week holding every log of the week (one made before is deleted first). */
async function gather(): Promise<string> {
  for (const t of sb.state().timesheets.filter((x) => x.user === sb.demoUser && x.fromDate <= SUNDAY && x.toDate >= MONDAY)) {
    await service('deletetimesheet', { timesheetId: t.timesheetId });
  }
  await service('createtimesheet', { user: sb.demoUser, timesheetName: 'Week of 16 Nov 2026', fromDate: MONDAY, toDate: SUNDAY });
  const sheet = sb.state().timesheets.find((x) => x.user === sb.demoUser && x.fromDate === MONDAY)!;
  expect(onService().every((l) => l.timesheetId === sheet.timesheetId)).toBe(true);
  return sheet.timesheetId;
}

/**
 * The week's total is the service's, and each of the service's logs is listed once (and nothing else is). `inNoTimesheet`:
 * a log the app did not see yet (in no timesheet) is listed as the ledger's row, without its service id.
 */
function expectSameAsService(week: WeekView, inNoTimesheet = 0): void {
  const logs = onService();
  expect(logs.length).toBeGreaterThan(0);
  expect(week.totalHours).toBe(toHhmm(logs.reduce((s, l) => s + l.minutes, 0)));
  expect(week.logs).toHaveLength(logs.length);
  const ids = week.logs.map((l) => l.timeLogId).filter(Boolean);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(logs.length - inNoTimesheet);
  expect(ids.every((id) => logs.some((l) => l.timeLogId === id))).toBe(true);
  for (const day of week.days) {
    expect(day.totalMinutes).toBe(logs.filter((l) => l.workDate === day.date).reduce((s, l) => s + l.minutes, 0));
  }
}

const week = (refresh = true) => call<WeekView>(core, 'getWeek', { date: MONDAY, refresh });
const outbox = () => call<OutboxEntry[]>(core, 'getOutbox');
const entry = (description: string, hours: string) => ({ ...job, workDate: MONDAY, hours, billable: true, description });
const log = (description: string, hours: string) => call<LogResult>(core, 'logTime', entry(description, hours));

/** An add the service saved but whose answer was lost; no timesheet shows it yet, so it waits for the user. */
async function ambiguousAdd(description: string, hours: string): Promise<OutboxEntry> {
  sb.fault({ kind: 'commit-then-drop', match: 'addtimelog', times: 1 });
  const r = await log(description, hours);
  // settled as unsure within the call's wait or after it: the answer says which, never "queued" for an unsure one
  expect(r.state).toBe(r.log.sync === 'needs-attention' ? 'needs-attention' : 'queued');
  await expect
    .poll(async () => (await outbox()).find((e) => e.localId === r.log.localId)?.state, { timeout: 10_000 })
    .toBe('needs-attention');
  expect(onService().some((l) => l.description === description)).toBe(true);
  return (await outbox()).find((e) => e.localId === r.log.localId)!;
}

/** `punch week --json` on the same data directory, as the demo user. */
async function punchWeek(): Promise<WeekView> {
  const r = await runPunch(['week', '--date', MONDAY, '--json'], {
    PUNCH_BASE_URL: sb.url,
    PUNCH_TOKEN: sb.demoToken,
    PUNCH_USER: sb.demoUser,
    PUNCH_DATA_DIR: world.dataDir,
    XDG_CONFIG_HOME: `${world.dataDir}/xdg`,
  });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as WeekView;
}

describe("the week's total equals the service's, however an entry was settled", () => {
  it('synced normally', async () => {
    expect((await log('design review', '01:15')).state).toBe('synced');
    expect((await log('planning', '00:45')).state).toBe('synced');
    expectSameAsService(await week());
    await gather();
    expectSameAsService(await week());
  });

  it('reconciled by the engine (found in a timesheet on "Sync now")', async () => {
    await log('stand-up', '00:15');
    const lost = await ambiguousAdd('answer lost', '01:30');
    await gather();
    // before the engine looks again, the waiting entry already stands for its log (listed once, counted once)
    expectSameAsService(await week());
    await call(core, 'syncNow');
    expect((await outbox()).find((e) => e.id === lost.id)?.state).toBe('synced');
    const w = await week();
    expectSameAsService(w);
    expect(w.logs.find((l) => l.localId === lost.localId)?.sync).toBe('synced');
  });

  it('marked "It is there" once the service shows it; `punch week --json` agrees', async () => {
    await log('stand-up', '00:15');
    const lost = await ambiguousAdd('answer lost', '02:00');
    await gather();
    expectSameAsService(await week());
    await call(core, 'markEntryRecorded', { id: lost.id });
    // the kept week (no new read) and a new read
    expectSameAsService(await week(false));
    expectSameAsService(await week());
    const cli = await punchWeek();
    expectSameAsService(cli);
    expect(cli.logs.filter((l) => l.description === 'answer lost')).toHaveLength(1);
    expectSameAsService(await week());
  });

  it('marked "It is there" before the service shows it, the log found later (and then edited through Punchcard)', async () => {
    await log('stand-up', '00:15');
    const lost = await ambiguousAdd('answer lost', '02:00');
    await call(core, 'markEntryRecorded', { id: lost.id });
    // the service holds it, in no timesheet: the week shows the ledger's row, and the total is still the service's
    expectSameAsService(await week(), 1);
    await gather();
    const w = await week();
    expectSameAsService(w);
    const row = w.logs.find((l) => l.localId === lost.localId)!;
    expect(row.timeLogId).toBe(onService().find((l) => l.description === 'answer lost')!.timeLogId);
    // the read gave the row its service id, so an edit of it now reaches the service
    expect((await call<LogResult>(core, 'editLog', { localId: lost.localId, hours: '01:45' })).state).toBe('synced');
    expect(onService().find((l) => l.description === 'answer lost')!.minutes).toBe(105);
    expectSameAsService(await week());
    expectSameAsService(await punchWeek());
  });

  it('"Send again": the service then holds two logs, and the week lists both', async () => {
    const lost = await ambiguousAdd('answer lost', '01:00');
    await call(core, 'retryEntry', { id: lost.id });
    await expect.poll(async () => (await outbox()).find((e) => e.id === lost.id)?.state, { timeout: 10_000 }).toBe('synced');
    expect(onService().filter((l) => l.description === 'answer lost')).toHaveLength(2);
    await gather();
    expectSameAsService(await week());
  });

  it("discarded: the log the lost answer left on the service is listed once, as the service's", async () => {
    await log('stand-up', '00:15');
    const lost = await ambiguousAdd('answer lost', '01:00');
    await call(core, 'discardEntry', { id: lost.id });
    await gather();
    const w = await week();
    expectSameAsService(w);
    expect(w.logs.find((l) => l.description === 'answer lost')?.source).toBe('service');
  });

  it('adopted from a deleted timesheet: a synced log, one marked "It is there" and one still waiting', async () => {
    await log('stand-up', '00:15');
    const marked = await ambiguousAdd('marked', '01:00');
    const waiting = await ambiguousAdd('waiting', '00:30');
    const sheetId = await gather();
    expectSameAsService(await week());
    // marked after the last read: only the adoption can give it its id
    await call(core, 'markEntryRecorded', { id: marked.id });
    await expect(call(core, 'deleteTimesheet', { id: sheetId })).resolves.toEqual({ deleted: true });
    expect(onService().every((l) => l.timesheetId === null)).toBe(true);
    const w = await week();
    expect(w.timesheet).toBeUndefined();
    expectSameAsService(w);
    expect((await outbox()).find((e) => e.id === waiting.id)?.state).toBe('synced');
    await gather();
    expectSameAsService(await week());
  });
});
