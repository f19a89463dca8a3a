/**
 * One rate budget per account across processes (account/rate-budget.ts): real `punch` processes on one data
 * directory against one sandbox that enforces a small limit with a lock-out on exceeding it. The processes pace as
 * one client: no 429 at all, every entry on the service exactly once; and a pause the service ordered for one process
 * holds the others (they say until when) instead of sending into the locked endpoint.
 */
import { afterEach, expect, it } from 'vitest';
import type { LogResult } from '../../src/shared/contract';
import type { AppStatus } from '../../src/shared/domain';
import { clockWords } from '../../src/cli/rate-limit';
import { cliClock, freeDay, startCliWorld, type CliRun, type CliWorld } from '../fixtures/cli-harness';

/** Scaled down from the real service's 20 per minute, so the test takes seconds; the lock-out is the real penalty. */
const LIMIT = 2;
const WINDOW_MS = 3_000;
const PROCESSES = 8;

let w: CliWorld | undefined;
afterEach(async () => {
  await w?.close();
  w = undefined;
});

const demoJob = (world: CliWorld) =>
  world.sandbox.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(world.sandbox.demoUser))!.jobId;
const onService = (world: CliWorld, description: string) =>
  world.sandbox.state().timeLogs.filter((l) => l.user === world.sandbox.demoUser && l.description === description);
const explain = (runs: CliRun[]) => runs.map((r, i) => `#${i} exit ${r.code}: ${r.stdout.split('\n')[0]} ${r.stderr.trim()}`).join('\n');

it(`${PROCESSES} punch log started at once share one budget: no 429, each entry on the service exactly once`, async () => {
  w = await startCliWorld({ rateLimits: { timetracker: { limit: LIMIT, windowMs: WINDOW_MS }, lockoutMs: 60_000 } });
  const world = w;
  const env = { PUNCH_RATE_LIMIT: `${LIMIT}/${WINDOW_MS}ms` };
  const day = freeDay(world.sandbox.state(), world.sandbox.demoUser, PROCESSES * 5);
  const jobId = demoJob(world);
  const descriptions = Array.from({ length: PROCESSES }, (_, i) => `budget burst ${i}`);

  const runs = await Promise.all(
    descriptions.map((d) => world.punch(['log', '--job', jobId, '--date', day, '--hours', '00:05', '--description', d], { env })),
  );
  expect(
    runs.map((r) => r.code),
    explain(runs),
  ).toEqual(runs.map(() => 0));
  for (const r of runs) expect(['synced', 'queued']).toContain(r.stdout.split('\n')[0]);

  // whatever answered "queued" is drained by one `punch sync` (it paces too)
  const sync = await world.punch(['sync'], { env });
  expect(sync.code, `${sync.stdout}\n${sync.stderr}`).toBe(0);

  const api = world.sandbox.requests().filter((r) => r.path.startsWith('/api/'));
  expect(
    api.filter((r) => r.status === 429),
    'answers of 429 / lock-out',
  ).toEqual([]);
  for (const d of descriptions) expect(onService(world, d), d).toHaveLength(1);
  // and the pacing was real: no window of any endpoint saw more than the limit
  const byPath = new Map<string, number[]>();
  for (const r of api) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.at]);
  for (const [path, at] of byPath) {
    at.sort((a, b) => a - b);
    for (let i = LIMIT; i < at.length; i++) expect(at[i] - at[i - LIMIT], `${path} request ${i}`).toBeGreaterThanOrEqual(WINDOW_MS - 50);
  }
}, 180_000);

it('a lock-out met by one process makes the next one wait, saying until when, instead of sending', async () => {
  w = await startCliWorld();
  const world = w;
  // Long enough that the three punch starts before the lock-out is checked all fall inside it on a loaded machine
  // (20 s ran out under load, and the second log was sent); the end of the pause is skipped on the child's clock,
  // not waited out, so its length costs nothing.
  const PAUSE_S = 300;
  const day = freeDay(world.sandbox.state(), world.sandbox.demoUser, 10);
  const jobId = demoJob(world);
  // the service answers the next addtimelog with 429 / 7209 and Retry-After
  world.sandbox.fault({ kind: 'http-429', retryAfterSec: PAUSE_S, match: 'addtimelog', times: 1 });

  const first = await world.punchJson<LogResult>([
    'log',
    '--job',
    jobId,
    '--date',
    day,
    '--hours',
    '00:05',
    '--description',
    'met the lock-out',
  ]);
  expect(first.code, first.stderr).toBe(0);
  expect(first.value.state).toBe('queued');
  const adds = () => world.sandbox.requests().filter((r) => r.path.endsWith('/addtimelog'));
  expect(adds().map((r) => r.status)).toEqual([429]);

  const status = await world.punchJson<AppStatus>(['status']);
  const until = status.value.rateLimited?.until ?? 0;
  expect(status.value.rateLimited?.endpoints).toEqual(['timetracker/addtimelog']);
  expect(until).toBeGreaterThan(cliClock.now());
  expect(until).toBeLessThanOrEqual(cliClock.now() + PAUSE_S * 1_000);

  // another process: nothing goes to the locked endpoint; it answers "queued" and says until when
  const second = await world.punch(['log', '--job', jobId, '--date', day, '--hours', '00:05', '--description', 'waited it out']);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout.split('\n')[0]).toBe('queued');
  expect(second.stdout).toContain(`Queued (rate limited until ${clockWords(until, cliClock.now())})`);
  const human = await world.punch(['status']);
  expect(human.stdout).toContain(`The service asked Punchcard to wait until ${clockWords(until, cliClock.now())} (too many requests)`);
  expect(adds()).toHaveLength(1);

  // once the pause is over, one `punch sync` sends both, once each (the clock of the punch started next is moved past
  // the pause rather than waited out: the pause is a time on that clock, kept in the account's budget file)
  cliClock.skip(Math.max(0, until - cliClock.now()) + 200);
  const sync = await world.punch(['sync']);
  expect(sync.code, `${sync.stdout}\n${sync.stderr}`).toBe(0);
  expect(onService(world, 'met the lock-out')).toHaveLength(1);
  expect(onService(world, 'waited it out')).toHaveLength(1);
  expect((await world.punchJson<AppStatus>(['status'])).value.rateLimited).toBeUndefined();
}, 120_000);
