import { APP_TIMEOUT_CASES, runFaultCase } from '/work/wt/h7/test/fixtures/fault-matrix';
const only = process.argv.slice(2);
for (const c of APP_TIMEOUT_CASES.filter((c) => only.length === 0 || only.includes(`${c.mode}-${c.action}`))) {
  const r = await runFaultCase(c);
  console.log(JSON.stringify({ mode: c.mode, action: c.action, held: r.held, answer: r.answer.slice(0, 300), answered: (r.answeredMs / 1000).toFixed(1), synced: r.syncedMs === null ? null : (r.syncedMs / 1000).toFixed(1), writes: r.writes, problems: r.problems, unsettled: r.unsettled }));
}
process.exit(0);
