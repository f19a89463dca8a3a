/**
 * punch counts the user's days in the zone they chose (`punch config --time-zone`, the app's "Count my days in"): on a
 * computer in New York set to Europe/Berlin, at 20:30 on a Sunday in New York (02:30 on Monday in Berlin), `punch log`
 * logs to Berlin's Monday by default and the sandbox (whose today is Berlin's) takes it; `today` and `yesterday` are
 * Berlin's; `punch week` shows Berlin's week. With `system`, New York's, as before. Real `punch` processes, real sandbox.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { WeekView } from '../../src/shared/domain';
import { startCliWorld, type CliWorld } from '../fixtures/cli-harness';
import { removeDir, tempDir } from '../fixtures/temp-dirs';

/** Sunday 22 Nov 2026, 20:30 in New York (UTC-5) = Monday 23 Nov, 02:30 in Berlin (UTC+1). */
const AT = Date.parse('2026-11-23T01:30:00Z');
const BERLIN_DAY = '2026-11-23';
const NEW_YORK_DAY = '2026-11-22';
/** Every punch here: a computer in New York, its clock held at AT. */
const inNewYork = { TZ: 'America/New_York', TEST_CLOCK_AT_MS: String(AT) };

let w: CliWorld;
let jobId: string;
const dirs: string[] = [];

beforeAll(async () => {
  w = await startCliWorld({ today: BERLIN_DAY });
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
});
afterAll(async () => {
  await w?.close();
  for (const d of dirs) removeDir(d);
});

it("logs to the chosen zone's today by default, reads today and yesterday there, and shows its week", async () => {
  const env = { ...inNewYork, PUNCH_DATA_DIR: tempDir('punch-cli-user-day-') };
  dirs.push(env.PUNCH_DATA_DIR);
  expect((await w.punch(['config', '--time-zone', 'Europe/Berlin'], { env })).code).toBe(0);

  const logged = await w.punchJson<LogResult>(['log', '--job', jobId, '--hours', '1:00', '--description', 'cli at night'], { env });
  expect(logged.code).toBe(0);
  expect(logged.value.log.workDate).toBe(BERLIN_DAY);
  expect(logged.value.state).toBe('synced');
  const onService = (d: string) =>
    w.sandbox
      .state()
      .timeLogs.filter((l) => l.description === d)
      .map((l) => l.workDate);
  expect(onService('cli at night')).toEqual([BERLIN_DAY]);

  const yesterday = await w.punchJson<LogResult>(
    ['log', '--job', jobId, '--hours', '0:30', '--date', 'yesterday', '--description', 'cli yesterday'],
    { env },
  );
  expect(yesterday.value.log.workDate).toBe(NEW_YORK_DAY);

  const week = await w.punchJson<WeekView>(['week'], { env });
  expect(week.value.weekStart).toBe(BERLIN_DAY);
  expect(week.value.logs.map((l) => l.description)).toContain('cli at night');
});

it("keeps this computer's days with the zone at system", async () => {
  const env = { ...inNewYork, PUNCH_DATA_DIR: tempDir('punch-cli-user-day-') };
  dirs.push(env.PUNCH_DATA_DIR);
  const week = await w.punchJson<WeekView>(['week'], { env });
  expect(week.code).toBe(0);
  expect(week.value.weekStart).toBe('2026-11-16');
  expect(week.value.days.map((d) => d.date)).toContain(NEW_YORK_DAY);
});
