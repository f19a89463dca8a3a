/**
 * 12. A manager's day in requests: what the service is asked while a manager approves 10
 * timesheets, counted at the sandbox. The real service allows about 20 calls a minute per time-tracker endpoint and
 * about 250 a day per user (real-service-notes "Rate limits"), so requests, not milliseconds, are the figure here.
 *
 * The app's part is driven through the renderer's own store (src/renderer/src/store) over the real core, as a window
 * does (the Api is the core's dispatcher, what the preload and the web bridge forward to), against a sandbox on
 * 127.0.0.1 that the benchmark starts. Pacing is off (UNPACED) so the run takes seconds; it changes no count.
 */
import type { Api } from '../src/shared/contract';
import { OPERATION_NAMES } from '../src/shared/operation-names';
import { memorySecrets } from '../src/core/account';
import { createPunchcard, type Punchcard } from '../src/core';
import { UNPACED } from '../src/core/service';
import { createAppStore, type AppStore } from '../src/renderer/src/store';
import { withSlice } from '../src/renderer/src/store/later';
import { toBridgeCallError } from '../src/renderer/src/bridge';
import { startSandbox, type Sandbox, type SandboxOptions } from '../src/sandbox/index';
import { goal, method, report, tempDir } from './measure';

/** The day's goal: under 50 calls for 10 approvals; one decision at most 3. */
const DAY_GOAL = 50;
const DECISION_GOAL = 3;
/** Before the call budget was kept (commit 7cb9631), measured by this section: the baseline of each figure. */
const BASELINE = { day: 46, decision: 3, namelessDay: 61, namelessDecision: 4, batch: 22, punchOne: 3, punchTen: 30 } as const;

interface World {
  sb: Sandbox;
  core: Punchcard;
  store: AppStore;
  close(): Promise<void>;
}

async function world(sandboxOpts: SandboxOptions = {}): Promise<World> {
  const sb = await startSandbox(sandboxOpts);
  const data = tempDir('punch-bench-manager-');
  const core = await createPunchcard({
    dataDir: data.dir,
    secrets: memorySecrets(),
    autoSync: false,
    env: { baseUrl: sb.url, token: sb.demoToken, user: sb.demoUser },
    pacing: { policy: { timetrackerRate: UNPACED }, sharedBudget: false },
  });
  const api: Record<string, unknown> = { on: core.on };
  for (const name of OPERATION_NAMES) {
    api[name] = async (input: unknown) => {
      const r = await core.dispatch(name, input);
      if (r.ok) return r.value;
      throw toBridgeCallError(r.error);
    };
  }
  const store = createAppStore({ api: api as Api, now: Date.now });
  await withSlice(store, 'team');
  return {
    sb,
    core,
    store,
    async close() {
      await core.close();
      await sb.close();
      data.remove();
    },
  };
}

const apiCalls = (sb: Sandbox) => sb.requests().filter((r) => r.path.startsWith('/api/'));
const byEndpoint = (sb: Sandbox) => {
  const counts = new Map<string, number>();
  for (const r of apiCalls(sb)) {
    const k = r.path.replace(/^\/api\/(timetracker\/)?/, '');
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
};

/** Open Team, then 10 times: open a timesheet, approve it, back to the list; Refresh after the 3rd, 6th and 9th. */
async function appDay(opts: SandboxOptions): Promise<{ total: number; perDecision: number[]; endpoints: string; approved: number }> {
  const w = await world(opts);
  try {
    const s = () => w.store.getState();
    await s().roles.load();
    await s().team.load();
    const ids = s()
      .team.list.filter((t) => t.status === 'pending')
      .slice(0, 10)
      .map((t) => t.recordId);
    const perDecision: number[] = [];
    for (const [i, id] of ids.entries()) {
      await s().team.open(id);
      const before = apiCalls(w.sb).length;
      if (!(await s().team.decide({ decision: 'approved' }))) throw new Error(`approving ${id} failed: ${s().team.decideError?.message}`);
      perDecision.push(apiCalls(w.sb).length - before);
      s().team.close();
      if (i % 3 === 2) await s().team.load();
    }
    const approved = w.sb.state().timesheets.filter((t) => ids.includes(t.timesheetId) && t.status !== 'pending').length;
    return { total: apiCalls(w.sb).length, perDecision, endpoints: byEndpoint(w.sb), approved };
  } finally {
    await w.close();
  }
}

/** Open Team, select every pending timesheet, Approve N. */
async function appBatch(): Promise<{ total: number; decided: number }> {
  const w = await world();
  try {
    const s = () => w.store.getState();
    await s().team.load();
    s().team.selectAll(true);
    const n = s().team.selected.length;
    await s().team.decideSelected({ decision: 'approved' });
    return { total: apiCalls(w.sb).length, decided: n - s().team.selected.length };
  } finally {
    await w.close();
  }
}

/** `punch approve <id>...` as a fresh process would: a new core that has seen nothing yet. */
async function punchApprove(count: number): Promise<number> {
  const w = await world();
  try {
    const me = w.sb.demoUser;
    const ids = w.sb
      .state()
      .timesheets.filter((t) => t.status === 'pending' && t.user !== me)
      .slice(0, count)
      .map((t) => t.timesheetId);
    w.sb.resetRequests();
    const r =
      count === 1
        ? await w.core.dispatch('decideTimesheet', { id: ids[0], decision: 'approved' })
        : await w.core.dispatch('decideTimesheets', { ids, decision: 'approved' });
    if (!r.ok) throw new Error(r.error.message);
    return apiCalls(w.sb).length;
  } finally {
    await w.close();
  }
}

export async function runManagerDay(): Promise<void> {
  method(
    'the renderer store over the real core, a fresh data dir, the built-in demo company (Maya Patel, 10 pending ' +
      'timesheets of others); requests counted at the sandbox, pacing off. Day: roles, open Team, then 10 x (open a ' +
      'timesheet, Approve, back), Refresh after the 3rd, 6th and 9th.',
  );
  const day = await appDay({});
  report("a manager's day, 10 approvals (app)", goal(day.total, { goal: DAY_GOAL, baseline: BASELINE.day, unit: 'requests' }));
  report(
    '  of which per decision (Approve pressed)',
    goal(Math.max(...day.perDecision), { goal: DECISION_GOAL, baseline: BASELINE.decision, unit: 'requests', atMost: true }),
  );
  report('  by endpoint', day.endpoints);
  report('  approved on the service', `${day.approved} of 10`);
  // As an independent implementation of the service answers: list rows that name nobody (the contract leaves list fields
  // open), so whose each row is must be found another way.
  const nameless = await appDay({ timesheetListEmployee: 'none' });
  report(
    'the same day, list rows naming nobody (app)',
    goal(nameless.total, { goal: DAY_GOAL, baseline: BASELINE.namelessDay, unit: 'requests' }),
  );
  report(
    '  of which per decision (Approve pressed)',
    goal(Math.max(...nameless.perDecision), { goal: DECISION_GOAL, baseline: BASELINE.namelessDecision, unit: 'requests', atMost: true }),
  );
  report('  by endpoint', nameless.endpoints);
  // A service where neither the list nor the detail's timesheet names the employee, only its time logs do (an
  // email and a record id), and no employee directory is on disk yet: each person is read once by name
  // (src/core/team/people.ts), kept for the rest of the day.
  const logsOnly = await appDay({ timesheetListEmployee: 'none', timesheetDetailEmployee: 'logs' });
  report(
    'the same day, only the logs name the employee (app)',
    goal(logsOnly.total, { goal: DAY_GOAL, baseline: BASELINE.namelessDay, unit: 'requests' }),
  );
  report(
    '  of which per decision (Approve pressed)',
    goal(Math.max(...logsOnly.perDecision), { goal: DECISION_GOAL, baseline: BASELINE.namelessDecision, unit: 'requests', atMost: true }),
  );
  report('  by endpoint', logsOnly.endpoints);
  const batch = await appBatch();
  report(
    'open Team, Approve all pending at once (app)',
    goal(batch.total, { goal: 10 + 5, baseline: BASELINE.batch, unit: 'requests' }) + `; ${batch.decided} decided`,
  );
  report(
    'punch approve <id>, nothing known yet',
    goal(await punchApprove(1), { goal: DECISION_GOAL, baseline: BASELINE.punchOne, unit: 'requests', atMost: true }),
  );
  report(
    'punch approve <10 ids>, nothing known yet',
    goal(await punchApprove(10), { goal: 10 + 3, baseline: BASELINE.punchTen, unit: 'requests' }),
  );
}
