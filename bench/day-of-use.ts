/**
 * 11. Requests per day of use, counted at the sandbox: an employee's usual day and a busy day, in the app and in
 * `punch` (the days are test/fixtures/day-of-use.ts, shared with test/integration/day-requests.test.ts). Goals (issue
 * 24): the usual day at most 45 requests, the busy day at most 120, both in the app and in `punch`; the service
 * allows about 250 a day per user, the phone's calls not counted.
 */
import { appDay, endpointsOf, punchDay, type Day, type DayCount } from '../test/fixtures/day-of-use';
import { goal, method, report } from './measure';

/** At most this many requests: a day of use stays well inside the service's rate limits (docs/benchmarks.md). */
const GOALS: Record<Day, number> = { usual: 45, busy: 120 };
/**
 * The same days measured before the week was read by need (commit b5dfcd3: the week read whole on every stale look, a pending week on
 * every look, the settings before every `punch log`), with this script.
 */
const BASELINE: Record<`${'app' | 'punch'}-${Day}`, number> = { 'app-usual': 79, 'app-busy': 229, 'punch-usual': 60, 'punch-busy': 171 };

function show(label: string, c: DayCount, key: keyof typeof BASELINE, day: Day): void {
  report(label, goal(c.total, { goal: GOALS[day], atMost: true, baseline: BASELINE[key], unit: 'requests' }));
  report('  by endpoint', endpointsOf(c));
}

export async function runDayOfUse(): Promise<void> {
  method(
    'test/fixtures/day-of-use.ts: the usual day (window opens, timer 09:00-10:00, 7 logs typed by hand, 10 looks at the ' +
      'Week tab 42 minutes apart, submit at 17:30) and a busy day (timer, 19 logs by hand, 25 looks 18 minutes apart, 20 ' +
      'returns to the window, 10 approvals, submit); the app through its store over the core, punch as a process per ' +
      'command; requests counted at the sandbox',
  );
  show('app, usual day (8 logs, 10 looks, submit)', await appDay('usual'), 'app-usual', 'usual');
  show('punch, usual day (timer, 7 log, 10 week, submit)', await punchDay('usual'), 'punch-usual', 'usual');
  show('app, busy day (20 logs, 25 looks, 20 returns, 10 approvals)', await appDay('busy'), 'app-busy', 'busy');
  show('punch, busy day (timer, 19 log, 25 week, 10 approve)', await punchDay('busy'), 'punch-busy', 'busy');
}

if (process.argv[1]?.endsWith('day-of-use.ts')) {
  runDayOfUse().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
