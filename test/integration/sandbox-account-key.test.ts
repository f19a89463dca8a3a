/**
 * The built-in sandbox is one account whatever port it listens on: it starts on a random port each time (and has no
 * address until its first call), so the logs and cached weeks of this device must survive a restart of the app.
 */
import { afterEach, expect, it } from 'vitest';
import { memorySecrets } from '../../src/core/account';
import { createPunchcard, type Punchcard } from '../../src/core';
import { onTestClock } from '../fixtures/core-over-sandbox';
import { removeDir, tempDir } from '../fixtures/temp-dirs';
import { TEST_TODAY } from '../fixtures/test-clock';

const dirs: string[] = [];
const cores: Punchcard[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  for (const d of dirs.splice(0)) removeDir(d);
});

async function open(dataDir: string): Promise<Punchcard> {
  const core = await createPunchcard({ dataDir, secrets: memorySecrets(), autoSync: false, ...onTestClock() });
  cores.push(core);
  return core;
}

it('counts the cached week in the reminders right after the week was read', async () => {
  const dataDir = tempDir('punch-sandbox-key-');
  dirs.push(dataDir);
  const core = await open(dataDir);
  const week = await core.handlers.getWeek({ date: TEST_TODAY });
  const reminders = await core.handlers.getReminders({});
  const due = reminders.find((r) => r.kind === 'week-due');
  if (week.totalHours !== '00:00') expect(due?.message ?? '').not.toContain('no hours logged');
});

it("keeps this device's logs of the demo week visible after the app restarts on a new port", async () => {
  const dataDir = tempDir('punch-sandbox-key-');
  dirs.push(dataDir);
  const today = TEST_TODAY;
  const first = await open(dataDir);
  const jobs = await first.handlers.listJobs({});
  const logged = await first.handlers.logTime({
    jobId: jobs[0].jobId,
    workDate: today,
    hours: '00:30',
    billable: true,
    description: 'before the restart',
  });
  const firstUrl = (await first.handlers.getAccount({})).baseUrl;
  await first.close();
  cores.splice(cores.indexOf(first), 1);

  const second = await open(dataDir);
  const week = await second.handlers.getWeek({ date: today });
  expect((await second.handlers.getAccount({})).baseUrl).not.toBe(firstUrl);
  expect(week.logs.map((l) => l.localId)).toContain(logged.log.localId);
});
