/**
 * A stop of the timer is safe at every instant (src/core/timer/README.md "A stop"): `punch timer stop`, a real process,
 * is SIGKILLed right after each of its writes (PUNCH_TEST_KILL_AT names the step: after its logs are durable in the
 * journal, after the timer's file is cleared) and at random moments (while it reads the rules, records, clears, syncs).
 * After each kill a fresh `punch sync` and `punch timer status` run, and the service holds exactly one log of the
 * timer's time with the timer stopped, or none with the timer still running (which a normal stop then logs once).
 * Never none with the timer gone, never two.
 *
 * The process killed is always a real `punch`, and so is the fresh `punch sync` after it (a new process opens what the
 * killed one left); the timer's start before each stop and the look at the timer after the sync run in this process
 * (`w.punchHere`: the same runCli and core on the same data directory and clock, test/fixtures/cli-in-process.ts),
 * where a node start each proved nothing more: about a third fewer starts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TimerView } from '../../src/shared/domain';
import { listDamage } from '../../src/core/store';
import { startCliWorld, startPunch, type CliWorld } from '../fixtures/cli-harness';
import { TEST_NOW } from '../fixtures/test-clock';

const MIN = 60_000;
/**
 * Each child's clock held at a minute of the test day when it starts (test/fixtures/shifted-date.mjs TEST_CLOCK_AT_MS),
 * not an offset from when this file loaded: on a loaded machine a stop that starts 30 s late would otherwise log a
 * timer of 5 minutes as 6.
 */
const heldAt = (base: number) => (ms: number) => ({ TEST_CLOCK_AT_MS: String(base + ms) });
/** Random kills (the check: 20), after the steps named. */
const RANDOM_KILLS = 20;
/** How long an unkilled `punch timer stop` took here (measured by the first test): the random kills fall inside it. */
let stopMs = 1_000;

let w: CliWorld;
let jobId: string;
beforeAll(async () => {
  w = await startCliWorld();
  jobId = w.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))!.jobId;
});
afterAll(async () => {
  await w?.close();
});

const logsOf = (tag: string) => w.sandbox.state().timeLogs.filter((l) => l.user === w.sandbox.demoUser && l.description === tag);

interface Outcome {
  /** Logs of the timer on the service after the fresh sync. */
  logs: number;
  running: boolean;
  killed: boolean;
}

/**
 * One timer of 5 minutes, its stop killed (at `step`, or after `lifeMs`), then a fresh sync and a look at the timer.
 * Each timer runs at its own time of the test day (`n` apart), so none overlaps another.
 */
async function killedStop(n: number, tag: string, kill: { step?: string; lifeMs?: number; calibrate?: boolean }): Promise<Outcome> {
  const base = TEST_NOW + n * 6 * MIN;
  const at = heldAt(base);
  const started = await w.punchHere(['timer', 'start', '--job', jobId, '--description', tag], { env: at(0) });
  expect(started.code, started.stderr).toBe(0);
  const began = Date.now();
  const stop = startPunch(['timer', 'stop'], { ...w.env, ...at(5 * MIN), ...(kill.step ? { PUNCH_TEST_KILL_AT: kill.step } : {}) });
  let timer: NodeJS.Timeout | undefined;
  if (kill.lifeMs !== undefined) timer = setTimeout(() => stop.child.kill('SIGKILL'), kill.lifeMs);
  const ended = await stop.done;
  clearTimeout(timer);
  const killed = stop.child.signalCode === 'SIGKILL';
  if (!killed) expect(ended.code, ended.stderr).toBe(0);
  if (kill.calibrate) stopMs = Date.now() - began;
  // a fresh process: it finishes (or rolls back) what the killed one left, and sends what is queued
  const sync = await w.punch(['sync'], { env: at(6 * MIN) });
  expect([0, 3], sync.stderr).toContain(sync.code);
  const status = await w.punchHere(['timer', 'status', '--json'], { env: at(6 * MIN) });
  expect(status.code, status.stderr).toBe(0);
  return { logs: logsOf(tag).length, running: (JSON.parse(status.stdout) as TimerView).running, killed };
}

/** Exactly one log of the timer's 5 minutes and no timer; or none and the timer still running, which then stops once. */
async function expectOnceOrRunning(n: number, tag: string, o: Outcome): Promise<'logged' | 'kept'> {
  expect(o.logs, `${tag}: logs on the service`).toBeLessThanOrEqual(1);
  if (o.logs === 1) {
    expect(o.running, `${tag}: logged, so the timer is stopped`).toBe(false);
    expect(logsOf(tag)[0].minutes).toBe(5);
    return 'logged';
  }
  expect(o.running, `${tag}: nothing logged, so the timer still runs`).toBe(true);
  // the timer that survived is still the same one, and stops into exactly one log
  const again = await w.punch(['timer', 'stop'], { env: heldAt(TEST_NOW + n * 6 * MIN)(5 * MIN) });
  expect(again.code, again.stderr).toBe(0);
  await w.punch(['sync']);
  expect(logsOf(tag).map((l) => l.minutes)).toEqual([5]);
  return 'kept';
}

it('logs the timer once after punch timer stop is killed right after its logs are durable, and after the timer file is cleared', async () => {
  // unkilled first: it logs once, and says how long a stop takes on this machine
  expect(await killedStop(0, 'not killed', { calibrate: true })).toMatchObject({ logs: 1, running: false, killed: false });
  for (const [i, step] of ['stop:recorded', 'stop:settled'].entries()) {
    const n = 1 + i;
    const tag = `kill at ${step}`;
    const o = await killedStop(n, tag, { step });
    expect(o.killed, `${step}: the process killed itself there`).toBe(true);
    // both steps come after the journal holds the stop: the fresh process finishes it, never rolls it back
    expect(o).toMatchObject({ logs: 1, running: false });
    expect(logsOf(tag)[0].minutes).toBe(5);
  }
}, 120_000);

it('logs the old timer once when punch timer start is killed in the middle of a switch, right after its logs are durable', async () => {
  const at = heldAt(TEST_NOW + 40 * 6 * MIN);
  expect((await w.punch(['timer', 'start', '--job', jobId, '--description', 'switched away'], { env: at(0) })).code).toBe(0);
  const other = w.sandbox.state().jobs.filter((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(w.sandbox.demoUser))[1];
  const killed = await w.punch(['timer', 'start', '--job', other.jobId, '--description', 'switched to'], {
    env: { ...at(5 * MIN), PUNCH_TEST_KILL_AT: 'stop:recorded' },
  });
  expect(killed.code).toBeNull(); // SIGKILL: no exit code
  expect((await w.punch(['sync'], { env: at(6 * MIN) })).code).toBe(0);
  // the old timer is finished (its logs were durable), logged once; the new one never started: nothing is running
  expect(logsOf('switched away').map((l) => l.minutes)).toEqual([5]);
  expect((await w.punchJson<TimerView>(['timer', 'status'], { env: at(6 * MIN) })).value.running).toBe(false);
});

it(`never loses nor doubles the timer when punch timer stop is killed at ${RANDOM_KILLS} random moments`, async () => {
  const tally = { logged: 0, kept: 0, killed: 0 };
  for (let i = 0; i < RANDOM_KILLS; i++) {
    const n = 3 + i;
    const tag = `random kill ${i}`;
    // the first half of a stop is node starting and the core opening: most kills fall in the rest, where it reads the
    // rules, records, clears the timer and sends
    const o = await killedStop(n, tag, { lifeMs: Math.floor(stopMs * (0.5 + Math.random() * 0.7)) });
    if (o.killed) tally.killed++;
    tally[await expectOnceOrRunning(n, tag, o)]++;
  }
  expect(listDamage(w.dataDir), 'a kill only ever cuts the end: nothing reported damaged').toEqual([]);
  console.info(
    `timer-stop-kill: ${RANDOM_KILLS} stops (an unkilled one takes ${stopMs} ms), ${tally.killed} killed; ${tally.logged} logged once, ` +
      `${tally.kept} still running afterwards (then stopped once); none lost, none twice`,
  );
}, 600_000);
