/**
 * 15. Undo of several logs at once (src/core/undo-batch.ts): what taking back a week's copy costs, one Undo of the batch
 * against the way there was before it (one delete per log, as the Week tab's day panel or `punch delete` does it). Both
 * on the real core over a sandbox, five logs synced on five days, the weeks read fresh: the requests each makes, the
 * call's wall time and this process's CPU time (the sandbox runs in it too).
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { someJob, startHarness } from '../test/fixtures/logging-harness';
import { TEST_TODAY } from '../test/fixtures/test-clock';
import { addDays, weekStartOf } from '../src/shared/time/week';
import { describe, method, report, summarize } from './measure';

const ROUNDS = 5;

export async function runUndoBatch(): Promise<void> {
  method(
    `${ROUNDS} rounds; each: a batch of 5 logs on last week's Monday to Friday, synced; then undoChange of it, against deleteLog of each log of a second such batch`,
  );
  const days = Array.from({ length: 5 }, (_, i) => addDays(weekStartOf(addDays(TEST_TODAY, -7)), i));
  const undo = { wall: [] as number[], cpu: [] as number[], requests: [] as string[] };
  const each = { wall: [] as number[], cpu: [] as number[], requests: [] as string[] };
  for (let round = 0; round < ROUNDS; round++) {
    const h = await startHarness();
    try {
      const job = await someJob(h.client, h.sandbox.demoUser);
      await h.logging.handlers.listJobs({ status: 'all' });
      await h.logging.handlers.syncNow({});
      const logs = (description: string) => days.map((workDate) => ({ ...job, workDate, hours: '00:05', billable: true, description }));
      const measure = async (into: typeof undo, work: () => Promise<unknown>) => {
        h.sandbox.resetRequests();
        const cpu = process.cpuUsage();
        const t0 = performance.now();
        await work();
        into.wall.push(performance.now() - t0);
        const used = process.cpuUsage(cpu);
        into.cpu.push((used.user + used.system) / 1000);
        into.requests.push(
          h.sandbox
            .requests()
            .map((r) => r.path.split('/').pop())
            .join(' '),
        );
      };
      const a = await h.logging.handlers.logBatch({ logs: logs('undone at once') });
      await measure(undo, () => h.logging.handlers.undoChange({ id: a.undoId! }));
      const b = await h.logging.handlers.logBatch({ logs: logs('deleted one by one') });
      await measure(each, async () => {
        for (const i of b.items) await h.logging.handlers.deleteLog({ localId: i.localId! });
      });
    } finally {
      await h.close();
      // the harness's data directory is removed by vitest's hooks in a test; here, by the benchmark
      rmSync(h.dataDir, { recursive: true, force: true });
    }
  }
  for (const [label, m] of [
    ['one undo of the batch', undo],
    ['a delete of each of its 5 logs', each],
  ] as const) {
    report(`${label}: wall`, describe(summarize(m.wall)));
    report(`${label}: CPU`, describe(summarize(m.cpu)));
    report(`${label}: requests (round 1)`, m.requests[0] || 'none');
  }
}
