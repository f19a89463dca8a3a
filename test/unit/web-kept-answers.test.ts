/**
 * The first screen's answers kept ready by web mode's server (src/web/kept-answers.ts): a page is given answers worked
 * out before it was asked, and never ones that a change made since could have made wrong.
 * @inner src/core/dispatch.ts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/core/context';
import { createDispatcher } from '../../src/core/dispatch';
import { OPERATION_NAMES, type Handlers } from '../../src/shared/contract';
import type { FirstAnswers } from '../../src/shared/first-screen/answers';
import { keepFirstAnswers, type KeptAnswers } from '../../src/web/kept-answers';
import { startWebServer, type WebServer } from '../../src/web/server';
import { runningClock, TEST_NOW, TEST_TODAY } from '../fixtures/test-clock';
import { dayIn } from '../../src/shared/time/zone';
import { localDate } from '../../src/shared/time/week';

const DAY = '2026-11-27';

/** A core whose state is one number; the first screen's answers say it. Each run of the work can be held. */
function fakeCore(day = DAY) {
  const bus = createEventBus();
  let state = 1;
  const runs: Array<{ release: () => void; began: number }> = [];
  const waiters: Array<() => void> = [];
  let hold = false;
  const answers = (s: number): FirstAnswers => ({ date: day, answers: [{ name: 'getTimer', input: {}, value: { state: s } }] });
  const work = async (): Promise<FirstAnswers> => {
    const began = state;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    runs.push({ release, began });
    for (const w of waiters.splice(0)) w();
    if (hold) await released;
    return answers(began);
  };
  /** Resolves once the work has run `n` times in all. */
  const ran = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (runs.length >= n ? resolve() : waiters.push(check));
      check();
    });
  return {
    bus,
    work,
    runs,
    ran,
    hold: (on: boolean) => (hold = on),
    change: () => {
      state += 1;
      bus.emit('ledger', { weekStarts: [] });
    },
    set: (s: number) => (state = s),
    get state() {
      return state;
    },
  };
}

const stateIn = (script: string) =>
  (JSON.parse(/id="punchcard-first-answers">([^<]*)<\/script>/.exec(script)![1]) as FirstAnswers).answers[0].value as { state: number };

let kept: KeptAnswers | undefined;
afterEach(() => kept?.close());

describe("the first screen's answers kept ready", () => {
  it('gives a page the answers worked out while the server was idle, with no core work on its way', async () => {
    const core = fakeCore();
    kept = keepFirstAnswers({ work: core.work, subscribe: core.bus.on, today: () => DAY, settleMs: 0 });
    kept.start();
    await core.ran(1);
    await new Promise((r) => setImmediate(r));
    const script = await kept.script();
    expect(stateIn(script)).toEqual({ state: 1 });
    expect(core.runs).toHaveLength(1);
  });

  it('works them out again for a page asked for after a change the core pushed, before the quiet time is over', async () => {
    const core = fakeCore();
    kept = keepFirstAnswers({ work: core.work, subscribe: core.bus.on, today: () => DAY, settleMs: 60_000 });
    kept.start();
    // nothing kept yet (the quiet time is long): the page's own run, then kept
    expect(stateIn(await kept.script())).toEqual({ state: 1 });
    core.change();
    expect(stateIn(await kept.script())).toEqual({ state: 2 });
  });

  it('never gives answers begun before a change that came while they were worked out', async () => {
    const core = fakeCore();
    kept = keepFirstAnswers({ work: core.work, subscribe: core.bus.on, today: () => DAY, settleMs: 0 });
    core.hold(true);
    kept.start();
    await core.ran(1); // the idle run has begun, at state 1
    core.change(); // state 2, pushed while it runs
    const page = kept.script(); // asked now: the run under way is from before the change
    core.runs[0].release();
    await core.ran(2);
    core.runs[1].release();
    expect(stateIn(await page)).toEqual({ state: 2 });
  });

  it('works them out again once the day has turned', async () => {
    const core = fakeCore();
    let today = DAY;
    kept = keepFirstAnswers({ work: core.work, subscribe: core.bus.on, today: () => today, settleMs: 60_000 });
    kept.start();
    await kept.script();
    await kept.script();
    expect(core.runs).toHaveLength(1);
    today = '2026-11-28';
    await kept.script();
    expect(core.runs).toHaveLength(2);
  });
});

describe("web mode's page with the kept answers", () => {
  let server: WebServer | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers a page from what it kept, and a call that changed something makes the next page say the change', async () => {
    // the server reads the test's day and hour (its kept answers are for the day the core answers for)
    const clock = runningClock();
    const core = fakeCore(TEST_TODAY);
    const handlers = Object.fromEntries(OPERATION_NAMES.map((name) => [name, async () => ({})])) as unknown as Handlers;
    handlers.getFirstScreen = () => core.work() as never;
    handlers.discardTimer = async () => {
      core.set(core.state + 10); // a change the core does not push (the page's next answers must say it all the same)
      return {} as never;
    };
    dir = await mkdtemp(join(tmpdir(), 'punch-web-kept-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><body><p>Punchcard</p></body></html>');
    server = await startWebServer({ core: { dispatch: createDispatcher(handlers), on: core.bus.on }, rendererDir: dir, now: clock.now });
    const first = await fetch(`${server.origin}/rpc/getStatus`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
      body: '{}',
    });
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    await core.ran(1); // worked out while the server was idle, before any page asked
    const page = () => fetch(`${server!.origin}/`, { headers: { Cookie: cookie } }).then((r) => r.text());
    expect(stateIn(await page())).toEqual({ state: 1 });
    expect(core.runs).toHaveLength(1);
    const discarded = await fetch(`${server.origin}/rpc/discardTimer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: '{}',
    });
    expect(await discarded.json()).toEqual({ ok: true, value: {} });
    expect(stateIn(await page())).toEqual({ state: 11 });
  });
});

it("keeps answers made for the user's day in the zone their preferences name, where this process's day is another", async () => {
  const now = TEST_NOW;
  // UTC+14 or UTC-11: at 10:00 here, one of them is on another day whatever this process's zone
  const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((z) => dayIn(z, now) !== localDate(now))!;
  let runs = 0;
  const work = async (): Promise<FirstAnswers> => {
    runs += 1;
    return { date: dayIn(zone, now), answers: [{ name: 'getPreferences', input: {}, value: { timeZone: zone } }] };
  };
  kept = keepFirstAnswers({ work, subscribe: createEventBus().on, now: () => now, settleMs: 0 });
  kept.start();
  await expect.poll(() => runs).toBe(1);
  await new Promise((r) => setImmediate(r));
  await kept.script();
  await kept.script();
  expect(runs).toBe(1);
});
