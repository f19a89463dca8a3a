/**
 * `punch` on the real week: the service's logs of the week, made here or elsewhere (the sandbox's `elsewhere`: the
 * service's web page), merged with the outbox. A log made elsewhere in a week with no timesheet is shown by `punch
 * week` and counted by `punch log` against the daily maximum; `punch edit` of a full day goes through; the timer on
 * a submitted week is refused before it starts and started with `--log-to`; a service without the list is said.
 * Real `punch` processes against the sandbox, on the test clock.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { StopResult } from '../../src/shared/contract';
import type { OutboxEntry, TimerView, WeekView } from '../../src/shared/domain';
import { addDays, weekStartOf } from '../../src/shared/time/week';
import { plainDate } from '../../src/shared/words';
import { seededWeek } from '../fixtures/demo-week';
import { TEST_TODAY } from '../fixtures/test-clock';
import { cliClock, startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { tableRows } from '../fixtures/cli-wrapped';

const today = TEST_TODAY;
const lastFriday = addDays(weekStartOf(today), -3);
let w: CliWorld;
let jobId: string;

/** The world's current week without a timesheet: the seeded draft deleted through the API (its logs stay loose). */
async function deleteDraft(): Promise<void> {
  const draft = seededWeek(w.sandbox, weekStartOf(today)).draft!;
  const res = await fetch(`${w.sandbox.url}/api/timetracker/deletetimesheet`, {
    method: 'POST',
    headers: { authorization: `Zoho-oauthtoken ${w.sandbox.demoToken}` },
    body: new URLSearchParams({ timesheetId: draft.timesheetId }),
  });
  expect(res.status).toBe(200);
}

beforeEach(async () => {
  w = await startCliWorld();
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
}, 120_000);
afterEach(async () => {
  await w?.close();
});

it('shows a log made elsewhere in a week with no timesheet, and refuses a log that would take its day over the maximum', async () => {
  await deleteDraft();
  const { timeLogId } = w.sandbox.elsewhere.log({ workDate: today, hours: '09:30', jobId, description: 'from the phone' });
  const week = await w.punchJson<WeekView>(['week']);
  expect(week.code).toBe(0);
  expect(week.value.timesheet).toBeUndefined();
  expect(week.value.logs.filter((l) => l.timeLogId === timeLogId)).toMatchObject([{ hours: '09:30', elsewhere: true, source: 'service' }]);
  expect(week.value.days.find((d) => d.date === today)?.totalMinutes).toBe(570);
  const human = await w.punch(['week']);
  expect(human.stdout).toMatch(/FROM/);
  expect(human.stdout.split('\n').find((l) => l.includes('from the phone'))).toMatch(/09:30 .*elsewhere/);
  // by the service's own id, which `punch edit` takes
  expect(human.stdout.split('\n').find((l) => l.includes('from the phone'))).toMatch(new RegExp(`(^|\\s)${timeLogId}\\s`));

  const over = await w.punch(['log', '--job', jobId, '--hours', '01:00', '--description', 'too much']);
  expect(over.code).toBe(1);
  expect(over.stderr).toContain(
    `${plainDate(today)} would have 10:30, over your company's maximum of 10:00 a day. Log at most 00:30 more that day.`,
  );
  expect((await w.punchJson<OutboxEntry[]>(['outbox'])).value).toEqual([]);
  expect(w.sandbox.state().timeLogs.some((l) => l.description === 'too much')).toBe(false);
  expect((await w.punch(['log', '--job', jobId, '--hours', '00:30', '--description', 'fits'])).code).toBe(0);
}, 120_000);

it('edits a log of a full day: the day is counted without the log being edited', async () => {
  await deleteDraft();
  const big = w.sandbox.elsewhere.log({ workDate: today, hours: '07:00', jobId, description: 'big' });
  w.sandbox.elsewhere.log({ workDate: today, hours: '02:30', jobId, description: 'small' });
  const r = await w.punch(['edit', big.timeLogId, '--hours', '06:00']);
  expect(r.code, r.stderr).toBe(0);
  expect(w.sandbox.state().timeLogs.find((l) => l.timeLogId === big.timeLogId)?.minutes).toBe(360);
}, 120_000);

it('says a rejected log changed since the rejection is fixed, what is left (resubmit), and that it is still rejected', async () => {
  const lastMonday = addDays(weekStartOf(today), -7);
  const sheet = w.sandbox.state().timesheets.find((t) => t.user === w.sandbox.demoUser && t.fromDate === lastMonday)!;
  expect(sheet.status).toBe('rejected');
  // the week as read before the fix: its rejected logs as they were when rejected
  const before = await w.punchJson<WeekView>(['week', '--date', lastMonday]);
  const target = before.value.logs.find((l) => l.approvalStatus === 'rejected' && l.timeLogId)!;
  expect(before.value.logs.some((l) => l.fixed)).toBe(false);
  const r = await w.punch(['edit', target.timeLogId!, '--hours', '00:15']);
  expect(r.code, r.stderr).toBe(0);
  const after = await w.punchJson<WeekView>(['week', '--date', lastMonday]);
  expect(after.value.logs.filter((l) => l.fixed).map((l) => [l.timeLogId, l.hours, l.approvalStatus])).toEqual([
    [target.timeLogId, '00:15', 'rejected'],
  ]);
  const human = await w.punch(['week', '--date', lastMonday]);
  // the log's row read whole: within 100 columns its STATE may go on under itself on the row's next line
  const row = tableRows(human.stdout, 'ID').find((r) => r.ID === target.timeLogId);
  expect(row, human.stdout).toBeDefined();
  expect(`${row!.HOURS} ${row!.STATE}`).toMatch(/^00:15 .*rejected, fixed$/);
  expect(human.stdout.replace(/\s+/g, ' ')).toContain(
    '1 rejected log was changed since the rejection (rejected, fixed): resubmit the week with `punch submit` to send it for approval; until then the service holds it as rejected.',
  );
  // that sentence within 100 columns (the heading, with the manager's comment, is longer: not wrapped yet)
  const said = human.stdout.split('\n').filter((l) => /rejected log|send it for approval|holds it as rejected/.test(l));
  expect(said.length).toBeGreaterThan(1);
  for (const line of said) expect([...line].length, line).toBeLessThanOrEqual(100);
}, 120_000);

it('refuses to start the timer on a submitted week before it starts, naming an open day; --log-to starts it and its time goes there', async () => {
  const submit = await w.punch(['submit']);
  expect(submit.code, submit.stderr).toBe(0);
  const refused = await w.punch(['timer', 'start', '--job', jobId]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(
    `so time cannot be logged today. Start it with the time going to an open day (${plainDate(lastFriday)} is open)`,
  );
  expect((await w.punchJson<TimerView>(['timer', 'status'])).value.running).toBe(false);
  const started = await w.punchJson<TimerView>([
    'timer',
    'start',
    '--job',
    jobId,
    '--description',
    'on a locked week',
    '--log-to',
    lastFriday,
  ]);
  expect(started.value).toMatchObject({ running: true, logTo: lastFriday });
  expect((await w.punch(['timer', 'status'])).stdout).toContain(`Its time goes to ${plainDate(lastFriday)}`);
  // half an hour later (the clock of this punch moved on)
  const later = { TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs() + 30 * 60_000) };
  const stopped = await w.punchJson<StopResult>(['timer', 'stop'], { env: later });
  expect(stopped.code, stopped.stderr).toBe(0);
  expect(stopped.value.timer.running).toBe(false);
  expect(stopped.value.logged.map((l) => [l.log.workDate, l.log.hours])).toEqual([[lastFriday, '00:30']]);
  expect(
    w.sandbox
      .state()
      .timeLogs.filter((l) => l.description === 'on a locked week')
      .map((l) => [l.workDate, l.minutes]),
  ).toEqual([[lastFriday, 30]]);
}, 120_000);

it('says when the service does not list logs, so logs made elsewhere may be missing', async () => {
  w.sandbox.configure({ timeLogList: false });
  const r = await w.punch(['week']);
  expect(r.code).toBe(0);
  // a sentence wrapped within 100 columns: read with its lines joined
  expect(r.stdout.replace(/\n(?=\S)/g, ' ')).toContain(
    'This service does not list logs on their own: logs made on its web page or phone app show here only once the week is submitted',
  );
  expect((await w.punchJson<WeekView>(['week'])).value.onlyTimesheetLogs).toBe(true);
}, 120_000);
