/**
 * 10. Requests per day of use, counted at the sandbox (its request log): the service allows about 20 calls a minute
 * per endpoint and about 250 a day per user (real-service-notes "Rate limits"), and the week must still be fresh
 * enough to be true when the user acts on it (PRODUCT "Not the only writer").
 *
 * The scripted day, on a clock the script moves (Wednesday 08:55 to 17:30, local), the same for every version:
 * - **app** (the core over HTTP, as web mode and Electron run it, driven through the renderer's own store and push
 *   events, in Node): the window opens (everything the window loads); the timer runs 09:00-10:00 (log 1); seven logs
 *   typed by hand through the day, each checked once as typed (the form's live check) then logged; ten looks at the
 *   Week tab, each followed by a return to Track, at least a minute apart; the week submitted at 17:30 (preview, submit).
 *   What the screens do when shown (`week.show`, `today.show`, the focus handler) is called when the store has it: a
 *   version without it did nothing there (the Week tab showed what it had). Then the same day with ten returns to
 *   the window (focus) added.
 * - **punch** (a new process per command, the sources through tsx, the day's hour given by
 *   test/fixtures/shifted-date.mjs): `timer start` / `timer stop`, seven `log`, ten `week`, one `submit`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { memorySecrets } from '../src/core/account/secrets';
import { createPunchcard } from '../src/core/punchcard';
import { createAppStore, loadEverything, type AppStore } from '../src/renderer/src/store/index';
import { subscribeToEvents } from '../src/renderer/src/store/events';
import { startSandbox, type Sandbox } from '../src/sandbox/index';
import { apiOver } from '../test/fixtures/api-over-core';
import { runPunch } from '../test/integration/cli-harness';
import { method, report, tempDir } from './measure';

const DAY = '2026-11-18';
const at = (hh: number, mm = 0) => {
  const [y, m, d] = DAY.split('-').map(Number);
  return new Date(y, m - 1, d, hh, mm).getTime();
};
const settle = () => new Promise((r) => setTimeout(r, 60));
/** No pacing waits: the script moves hours in seconds, and only the count of requests is measured here. */
const NO_WAITS = { policy: { timetrackerRate: { limit: 10_000, windowMs: 60_000 } } };

interface Count {
  total: number;
  byEndpoint: Map<string, number>;
}

function count(sb: Sandbox): Count {
  const byEndpoint = new Map<string, number>();
  const api = sb.requests().filter((r) => r.path.startsWith('/api/'));
  for (const r of api) {
    const name = r.path.replace(/^\/api\/(timetracker\/)?/, '');
    byEndpoint.set(name, (byEndpoint.get(name) ?? 0) + 1);
  }
  return { total: api.length, byEndpoint };
}

function show(label: string, c: Count): void {
  const parts = [...c.byEndpoint]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  report(label, `${c.total} requests (${parts})`);
}

/** What a screen does when it is shown, if this version's store does anything then. */
async function shown(store: AppStore, screen: 'week' | 'track'): Promise<void> {
  const s = store.getState() as unknown as Record<string, Record<string, unknown>>;
  (s.ui.show as (x: string) => void)(screen);
  const hook = (screen === 'week' ? s.week.show : s.today.show) as (() => Promise<void>) | undefined;
  if (hook) await hook();
  await settle();
}

async function appDay(focusReturns: number): Promise<Count> {
  const sb = await startSandbox({ today: DAY });
  const dir = tempDir('punch-bench-day-');
  let now = at(8, 55);
  const core = await createPunchcard({
    dataDir: dir.dir,
    secrets: memorySecrets(),
    clock: { now: () => now },
    pacing: NO_WAITS,
    env: { baseUrl: sb.url, token: sb.demoToken, user: sb.demoUser },
  });
  try {
    const api = apiOver(core);
    const store = createAppStore({ api, now: () => now });
    const off = subscribeToEvents(store, api);
    await loadEverything(store);
    await settle();
    const job = store.getState().jobs.list.find((j) => j.jobStatus === 'in-progress')!;
    const focus = store.getState().ui as unknown as { regainedFocus?: () => Promise<void> };
    now = at(9);
    await store.getState().timer.start({ jobId: job.jobId, jobName: job.jobName });
    now = at(10);
    await store.getState().timer.stop();
    await settle();
    let focusLeft = focusReturns;
    for (let i = 0; i < 10; i++) {
      now = at(10, 20 + i * 42);
      await shown(store, 'week');
      now += 2 * 60_000;
      await shown(store, 'track');
      if (i < 7) {
        const fields = {
          jobId: job.jobId,
          jobName: job.jobName,
          workDate: DAY,
          hours: '00:30',
          billable: true,
          description: `task ${i + 1}`,
        };
        now += 60_000;
        await store.getState().logForm.check(fields);
        await store.getState().logForm.log(fields);
        await settle();
      }
      if (focusLeft > 0 && focus.regainedFocus) {
        now += 5 * 60_000;
        await focus.regainedFocus();
        await settle();
        focusLeft--;
      }
    }
    now = at(17, 30);
    await shown(store, 'week');
    await store.getState().week.loadPreview();
    const ok = await store.getState().week.submit();
    await settle();
    if (!ok) throw new Error(`the submit failed: ${store.getState().week.submitError?.message ?? 'no reason'}`);
    off();
    return count(sb);
  } finally {
    await core.close();
    await sb.close();
    rmSync(dir.dir, { recursive: true, force: true });
  }
}

async function punchDay(): Promise<Count> {
  const sb = await startSandbox({ today: DAY });
  const dir = tempDir('punch-bench-day-cli-');
  const env = (t: number) => ({
    TEST_CLOCK_OFFSET_MS: String(t - Date.now()),
    PUNCH_BASE_URL: sb.url,
    PUNCH_TOKEN: sb.demoToken,
    PUNCH_USER: sb.demoUser,
    PUNCH_DATA_DIR: dir.dir,
    XDG_CONFIG_HOME: join(dir.dir, 'xdg'),
    PUNCH_RATE_LIMIT: '10000/60s',
  });
  const job = sb.state().jobs.find((j) => j.jobStatus === 'in-progress' && j.assignedTo.includes(sb.demoUser))!;
  const punch = async (t: number, args: string[]) => {
    const r = await runPunch(args, env(t));
    if (r.code !== 0) throw new Error(`punch ${args.join(' ')} exited ${r.code}: ${r.stderr.split('\n')[0]}`);
  };
  try {
    await punch(at(9), ['timer', 'start', '--job', job.jobId]);
    await punch(at(10), ['timer', 'stop']);
    for (let i = 0; i < 10; i++) {
      const t = at(10, 20 + i * 42);
      await punch(t, ['week']);
      if (i < 7) await punch(t + 3 * 60_000, ['log', '--job', job.jobId, '--hours', '00:30', '--description', `task ${i + 1}`]);
    }
    await punch(at(17, 30), ['submit']);
    return count(sb);
  } finally {
    await sb.close();
    rmSync(dir.dir, { recursive: true, force: true });
  }
}

export async function runDayOfUse(): Promise<void> {
  method(
    'a scripted day (bench/day-of-use.ts): window opens, timer 09:00-10:00, 7 logs typed by hand, 10 looks at the Week tab a minute or more apart, submit at 17:30; requests counted at the sandbox',
  );
  show('app (core + renderer store), the day', await appDay(0));
  show('app, the day with 10 returns to the window', await appDay(10));
  show('punch (timer start/stop, 7 log, 10 week, submit)', await punchDay());
}

if (process.argv[1]?.endsWith('day-of-use.ts')) {
  runDayOfUse().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
