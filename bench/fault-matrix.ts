/**
 * 8. Failures of the network: the core's fault matrix (test/fixtures/fault-matrix.ts, the same runner
 * test/integration/fault-matrix.test.ts asserts with) run once, every case printed: mode × scope × action -> held
 * (the effect on the service exactly once, nothing needing attention, the week total true, answered within 15 s),
 * copies on the service, seconds for the action to answer, seconds until synced after the network came back, and
 * how many times the write was sent. Then the four cases with the app's own client timeouts (30 s per request),
 * whose figure is how long the user waits. About 1 minute plus up to 3 for the app-timeout cases.
 *   npm run bench -- faults
 *   npx tsx bench/fault-matrix.ts [mode ...]      (only those modes)
 * Figures, not assertions: a case that does not hold is printed with why.
 */
import {
  allFaultCases,
  APP_TIMEOUT_CASES,
  DEFAULT_TIMING,
  MATRIX_ACTIONS,
  MATRIX_MODES,
  runFaultCase,
  type FaultCase,
  type FaultCaseResult,
  type MatrixMode,
} from '../test/fixtures/fault-matrix';
import { method } from './measure';

const secs = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

function copiesWords(r: FaultCaseResult): string {
  return r.case.action === 'delete' ? `${r.copies} left` : `${r.copies}`;
}

export async function runFaultMatrix(modes: readonly MatrixMode[] = MATRIX_MODES): Promise<FaultCaseResult[]> {
  method(
    `each case: a fresh sandbox behind the fault proxy (test/tools/fault-proxy.ts), the logging core with a ` +
      `${DEFAULT_TIMING.clientTimeoutMs / 1000} s client timeout, a synced log first (edit, delete, submit); fault on, action timed, ` +
      `fault off, syncNow, outbox polled until nothing is queued or sending (submit: the user submits again unless the week shows ` +
      `submitted); then the sandbox's own state is counted. "service": every request fails; "write": only the action's write. ` +
      `slow holds the answer ${(2 * DEFAULT_TIMING.clientTimeoutMs) / 1000} s.`,
  );
  const matrix = allFaultCases(modes);
  const results = await table(matrix);
  const held = results.filter((r) => r.held).length;
  const synced = results.map((r) => r.syncedMs).filter((x): x is number => x !== null);
  console.log(
    `  cases held: ${held} of ${matrix.length} (${MATRIX_ACTIONS.length} actions; every mode on the whole service, and on the write only where a proxy can aim it); ` +
      `slowest answer ${secs(Math.max(...results.map((r) => r.answeredMs)))}; slowest recovery ${secs(synced.length ? Math.max(...synced) : null)}`,
  );

  const appCases = APP_TIMEOUT_CASES.filter((c) => modes.includes(c.mode));
  if (appCases.length > 0) {
    console.log(`\n  with the app's own client (DEFAULT_POLICY: 30 s per request; slow holds the answer 20 s): how long the user waits`);
    const app = await table(appCases);
    console.log(
      `  app-timeout cases held: ${app.filter((r) => r.held).length} of ${appCases.length}; slowest answer ${secs(Math.max(...app.map((r) => r.answeredMs)))}`,
    );
    results.push(...app);
  }
  // a mode holds when every case of it held, the app-timeout ones included
  const expected = [...matrix, ...appCases];
  const modesHeld = modes.filter((m) => {
    const of = results.filter((r) => r.case.mode === m);
    return of.length === expected.filter((c) => c.mode === m).length && of.every((r) => r.held);
  });
  const notHeld = modes.filter((m) => !modesHeld.includes(m));
  console.log(`\n  modes held: ${modesHeld.length} of ${modes.length}${notHeld.length ? ` (not held: ${notHeld.join(', ')})` : ''}`);
  return results;
}

/** Runs the cases one after another, printing a row each (and why, for a case that did not hold). */
async function table(cases: FaultCase[]): Promise<FaultCaseResult[]> {
  const results: FaultCaseResult[] = [];
  console.log(
    `  ${'mode'.padEnd(22)} ${'scope'.padEnd(8)} ${'action'.padEnd(7)} ${'held'.padEnd(5)} ${'copies'.padEnd(7)} ${'answer'.padEnd(9)} ${'answered in'.padEnd(12)} ${'synced after'.padEnd(13)} writes sent`,
  );
  for (const c of cases) {
    let r: FaultCaseResult;
    try {
      r = await runFaultCase(c);
    } catch (e) {
      console.log(`  ${c.mode.padEnd(22)} ${c.scope.padEnd(8)} ${c.action.padEnd(7)} setup failed: ${(e as Error).message.split('\n')[0]}`);
      continue;
    }
    results.push(r);
    const answer = r.answer.startsWith('error') ? 'error' : r.answer.startsWith('submitted') ? 'done' : r.answer;
    console.log(
      `  ${c.mode.padEnd(22)} ${c.scope.padEnd(8)} ${c.action.padEnd(7)} ${(r.held ? 'yes' : 'NO').padEnd(5)} ` +
        `${copiesWords(r).padEnd(7)} ${answer.padEnd(9)} ${secs(r.answeredMs).padEnd(12)} ${secs(r.syncedMs).padEnd(13)} ${r.writes}`,
    );
    if (!r.held) console.log(`      why: ${r.problems.join('; ')}${r.unsettled.length ? `; outbox: ${r.unsettled.join(' | ')}` : ''}`);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.slice(2).filter((a): a is MatrixMode => (MATRIX_MODES as readonly string[]).includes(a));
  runFaultMatrix(only.length ? only : MATRIX_MODES)
    .catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    })
    .finally(() => process.exit());
}
