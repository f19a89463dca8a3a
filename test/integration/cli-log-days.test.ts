/**
 * `punch log ... --days` over the sandbox (issue 27): the same hours on several days of a past week, one of them full
 * (named with its reason, the others logged, exit 4); weekdays of the current week (a day still to come is named);
 * refused plainly with --date or a list that is no days, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchPreview } from '../../src/shared/domain';
import { addDays } from '../../src/shared/time/week';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

/** Last week's Monday to Friday (the demo user's rejected week: open, with 7:30 to 9:30 logged a day). */
const MONDAY = '2026-11-09';
const FRIDAY = '2026-11-13';
const FULL_DAY = '2026-11-11';

let w: CliWorld;
let jobId: string;
const onService = (description: string) =>
  w.sandbox
    .state()
    .timeLogs.filter((l) => l.user === w.sandbox.demoUser && l.description === description)
    .map((l) => l.workDate)
    .sort();

beforeAll(async () => {
  w = await startCliWorld();
  const s = w.sandbox.state();
  jobId = s.jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
  const used = s.timeLogs.filter((l) => l.user === w.sandbox.demoUser && l.workDate === FULL_DAY).reduce((n, l) => n + l.minutes, 0);
  const left = 600 - used;
  // the rest of the company's 10:00 logged on the service's web page: the day is full
  w.sandbox.elsewhere.log({
    workDate: FULL_DAY,
    hours: `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`,
    jobId,
    description: 'rest of the day elsewhere',
  });
});
afterAll(async () => {
  await w?.close();
});

describe('punch log --days', () => {
  it('logs every day of a past week but the full one, which it names with the reason (exit 4)', async () => {
    const r = await w.punch(['log', '--job', jobId, '--hours', '0:30', '--days', `${MONDAY}..${FRIDAY}`, '--description', 'standup']);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/00:30 on 5 days/);
    // the reason goes on under itself (the table fits 100 columns): read as one text
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /Wed 11 Nov .*skipped: Hours: Wed 11 Nov would have 10:30, over your company's maximum of 10:00 a day/,
    );
    expect(r.stdout).toMatch(/Logged 4 logs; 1 skipped for a rule\./);
    expect(r.stderr).toMatch(/punch: 1 log was not logged: it breaks your company's rules/);
    await w.punch(['sync']);
    expect(onService('standup')).toEqual(['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13']);
  });

  it('exits 0 when every day was logged, and gives each day as keys with --json', async () => {
    const r = await w.punchJson<BatchPreview>([
      'log',
      '--job',
      jobId,
      '--hours',
      '0:15',
      '--days',
      `${MONDAY}..${addDays(MONDAY, 1)}`,
      '--description',
      'retro',
    ]);
    expect(r.code).toBe(0);
    expect(r.value.items.map((i) => [i.log.workDate, i.verdict])).toEqual([
      [MONDAY, 'log'],
      [addDays(MONDAY, 1), 'log'],
    ]);
    await w.punch(['sync']);
    expect(onService('retro')).toEqual([MONDAY, addDays(MONDAY, 1)]);
  });

  it('takes weekdays of the current week, and names a day still to come', async () => {
    const r = await w.punchJson<BatchPreview>([
      'log',
      '--job',
      jobId,
      '--hours',
      '0:15',
      '--days',
      'mon,wed,fri',
      '--description',
      'weekdays',
    ]);
    expect(r.code).toBe(4);
    const monday = addDays(TEST_TODAY, -2);
    expect(r.value.items.map((i) => [i.log.workDate, i.verdict, i.violations?.map((v) => v.rule) ?? []])).toEqual([
      [monday, 'log', []],
      [TEST_TODAY, 'log', []],
      [addDays(TEST_TODAY, 2), 'refused', ['future']],
    ]);
  });

  it('is refused with --date, and for a list that is no days, changing nothing', async () => {
    const both = await w.punch(['log', '--job', jobId, '--hours', '0:15', '--days', 'mon-fri', '--date', 'today', '--description', 'both']);
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/Give either --date or --days, not both/);
    const bad = await w.punch(['log', '--job', jobId, '--hours', '0:15', '--days', 'fri-mon', '--description', 'both']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/"fri-mon" is not a list of days/);
    // a FROM..TO with a side that is no date says which, and every form --days takes
    const odd = await w.punch(['log', '--job', jobId, '--hours', '0:15', '--days', 'mon..zz', '--description', 'both']);
    expect(odd.code).toBe(1);
    expect(odd.stderr).toMatch(/--days: "zz" in "mon\.\.zz" is not a date\. FROM\.\.TO takes two dates .*mon,tue,fri.*mon-fri/);
    const dots = await w.punch(['log', '--job', jobId, '--hours', '0:15', '--days', 'mon..fri', '--description', 'both']);
    expect(dots.code).toBe(1);
    expect(dots.stderr).toMatch(/joins weekdays with "\.\.", which takes dates\. A range of weekdays takes a dash: mon-fri/);
    const order = await w.punch(['log', '--job', jobId, '--hours', '0:15', '--days', `${FRIDAY}..${MONDAY}`, '--description', 'both']);
    expect(order.code).toBe(1);
    expect(order.stderr).toMatch(/is before/);
    expect(onService('both')).toEqual([]);
    expect((await w.punchJson<unknown[]>(['outbox'])).value.filter((e: any) => e.state !== 'synced')).toEqual([]);
  });
});
