/**
 * A timer left running overnight, caught by `punch status` and `punch timer status` the next morning (issue 27
 * part 4): they say since when it runs and name the command for each answer; the one for "until the end of the day"
 * logs exactly up to it. The setting off (`punch config --catch-forgotten-timer off`) silences them. And the morning
 * reminder: at 10:00 with nothing logged today and nothing running, `punch status` offers to start the timer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TimerView } from '../../src/shared/domain';
import { addDays } from '../../src/shared/time/week';
import { cliClock, startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { TEST_TODAY } from '../fixtures/test-clock';

const MIN = 60_000;
let w: CliWorld;
let job: { jobId: string; jobName: string };
beforeAll(async () => {
  w = await startCliWorld();
  const j = w.sandbox.state().jobs.find((x) => x.jobStatus === 'in-progress' && x.assignedTo.includes(w.sandbox.demoUser))!;
  job = { jobId: j.jobId, jobName: j.jobName };
});
afterAll(async () => {
  await w?.close();
});

/** The test clock `ms` from now (10:00 on the test day). */
const clockAt = (ms: number) => ({
  TEST_CLOCK_OFFSET_MS: String(cliClock.offsetMs() + ms),
  TEST_CLOCK_MONO_OFFSET_MS: String(cliClock.offsetMs() + ms),
});
const logsOf = (description: string) =>
  w.sandbox
    .state()
    .timeLogs.filter((l) => l.user === w.sandbox.demoUser && l.description === description)
    .map((l) => [l.workDate, l.minutes]);

it('punch status says the timer has run since 17:40 yesterday and names the commands; the first logs until 18:00', async () => {
  // started yesterday at 17:40 (16 h 20 min before the test's 10:00)
  const start = await w.punch(['timer', 'start', '--job', job.jobId, '--description', 'forgotten'], {
    env: clockAt(-(16 * 60 + 20) * MIN),
  });
  expect(start.code).toBe(0);

  const status = await w.punch(['status'], { env: clockAt(0) });
  expect(status.code, status.stderr + status.stdout).toBe(0);
  expect(status.stdout).toContain(`The timer on ${job.jobName} has run since 17:40 yesterday: past your end of day.`);
  expect(status.stdout).toContain('Log until the end of that day (18:00): punch timer stop --at "yesterday 18:00"');
  expect(status.stdout).toContain('Log all of it: punch timer stop --yes');
  expect(status.stdout).toContain('Discard the overnight part (log until midnight): punch timer stop --at "today 00:00"');
  // a 12-hour region says both times on its clock; the command keeps the form punch reads
  const us = await w.punch(['status'], { env: { ...clockAt(0), LC_ALL: 'en_US.UTF-8' } });
  expect(us.stdout).toContain('has run since 5:40 PM yesterday: past your end of day.');
  expect(us.stdout).toContain('Log until the end of that day (6:00 PM): punch timer stop --at "yesterday 18:00"');
  const config = await w.punch(['config'], { env: { LC_ALL: 'en_US.UTF-8' } });
  expect(config.stdout).toMatch(/End of my working day:?\s+6:00 PM/);
  const json = await w.punchJson<{ forgottenTimer?: { reasons: string[]; jobName: string } }>(['status'], { env: clockAt(0) });
  expect(json.value.forgottenTimer).toMatchObject({ reasons: ['end-of-day', 'midnight'], jobName: job.jobName });
  const timer = await w.punch(['timer', 'status'], { env: clockAt(0) });
  expect(timer.stdout).toContain('punch timer stop --at "yesterday 18:00"');

  const stop = await w.punch(['timer', 'stop', '--at', 'yesterday 18:00'], { env: clockAt(0) });
  expect(stop.code).toBe(0);
  expect(logsOf('forgotten')).toEqual([[addDays(TEST_TODAY, -1), 20]]);
  expect((await w.punchJson<TimerView>(['timer', 'status'], { env: clockAt(0) })).value.running).toBe(false);
});

it('says nothing of it when the setting is off', async () => {
  const off = await w.punch(['config', '--catch-forgotten-timer', 'off']);
  expect(off.code).toBe(0);
  await w.punch(['timer', 'start', '--job', job.jobId, '--description', 'quiet'], { env: clockAt(-(16 * 60 + 20) * MIN) });
  const status = await w.punch(['status'], { env: clockAt(0) });
  expect(status.stdout).not.toContain('has run since');
  await w.punch(['timer', 'discard'], { env: clockAt(0) });
  await w.punch(['config', '--catch-forgotten-timer', 'on']);
});

it('punch status at 10:00 with nothing logged today offers the timer on the usual job; off, it says nothing', async () => {
  const due = await w.punch(['status'], { env: clockAt(0) });
  expect(due.stdout).toMatch(/Nothing is logged yet today\. Start the timer on .+: punch timer start --job-name ".+"/);
  const early = await w.punch(['status'], { env: clockAt(-30 * MIN) });
  expect(early.stdout).not.toContain('Nothing is logged yet today');
  expect((await w.punch(['config', '--morning-reminder', 'off'])).code).toBe(0);
  const off = await w.punch(['status'], { env: clockAt(0) });
  expect(off.stdout).not.toContain('Nothing is logged yet today');
  const set = await w.punchJson<{ morningReminder: string }>(['config', '--morning-reminder', '9:30']);
  expect(set.value.morningReminder).toBe('09:30');
});
